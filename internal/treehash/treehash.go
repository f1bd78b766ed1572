// Package treehash hashes a bot's files as its sandbox shows them: every
// file of a folder, and where each symbolic link in it leads, so that a
// key made from the hash changes with anything the bot can read there.
// It imports nothing of arena's.
package treehash

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// OutsideError is a symbolic link under a bot's folder that leads out of
// what the bot's sandbox shows it: the bot could not read through it
// there, and its key could not follow what it reads elsewhere.
type OutsideError struct {
	Link   string // the link
	Target string // where it leads, its links resolved
}

func (e *OutsideError) Error() string {
	return fmt.Sprintf("%s is a symbolic link to %s, outside the bot's files: its sandbox shows it no such file; copy the file into the folder, or add its folder to reads:", e.Link, e.Target)
}

// Sum returns the sha256, in hex, of the file at path, or of the folder:
// the relative path and contents of every regular file under it, in
// lexical order, and the relative path of every symbolic link under it
// with where it leads, relative to path. A folder without links sums as
// it did before links counted. view is what the bot's sandbox shows of
// the host's files (path among them): a link whose target, its links
// resolved, is under none of them is an *OutsideError; a link that leads
// nowhere counts by its text. The files and folders skip are left out
// (what arena itself writes there, such as a league's results).
func Sum(path string, view []string, skip ...string) (string, error) {
	return sum(path, view, skip, true)
}

// CheckLinks returns the *OutsideError of the first symbolic link under
// path that leads out of view (see Sum), or the error that kept it from
// reading path, without reading any file.
func CheckLinks(path string, view []string, skip ...string) error {
	_, err := sum(path, view, skip, false)
	return err
}

// sum is Sum; without files, it reads no file and its hash is of the
// links alone.
func sum(path string, view, skip []string, files bool) (string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	if !st.IsDir() {
		if !files {
			return "", nil
		}
		return File(path)
	}
	real := resolved(view)
	base, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != path && slices.Contains(skip, p) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(path, p)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			to, err := linkTarget(p, base, real)
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "link %s -> %s\n", filepath.ToSlash(rel), to)
		case files && d.Type().IsRegular():
			sum, err := File(p)
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "%s %s\n", sum, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// linkTarget returns where the link p leads: its target relative to base
// (the folder, its links resolved) when it is there, else its absolute
// target, which must be under one of view (resolved); a link that leads
// nowhere gives its text.
func linkTarget(p, base string, view []string) (string, error) {
	to, err := filepath.EvalSymlinks(p)
	if err != nil {
		text, rerr := os.Readlink(p)
		if rerr != nil {
			return "", rerr
		}
		return "nowhere " + text, nil
	}
	if under(to, []string{base}) {
		rel, _ := filepath.Rel(base, to)
		return filepath.ToSlash(rel), nil
	}
	if !under(to, view) {
		return "", &OutsideError{Link: p, Target: to}
	}
	return to, nil
}

// resolved returns paths with their links resolved; a path that cannot be
// is left out.
func resolved(paths []string) []string {
	var out []string
	for _, p := range paths {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			out = append(out, r)
		}
	}
	return out
}

// under reports whether path is one of dirs or beneath one.
func under(path string, dirs []string) bool {
	for _, d := range dirs {
		if path == d || strings.HasPrefix(path, strings.TrimSuffix(d, string(filepath.Separator))+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// File returns the sha256 of the file at path, in hex.
func File(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
