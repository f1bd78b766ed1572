package lisp

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// quotedPath finds the absolute paths that SBCL quotes in its file errors:
// Couldn't load "/a/t/testes.lisp": file does not exist; The path
// #P"/a/log.dat" does not exist; error opening #P"/a/log.dat": Read-only
// file system.
var quotedPath = regexp.MustCompile(`"([^"]+)"`)

// loadingFile finds the file being loaded in a load error, whose folder a
// relative path in the error is relative to.
var loadingFile = regexp.MustCompile(`loading (/[^,:\s]+)[,:]`)

// explainView puts first in msg, a Lisp error about files, the file and
// why the sandbox may be the cause: a file outside the bot's files
// (visible) is hidden from a sandboxed bot, whether or not it exists on
// the host; one of its files cannot be written, since a sandboxed bot sees
// them read-only. First, because a host shows only the start of a bot's
// last line. msg is returned as it is when it names no file or none of
// these applies.
func explainView(msg string, c Config) string {
	head, _, _ := strings.Cut(msg, "\nBacktrace")
	why := whyHidden(head, visible(c))
	if why == "" {
		return msg
	}
	return "lisp: " + why + "; " + strings.TrimPrefix(msg, "lisp: ")
}

// whyHidden says which file of the file error msg the sandbox may be the
// cause of, and why, or returns "".
func whyHidden(msg string, view []string) string {
	base := ""
	if m := loadingFile.FindStringSubmatch(msg); m != nil {
		base = filepath.Dir(m[1])
	}
	for _, m := range quotedPath.FindAllStringSubmatch(msg, -1) {
		path := m[1]
		switch {
		case strings.Contains(path, ":"): // a Windows path, the loader's to find
			continue
		case filepath.IsAbs(path):
		case base != "":
			path = filepath.Join(base, path)
		default:
			continue
		}
		path = filepath.Clean(path)
		switch {
		case strings.Contains(msg, "Read-only file system") || strings.Contains(msg, "Permission denied"):
			if underAny(path, view) {
				return path + ": a sandboxed bot sees its own files read-only (it may write under /tmp)"
			}
		case strings.Contains(msg, "does not exist") || strings.Contains(msg, "no such file"):
			if !underAny(path, view) {
				return path + ": hidden by the sandbox, outside the bot's files " + strings.Join(view, ", ") + " (widen root: or add it to reads:)"
			}
			return path + ": not in the submission"
		}
	}
	return ""
}

// Seen returns what a sandboxed Lisp bot sees of the host's files besides
// its submission folder, read-only: the directories of its files (each
// file is loaded with its own directory as the default path of its
// relative loads) and its reads, those that are not inside Root, whose
// copy-on-write view holds them already. The host's spec of a Lisp bot
// shows it these.
func (c Config) Seen() []string {
	var out []string
	for _, f := range c.Files {
		out = append(out, filepath.Dir(f))
	}
	var seen []string
	for _, p := range append(out, c.Reads...) {
		if c.Root == "" || !underAny(filepath.Clean(p), []string{c.Root}) {
			seen = append(seen, p)
		}
	}
	return seen
}

// visible returns what a sandboxed Lisp bot sees of the host's files: its
// root, and its files and reads outside it (Seen), each once.
func visible(c Config) []string {
	var out []string
	for _, p := range append(c.Seen(), c.Root) {
		if p == "" {
			continue
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// underAny reports whether path is one of dirs or beneath one.
func underAny(path string, dirs []string) bool {
	for _, d := range dirs {
		d = filepath.Clean(d)
		if path == d || strings.HasPrefix(path, d+"/") || d == "/" {
			return true
		}
	}
	return false
}
