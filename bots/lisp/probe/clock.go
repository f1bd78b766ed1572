package probe

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/referee/sexp"
)

// ClockReading is what a bot's sources say of the clock it reads its
// tempo against, read without running them: the evidence its time base
// is decided on. Each place is "FILE, line N".
type ClockReading struct {
	// Clock is where it reads the internal clock (get-internal-real-time
	// or get-internal-run-time), "" when it never does.
	Clock string `json:"clock,omitempty"`
	// Units is where it converts that clock's readings with
	// internal-time-units-per-second, "" when it never does.
	Units string `json:"units,omitempty"`
	// Ignores is where jogar leaves its tempo unused (declared ignored,
	// or never named in its body), "" when it uses it.
	Ignores string `json:"ignores,omitempty"`
}

// scale returns the tempo_scale the reading r gives and why, in a few
// words. A jogar that uses its tempo and reads the internal clock without
// ever converting it with internal-time-units-per-second counts in the
// units its authors' Lisp counted: LispWorks' 1000 a second, the
// milliseconds of the tempo, where SBCL counts 1,000,000. Every other bot
// gets its tempo in milliseconds.
func (r ClockReading) scale() (int, string) {
	switch {
	case r.Ignores != "":
		return 1, fmt.Sprintf("ignores the tempo (jogar, in %s, does not use it)", r.Ignores)
	case r.Clock != "" && r.Units == "":
		return LispWorksScale, fmt.Sprintf("tempo read in LispWorks units: tempo_scale %d (it reads the internal clock in %s, and never converts it with internal-time-units-per-second)", LispWorksScale, r.Clock)
	case r.Clock != "":
		return 1, fmt.Sprintf("tempo read in milliseconds (it converts the internal clock of %s with internal-time-units-per-second in %s)", r.Clock, r.Units)
	}
	return 1, "tempo read in milliseconds (it reads no internal clock)"
}

// clockSymbols are the symbols ReadClock looks for.
var clockSymbols = map[string]string{
	"GET-INTERNAL-REAL-TIME": "clock", "GET-INTERNAL-RUN-TIME": "clock", "INTERNAL-TIME-UNITS-PER-SECOND": "units",
}

// ReadClock reads the Lisp sources of the bot c (every Lisp file under
// its root, else its files) for the clock it reads (see ClockReading).
// Files it cannot read or parse count for what was read of them.
func ReadClock(c lisp.Config) ClockReading {
	var r ClockReading
	uses := false // a jogar that uses its tempo was found
	for _, f := range sourceFiles(c) {
		data, err := os.ReadFile(f.path)
		if err != nil {
			continue
		}
		where := func(v sexp.Value) string {
			return fmt.Sprintf("%s, line %d", f.rel, 1+bytes.Count(data[:min(int(v.Start), len(data))], []byte("\n")))
		}
		d := sexp.NewSourceDecoder(bytes.NewReader(data))
		for {
			v, err := d.Decode()
			if errors.Is(err, io.EOF) || err != nil {
				break
			}
			visit(v, func(x sexp.Value) {
				if x.Kind == sexp.KindSymbol {
					switch clockSymbols[unqualified(x.Text)] {
					case "clock":
						if r.Clock == "" {
							r.Clock = where(x)
						}
					case "units":
						if r.Units == "" {
							r.Units = where(x)
						}
					}
				}
				if !isDefunJogar(x) {
					return
				}
				if used, ok := usesTempo(x); ok && !used {
					if r.Ignores == "" {
						r.Ignores = where(x)
					}
				} else {
					uses = true
				}
			})
		}
	}
	if uses {
		r.Ignores = ""
	}
	return r
}

// source is a Lisp file of a bot: its path, and its name for people.
type source struct{ path, rel string }

// sourceFiles returns the Lisp files of the bot c: those under its root
// (hidden folders and __MACOSX aside), else its files.
func sourceFiles(c lisp.Config) []source {
	var out []source
	if c.Root == "" {
		for _, f := range c.Files {
			out = append(out, source{f, filepath.Base(f)})
		}
		return out
	}
	filepath.WalkDir(c.Root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if path != c.Root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "__MACOSX") {
				return filepath.SkipDir
			}
			return nil
		}
		ext := strings.ToLower(filepath.Ext(path))
		if d.Type().IsRegular() && slices.Contains([]string{".lisp", ".lsp", ".cl", ".l"}, ext) {
			rel, _ := filepath.Rel(c.Root, path)
			out = append(out, source{path, filepath.ToSlash(rel)})
		}
		return nil
	})
	return out
}

// visit calls fn on v and on every value inside it.
func visit(v sexp.Value, fn func(sexp.Value)) {
	fn(v)
	for _, it := range v.Items {
		visit(it, fn)
	}
}

// unqualified returns a symbol's name without its package.
func unqualified(name string) string {
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// isDefunJogar reports whether v is (defun jogar (...) ...).
func isDefunJogar(v sexp.Value) bool {
	return v.Kind == sexp.KindList && len(v.Items) >= 3 && v.Items[0].Kind == sexp.KindSymbol &&
		unqualified(v.Items[0].Text) == "DEFUN" && v.Items[1].Kind == sexp.KindSymbol &&
		unqualified(v.Items[1].Text) == "JOGAR" && v.Items[2].Kind == sexp.KindList
}

// usesTempo reports whether the jogar defun uses its second parameter,
// the tempo, outside its declarations; ok is false when it has none.
func usesTempo(defun sexp.Value) (used, ok bool) {
	params := defun.Items[2].Items
	if len(params) < 2 || params[1].Kind != sexp.KindSymbol || strings.HasPrefix(params[1].Text, "&") {
		return false, false
	}
	tempo := params[1].Text
	for _, form := range defun.Items[3:] {
		if form.Kind == sexp.KindList && len(form.Items) > 0 && form.Items[0].Kind == sexp.KindSymbol && form.Items[0].Text == "DECLARE" {
			continue
		}
		visit(form, func(x sexp.Value) {
			used = used || x.Kind == sexp.KindSymbol && x.Text == tempo
		})
	}
	return used, true
}
