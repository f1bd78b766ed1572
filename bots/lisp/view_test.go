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
			"/sub/t/testes.lisp: hidden by the sandbox"},
		{"relative load", `lisp: loading /sub/g12/src/jogo.lisp, line 3: SIMPLE-FILE-ERROR: Couldn't load "../../t/testes.lisp": file does not exist.`,
			"/sub/t/testes.lisp: hidden by the sandbox"},
		{"the loader's words", `lisp: loading /sub/g12/src/jogo.lisp, line 2: (load "../../t/testes.lisp"): no such file, and no file of that name in the submission folder /sub/g12/`,
			"/sub/t/testes.lisp: hidden by the sandbox"},
		{"a Windows path is the loader's", `lisp: loading /sub/g12/jogo.lisp, line 3: (load "C:/lisp/nada.lisp"): no such file`, ""},
		{"missing in the submission", `Couldn't load "/sub/g12/puzzle.lisp": file does not exist.`,
			"/sub/g12/puzzle.lisp: not in the submission"},
		{"read-only write", "lisp: the bot signalled an error: SIMPLE-FILE-ERROR: error opening #P\"/sub/g12/src/log.dat\":\n\n  Read-only file system\nBacktrace (innermost first):\n  3: (OPEN \"/sub/g12/src/log.dat\")",
			"/sub/g12/src/log.dat: a sandboxed bot sees its own files read-only"},
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
			if !strings.HasPrefix(got, "lisp: "+tc.want) {
				t.Errorf("explained as %q, want it to start with %q", got, "lisp: "+tc.want)
			}
			if strings.Count(got, "\n") != strings.Count(tc.msg, "\n") {
				t.Errorf("lines changed: %q", got)
			}
		})
	}
}
