package intake

import (
	"compress/bzip2"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// Submission is one entry of a class folder: a group's hand-in, a
// folder or an archive unpacked into the work folder, or an entry that
// could not be read (Problem).
type Submission struct {
	// Group is the folder's or the archive's name, without its extension,
	// e.g. ana_2201234_rui_2205678_P2.
	Group string
	// Source is the folder or archive as handed in.
	Source string
	// Root is the folder its files are in, absolute: Source for a folder;
	// for an archive, its unpacked copy (its one top folder when it has
	// one).
	Root string
	// Problem, when set, says in one line why the entry cannot take part:
	// an archive arena does not read or that breaks the limits of a
	// submission, a file that is no submission. It is the row's reason.
	Problem string
	// Whole says that the folder given to List is this one submission,
	// not a class folder.
	Whole bool
	// Twins are the other entries of the same group (their Source), e.g.
	// its zip beside its tar.gz: each is a row of its own, unpacked into
	// a folder of its own, and the report says they are one group's.
	Twins []string
}

// List returns the entries of dirs, one per entry of each dir (hidden
// ones and __MACOSX aside), sorted by group (see CompareGroups): a sub-folder is a
// submission; a zip, tar, tar.gz or tar.bz2 is unpacked under work, into
// a folder of its own named after the archive (see unpack), never beside
// the source; an archive that breaks the limits of a submission, any
// other archive and any other file are entries with a Problem, so that
// each has a row and one bad entry does not stop the others. Entries of
// one group (a zip and a tar.gz of one name) are each a row, with their
// Twins. A dir that is one group's submission is one entry with Whole
// set: it holds Lisp files itself and no sub-folder or archive, or its
// name is a group's (see ParseGroup) and none of its entries' is. When
// ctx is done List stops, within an archive too, and returns its error.
func List(ctx context.Context, dirs []string, work string) ([]Submission, error) {
	return list(ctx, dirs, work, submissionLimits())
}

// list is List with the archives unpacked within lim (a test's lower
// limits; List's are a submission's).
func list(ctx context.Context, dirs []string, work string, lim limits) ([]Submission, error) {
	work, err := filepath.Abs(work)
	if err != nil {
		return nil, err
	}
	var subs []Submission
	folders := map[string]bool{} // the folders of work/submissions taken
	for _, dir := range dirs {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, err
		}
		ents, err := os.ReadDir(abs)
		if err != nil {
			return nil, fmt.Errorf("submissions: %w", err)
		}
		if whole(abs, ents) {
			subs = append(subs, Submission{Group: filepath.Base(abs), Source: abs, Root: abs, Whole: true})
			continue
		}
		for _, e := range ents {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			name := e.Name()
			if strings.HasPrefix(name, ".") || name == "__MACOSX" {
				continue
			}
			folder := name
			for k := 2; folders[folder]; k++ {
				folder = fmt.Sprintf("%s-%d", name, k) // the same name in another dir
			}
			folders[folder] = true
			s, err := listEntry(ctx, filepath.Join(abs, name), e, filepath.Join(work, "submissions", folder), lim)
			if err != nil {
				return nil, err
			}
			subs = append(subs, s)
		}
	}
	slices.SortStableFunc(subs, func(a, b Submission) int { return CompareGroups(a.Group, b.Group) })
	byGroup := map[string][]string{}
	for _, s := range subs {
		byGroup[s.Group] = append(byGroup[s.Group], s.Source)
	}
	for i, s := range subs {
		if all := byGroup[s.Group]; len(all) > 1 {
			subs[i].Twins = slices.DeleteFunc(slices.Clone(all), func(src string) bool { return src == s.Source })
		}
	}
	return subs, nil
}

// whole reports whether the folder dir, of entries ents, is one group's
// submission rather than a class folder.
func whole(dir string, ents []os.DirEntry) bool {
	groups, sources := 0, false
	for _, e := range ents {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, ".") || name == "__MACOSX":
		case e.IsDir() || archiveOf(name) != nil:
			groups++
			if isGroup(trimArchive(name)) {
				return false
			}
		case isSource(name):
			sources = true
		}
	}
	return sources && groups == 0 || groups > 0 && isGroup(filepath.Base(dir))
}

// isGroup reports whether name is in the course's shape of a group's
// hand-in: it names students or a group's code.
func isGroup(name string) bool {
	g := ParseGroup(name)
	return len(g.Students) > 0 || g.Display != name
}

// listEntry is the submission of the class folder's entry e at path, an
// archive unpacked into dest within lim; the error is ctx's alone.
func listEntry(ctx context.Context, path string, e os.DirEntry, dest string, lim limits) (Submission, error) {
	name := e.Name()
	s := Submission{Group: trimArchive(name), Source: path, Root: path}
	if !utf8.ValidString(name) {
		s.Problem = "not read: its name is not UTF-8 text: rename it and run intake again"
		return s, nil
	}
	switch a := archiveOf(name); {
	case e.IsDir():
	case !e.Type().IsRegular():
		s.Problem = "not read: not a folder or a file"
	case a == nil:
		s.Problem = "not read: not a folder or an archive arena reads (" + strings.Join(readable(), ", ") + "): put the group's files in a folder and run intake again"
	case a.unpack == nil:
		s.Problem = "not read: " + a.kind + " archive, which arena does not read (it reads " + strings.Join(readable(), ", ") + "): unpack it into a folder and run intake again"
	default:
		root, err := unpack(ctx, path, dest, a, lim)
		if err != nil {
			os.RemoveAll(dest) // what was unpacked before the error
			if cerr := ctx.Err(); cerr != nil {
				return s, cerr
			}
			s.Problem = fmt.Sprintf("not eligible: its %s %v", a.kind, err)
		}
		s.Root = root
	}
	if s.Problem != "" {
		s.Root = ""
	}
	return s, nil
}

// archive is a kind of archive, told by its name's ending.
type archive struct {
	exts []string
	kind string
	// unpack walks the archive at path, calling each for its entries,
	// every byte it decompresses read through m (within lim's stream);
	// nil for a kind arena does not read.
	unpack func(path string, m *meter, lim limits, each func(h header, r io.Reader) error) error
}

// header is what unpack needs of an archive's entry.
type header struct {
	name string
	mode fs.FileMode
	size int64 // what the archive says; the bytes read are counted too
}

// archives are the kinds of archive arena knows: those it reads with Go's
// own packages, and those it names so that the lecturer unpacks them
// (RAR and 7z would need readers from outside Go's standard library, for
// archives a student can as well hand in as a zip).
var archives = []archive{
	{exts: []string{".zip"}, kind: "zip", unpack: walkZip},
	{exts: []string{".tar"}, kind: "tar", unpack: walkTar(nil)},
	{exts: []string{".tar.gz", ".tgz"}, kind: "tar.gz", unpack: walkTar(func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) })},
	{exts: []string{".tar.bz2", ".tbz2"}, kind: "tar.bz2", unpack: walkTar(func(r io.Reader) (io.Reader, error) { return bzip2.NewReader(r), nil })},
	{exts: []string{".rar"}, kind: "RAR"},
	{exts: []string{".7z"}, kind: "7z"},
	{exts: []string{".tar.xz", ".txz", ".xz"}, kind: "xz"},
	{exts: []string{".gz"}, kind: "gzip"},
	{exts: []string{".arj"}, kind: "ARJ"},
	{exts: []string{".cab"}, kind: "CAB"},
}

// archiveOf returns the kind of archive name is, or nil.
func archiveOf(name string) *archive {
	lower := strings.ToLower(name)
	for i, a := range archives {
		for _, ext := range a.exts {
			if strings.HasSuffix(lower, ext) && len(lower) > len(ext) {
				return &archives[i]
			}
		}
	}
	return nil
}

// trimArchive returns name without its archive's extension.
func trimArchive(name string) string {
	if a := archiveOf(name); a != nil {
		lower := strings.ToLower(name)
		for _, ext := range a.exts {
			if strings.HasSuffix(lower, ext) {
				return name[:len(name)-len(ext)]
			}
		}
	}
	return name
}

// readable lists the kinds of archive arena reads.
func readable() []string {
	var kinds []string
	for _, a := range archives {
		if a.unpack != nil {
			kinds = append(kinds, a.kind)
		}
	}
	return kinds
}
