package intake

import (
	"archive/tar"
	"archive/zip"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/arenabots/arena/internal/inert"
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
}

// List returns the entries of dirs, one per entry of each dir (hidden
// ones and __MACOSX aside), sorted by group (see CompareGroups): a sub-folder is a
// submission; a zip, tar, tar.gz or tar.bz2 is unpacked under work (see
// unpack), never beside the source; an archive that breaks the limits of
// a submission, any other archive and any other file are entries with a
// Problem, so that each has a row and one bad entry does not stop the
// others. A dir that is one group's submission is one entry with Whole
// set: it holds Lisp files itself and no sub-folder or archive, or its
// name is a group's (see ParseGroup) and none of its entries' is.
func List(dirs []string, work string) ([]Submission, error) {
	work, err := filepath.Abs(work)
	if err != nil {
		return nil, err
	}
	var subs []Submission
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
			name := e.Name()
			if strings.HasPrefix(name, ".") || name == "__MACOSX" {
				continue
			}
			subs = append(subs, listEntry(filepath.Join(abs, name), e, work))
		}
	}
	slices.SortStableFunc(subs, func(a, b Submission) int { return CompareGroups(a.Group, b.Group) })
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

// listEntry is the submission of the class folder's entry e at path.
func listEntry(path string, e os.DirEntry, work string) Submission {
	name := e.Name()
	s := Submission{Group: trimArchive(name), Source: path, Root: path}
	if !utf8.ValidString(name) {
		s.Problem = "not read: its name is not UTF-8 text: rename it and run intake again"
		return s
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
		dest := filepath.Join(work, "submissions", s.Group)
		root, err := unpack(path, dest, a)
		if err != nil {
			s.Problem = fmt.Sprintf("not eligible: its %s %v", a.kind, err)
			os.RemoveAll(dest) // what was unpacked before the error
		}
		s.Root = root
	}
	if s.Problem != "" {
		s.Root = ""
	}
	return s
}

// archive is a kind of archive, told by its name's ending.
type archive struct {
	exts []string
	kind string
	// unpack walks the archive at path, calling each for its entries;
	// nil for a kind arena does not read.
	unpack func(path string, each func(h header, r io.Reader) error) error
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

// Limits of unpack, so that an archive bomb or a hostile archive cannot
// fill the disk or write outside the work folder.
const (
	maxZipFiles = 2000
	maxZipBytes = 256 << 20 // unpacked, in all
	maxZipFile  = 64 << 20  // unpacked, one file
)

// errTooBig says that an archive unpacks to more than its limits.
var errTooBig = fmt.Errorf("unpacks to more than %d MiB, or %d MiB in one file: more than a submission (an archive bomb?)", maxZipBytes>>20, maxZipFile>>20)

// unpack unpacks the archive at path, of kind a, into dir, which it
// empties first, and returns the submission's root: dir, or the one
// folder at its top when everything is in it. Entries whose names would
// leave dir (absolute paths, ..), links and special files are skipped;
// more than maxZipFiles entries, or more bytes than maxZipBytes in all or
// maxZipFile in one file, whatever the headers say, is an error, as is an
// entry that cannot be written (a file and a folder of one name).
func unpack(path, dir string, a *archive) (string, error) {
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	var total int64
	files := 0
	tops := map[string]bool{}
	err := a.unpack(path, func(h header, r io.Reader) error {
		if files++; files > maxZipFiles {
			return fmt.Errorf("has more than %d entries: more than a submission", maxZipFiles)
		}
		name := strings.ReplaceAll(h.name, `\`, "/")
		if !filepath.IsLocal(name) || strings.HasPrefix(name, "__MACOSX/") {
			return nil
		}
		dest := filepath.Join(dir, filepath.FromSlash(name))
		switch {
		case h.mode.IsDir():
			if err := os.MkdirAll(dest, 0o755); err != nil {
				return entryError(name, err)
			}
			tops[strings.SplitN(name, "/", 2)[0]+"/"] = true
			return nil
		case !h.mode.IsRegular():
			return nil // links and devices are not a submission's
		case h.size > maxZipFile || total+h.size > maxZipBytes:
			return errTooBig
		}
		top, _, nested := strings.Cut(name, "/")
		if nested {
			top += "/"
		}
		tops[top] = true
		n, err := writeEntry(r, dest, min(maxZipFile, maxZipBytes-total))
		total += n
		if err != nil {
			return entryError(name, err)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if len(tops) == 1 {
		for t := range tops {
			if strings.HasSuffix(t, "/") {
				return filepath.Join(dir, strings.TrimSuffix(t, "/")), nil
			}
		}
	}
	return dir, nil
}

// entryError says which entry could not be unpacked, and why, without
// the work folder's path.
func entryError(name string, err error) error {
	if errors.Is(err, errTooBig) {
		return err
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, syscall.ENOTDIR) || errors.Is(err, fs.ErrExist) || errors.Is(err, syscall.EISDIR) {
		return fmt.Errorf("holds %s twice, or as a file and as a folder: %w", inert.Line(name), err)
	}
	return fmt.Errorf("entry %s: %w", inert.Line(name), err)
}

// writeEntry writes r to dest, at most limit bytes, and returns how many
// it wrote.
func writeEntry(r io.Reader, dest string, limit int64) (int64, error) {
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return 0, err
	}
	out, err := os.OpenFile(dest, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(out, io.LimitReader(r, limit+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil && n > limit {
		err = errTooBig
	}
	return n, err
}

// walkZip calls each for the entries of the zip at path.
func walkZip(path string, each func(header, io.Reader) error) error {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return fmt.Errorf("cannot be read: %w", err)
	}
	defer zr.Close()
	if len(zr.File) > maxZipFiles {
		return fmt.Errorf("has %d entries, more than %d: more than a submission", len(zr.File), maxZipFiles)
	}
	var total uint64
	for _, f := range zr.File {
		if total += f.UncompressedSize64; total > maxZipBytes {
			return errTooBig // as its headers say; the bytes are counted too
		}
	}
	for _, f := range zr.File {
		err := func() error {
			h := header{name: f.Name, mode: f.Mode(), size: int64(min(f.UncompressedSize64, 1<<62))}
			if !h.mode.IsRegular() {
				return each(h, nil)
			}
			rc, err := f.Open()
			if err != nil {
				return entryError(f.Name, err)
			}
			defer rc.Close()
			return each(h, rc)
		}()
		if err != nil {
			return err
		}
	}
	return nil
}

// walkTar returns the walk of a tar archive, compressed by what
// decompress undoes (nil: not compressed).
func walkTar(decompress func(io.Reader) (io.Reader, error)) func(string, func(header, io.Reader) error) error {
	return func(path string, each func(header, io.Reader) error) error {
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("cannot be read: %w", err)
		}
		defer f.Close()
		var r io.Reader = f
		if decompress != nil {
			if r, err = decompress(f); err != nil {
				return fmt.Errorf("cannot be read: %w", err)
			}
		}
		tr := tar.NewReader(r)
		for {
			th, err := tr.Next()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("cannot be read: %w", err)
			}
			if err := each(header{name: th.Name, mode: th.FileInfo().Mode(), size: th.Size}, tr); err != nil {
				return err
			}
		}
	}
}
