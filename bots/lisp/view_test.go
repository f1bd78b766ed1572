package lisp

import (
	"strings"
	"testing"
)

func TestExplainView(t *testing.T) {
	c := Config{Root: "/sub/g12", Files: []string{"/sub/g12/src/jogo.lisp"}, Reads: []string{"/course/regras.lisp"}}
	for _, tc := range []struct {
		name, msg string
		want      string // in the first line; "" for msg unchanged
	}{
		{"hidden load", `lisp: loading /sub/g12/src/jogo.lisp: SIMPLE-FILE-ERROR: Couldn't load "/sub/t/testes.lisp": file does not exist.`,
			"/sub/t/testes.lisp is outside /sub/g12/src, /course/regras.lisp, /sub/g12, all that"},
		{"relative load", `lisp: loading /sub/g12/src/jogo.lisp, line 3: SIMPLE-FILE-ERROR: Couldn't load "../../t/testes.lisp": file does not exist.`,
			"/sub/t/testes.lisp is outside /sub/g12"},
		{"missing in the submission", `Couldn't load "/sub/g12/puzzle.lisp": file does not exist.`,
			"/sub/g12/puzzle.lisp is not among the bot's files"},
		{"read-only write", "lisp: the bot signalled an error: SIMPLE-FILE-ERROR: error opening #P\"/sub/g12/src/log.dat\": Read-only file system\nBacktrace (innermost first):\n  3: (OPEN \"/sub/g12/src/log.dat\")",
			"/sub/g12/src/log.dat is among the bot's own files, which a sandboxed bot sees read-only"},
		{"write elsewhere", `error opening #P"/proc/x": Permission denied`, ""},
		{"no file", "lisp: the bot signalled an error: SIMPLE-ERROR: tabuleiro invalido", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := explainView(tc.msg, c)
			if tc.want == "" {
				if got != tc.msg {
					t.Errorf("explainView changed %q to %q", tc.msg, got)
				}
				return
			}
			first, _, _ := strings.Cut(got, "\n")
			if !strings.Contains(first, tc.want) {
				t.Errorf("first line %q lacks %q", first, tc.want)
			}
			if strings.Count(got, "\n") != strings.Count(tc.msg, "\n") {
				t.Errorf("lines changed: %q", got)
			}
		})
	}
}
