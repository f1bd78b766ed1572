package botkind

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/arenabots/arena/internal/treehash"
)

// CodeKey is the hash of the code bot r runs (a league's keys,
// league.BotKey.Code), its kind's own: it covers every file the bot's
// sandbox lets it read (Seen): a Lisp bot's files, reads, root and its
// files' folders, a script's folder, and where each symbolic link there
// leads; a bot whose files are missing, or with a link out of them, is
// "missing" (its preflight says why). out, the league's results
// directory, is left out where the bot's folder holds it: arena writes
// there.
func (r Ref) CodeKey(out string) string {
	k, _ := r.Kind()
	seen := r.Seen()
	switch {
	case k == Builtin:
		return "builtin"
	case len(seen) == 0:
		return "missing"
	case k == Lisp && r.SHA256 == "":
		// As before Seen: the files, the reads, the root; then, where
		// there are any, the folders of files outside the root.
		h := sha256.New()
		root := seen[0]
		var dirs []string
		for _, p := range seen[1:] {
			if !slices.Contains(r.Lisp.Reads, p) {
				dirs = append(dirs, p)
			}
		}
		groups := [][]string{r.Lisp.Files, r.Lisp.Reads, {root}}
		if len(dirs) > 0 {
			groups = append(groups, dirs)
		}
		for _, group := range groups {
			if !sumEach(h, group, seen, out) {
				return "missing"
			}
			fmt.Fprintln(h, "--")
		}
		return hex.EncodeToString(h.Sum(nil)[:8])
	}
	sum := r.SHA256 // registered, or a path bot whose sum the league gives
	if sum == "" {
		s, err := treehash.File(r.Path)
		if err != nil {
			return "missing"
		}
		sum = s[:16]
	}
	path, _ := filepath.Abs(r.Path)
	dirs := slices.DeleteFunc(slices.Clone(seen), func(p string) bool { return p == path })
	if len(dirs) == 0 {
		return sum
	}
	// A script with the folder it reads from.
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", sum)
	if !sumEach(h, dirs, seen, out) {
		return "missing"
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// sumEach writes to h the tree hash of each path of paths, as the sandbox
// that shows seen shows it, out left out, one a line; false when one
// cannot be read or has a link out of seen.
func sumEach(h io.Writer, paths, seen []string, out string) bool {
	for _, p := range paths {
		if p == "" {
			continue
		}
		sum, err := treehash.Sum(p, seen, out)
		if err != nil {
			return false
		}
		fmt.Fprintf(h, "%s\n", sum)
	}
	return true
}

// Settings returns r as a league's keys count its settings
// (league.BotKey.Settings), without what CodeKey covers: no path, sha256
// or registered name, and a Lisp bot's files and reads relative to its
// root (by default its first file's folder), its root and answer left
// out, so that a league moved to another folder keeps its keys.
func (r Ref) Settings() Ref {
	r.Path, r.SHA256, r.Registered = "", "", ""
	if r.Lisp != nil {
		l := *r.Lisp
		root := l.Root
		if root == "" && len(l.Files) > 0 {
			root = filepath.Dir(l.Files[0])
		}
		rel := func(paths []string) []string {
			out := make([]string, len(paths))
			for i, p := range paths {
				if r, err := filepath.Rel(root, p); err == nil {
					p = r
				}
				out[i] = filepath.ToSlash(p)
			}
			return out
		}
		l.Files, l.Reads, l.Root, l.Answer = rel(l.Files), rel(l.Reads), "", ""
		r.Lisp = &l
	}
	return r
}
