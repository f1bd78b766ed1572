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

// explainView adds to msg, a Lisp error about files, why the sandbox may be
// the cause, naming the file: a file outside the bot's files (visible) is
// hidden from a sandboxed bot, whether or not it exists on the host; one of
// its files cannot be written, since a sandboxed bot sees them read-only.
// msg is returned as it is when it names no file or none of these applies.
func explainView(msg string, c Config) string {
	first, rest, _ := strings.Cut(msg, "\n")
	if why := whyHidden(first, visible(c)); why != "" {
		first += " (" + why + ")"
	}
	if rest == "" {
		return first
	}
	return first + "\n" + rest
}

// whyHidden says why the sandbox may be the cause of the file error msg, or
// returns "".
func whyHidden(msg string, view []string) string {
	base := ""
	if m := loadingFile.FindStringSubmatch(msg); m != nil {
		base = filepath.Dir(m[1])
	}
	for _, m := range quotedPath.FindAllStringSubmatch(msg, -1) {
		path := m[1]
		switch {
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
				return path + " is among the bot's own files, which a sandboxed bot sees read-only; it may write under /tmp, its scratch directory"
			}
		case strings.Contains(msg, "does not exist"):
			if !underAny(path, view) {
				return path + " is outside " + strings.Join(view, ", ") +
					", all that a sandboxed bot sees: to show it, widen root: or add it to reads:"
			}
			return path + " is not among the bot's files"
		}
	}
	return ""
}

// visible returns what a sandboxed Lisp bot sees of the host's files (see
// Spec), each once.
func visible(c Config) []string {
	var out []string
	for _, p := range seen(c) {
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
