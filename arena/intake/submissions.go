package intake

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Submission is one group's hand-in: a folder, or a zip unpacked into the
// work folder.
type Submission struct {
	// Group is the folder's or the zip's name, without .zip, e.g.
	// ana_2201234_rui_2205678_P2.
	Group string
	// Source is the folder or zip as handed in.
	Source string
	// Root is the folder its files are in, absolute: Source for a folder;
	// for a zip, its unpacked copy (its one top folder when it has one).
	Root string
}

// List returns the submissions in dirs: each sub-folder (hidden ones and
// __MACOSX aside) and each .zip of each dir, sorted by group; a dir that
// holds Lisp files itself and no sub-folder or zip is one submission. Zips
// are unpacked under work (see unzip), never beside the source.
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
		found := 0
		for _, e := range ents {
			name := e.Name()
			path := filepath.Join(abs, name)
			switch {
			case strings.HasPrefix(name, ".") || name == "__MACOSX":
			case e.IsDir():
				subs = append(subs, Submission{Group: name, Source: path, Root: path})
				found++
			case e.Type().IsRegular() && strings.EqualFold(filepath.Ext(name), ".zip"):
				group := strings.TrimSuffix(name, filepath.Ext(name))
				root, err := unzip(path, filepath.Join(work, "submissions", group))
				if err != nil {
					return nil, fmt.Errorf("submission %s: %w", path, err)
				}
				subs = append(subs, Submission{Group: group, Source: path, Root: root})
				found++
			}
		}
		if found == 0 && slices.ContainsFunc(ents, func(e os.DirEntry) bool { return isSource(e.Name()) }) {
			subs = append(subs, Submission{Group: filepath.Base(abs), Source: abs, Root: abs})
		}
	}
	slices.SortStableFunc(subs, func(a, b Submission) int { return strings.Compare(a.Group, b.Group) })
	return subs, nil
}

// Limits of unzip, so that a zip bomb or a hostile archive cannot fill the
// disk or write outside the work folder.
const (
	maxZipFiles = 2000
	maxZipBytes = 256 << 20 // unpacked, in all
	maxZipFile  = 64 << 20  // unpacked, one file
)

// unzip unpacks the zip at path into dir, which it empties first, and
// returns the submission's root: dir, or the one folder at its top when
// everything is in it. Entries whose names would leave dir (absolute
// paths, ..), links and special files are skipped; more than maxZipFiles
// entries, or more bytes than maxZipBytes in all or maxZipFile in one
// file, whatever the headers say, is an error.
func unzip(path, dir string) (string, error) {
	r, err := zip.OpenReader(path)
	if err != nil {
		return "", err
	}
	defer r.Close()
	if len(r.File) > maxZipFiles {
		return "", fmt.Errorf("%d entries, more than %d", len(r.File), maxZipFiles)
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	var total int64
	tops := map[string]bool{}
	for _, f := range r.File {
		name := strings.ReplaceAll(f.Name, `\`, "/")
		if !filepath.IsLocal(name) || strings.HasPrefix(name, "__MACOSX/") {
			continue
		}
		dest := filepath.Join(dir, filepath.FromSlash(name))
		mode := f.Mode()
		switch {
		case mode.IsDir():
			if err := os.MkdirAll(dest, 0o755); err != nil {
				return "", err
			}
			tops[strings.SplitN(name, "/", 2)[0]+"/"] = true
			continue
		case !mode.IsRegular():
			continue // links and devices are not a submission's
		}
		top, _, nested := strings.Cut(name, "/")
		if nested {
			top += "/"
		}
		tops[top] = true
		n, err := unzipFile(f, dest, min(maxZipFile, maxZipBytes-total))
		total += n
		if err != nil {
			return "", fmt.Errorf("%s: %w", name, err)
		}
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

// errTooBig says that a zip unpacks to more than its limits.
var errTooBig = errors.New("unpacks to more than the limits of a submission (a zip bomb?)")

// unzipFile writes f to dest, at most limit bytes, and returns how many
// it wrote.
func unzipFile(f *zip.File, dest string, limit int64) (int64, error) {
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return 0, err
	}
	rc, err := f.Open()
	if err != nil {
		return 0, err
	}
	defer rc.Close()
	out, err := os.OpenFile(dest, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(out, io.LimitReader(rc, limit+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil && n > limit {
		err = errTooBig
	}
	return n, err
}

// digits finds the student numbers in a group's name.
var digits = regexp.MustCompile(`[0-9]{4,}`)

// groupNumbers returns the student numbers in group joined by _, or "".
func groupNumbers(group string) string {
	return strings.Join(digits.FindAllString(group, -1), "_")
}
