package lisp

import (
	"regexp"
	"strings"

	"github.com/arenabots/arena/referee/sexp"
)

// LoadRetry is one load of the bot's that was retried with another file
// (loader.lisp): a load or compile-file of a file that is not where the
// bot's code says, found by its base name in the submission folder
// (Config.Root), or a compiled file served by its source.
type LoadRetry struct {
	Op      string // "load" or "compile-file"
	Written string // the path as the bot's code wrote it
	Used    string // the absolute path of the file loaded instead
	// Skipped: a load of a source that a compile-file had loaded already.
	Skipped bool
}

// retryLine is the line the driver writes to the bot's log for each
// retry:
//
//	lisp: load retried: OP "WRITTEN" -> "USED"
//
// the paths as Lisp strings (\ and " escaped with \), followed by
// " (already loaded by compile-file)" when the load was skipped.
var retryLine = regexp.MustCompile(`^lisp: load retried: (load|compile-file) ("(?:[^"\\]|\\.)*") -> ("(?:[^"\\]|\\.)*")( \(already loaded by compile-file\))?$`)

// ParseLoadRetries returns the retries noted in a Lisp bot's log (what
// the adapter writes to Options.Log while the bot loads), in order.
func ParseLoadRetries(log string) []LoadRetry {
	var out []LoadRetry
	for _, line := range strings.Split(log, "\n") {
		m := retryLine.FindStringSubmatch(strings.TrimSuffix(line, "\r"))
		if m == nil {
			continue
		}
		written, err1 := sexp.Parse([]byte(m[2]))
		used, err2 := sexp.Parse([]byte(m[3]))
		if err1 != nil || err2 != nil {
			continue
		}
		out = append(out, LoadRetry{Op: m[1], Written: written.Text, Used: used.Text, Skipped: m[4] != ""})
	}
	return out
}
