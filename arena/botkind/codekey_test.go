package botkind

import (
	"reflect"
	"testing"

	"github.com/arenabots/arena/bots/lisp"
)

func TestSettings(t *testing.T) {
	for _, tc := range []struct {
		name      string
		ref, want Ref
	}{
		{"builtin", Ref{Builtin: "greedy", Options: map[string]string{"depth": "2"}},
			Ref{Builtin: "greedy", Options: map[string]string{"depth": "2"}}},
		{"path", Ref{Path: "/bots/mine", Args: []string{"-q"}, SHA256: "ab12", Protocol: ProtocolLines},
			Ref{Args: []string{"-q"}, Protocol: ProtocolLines}},
		{"registered", Ref{Registered: "mine", Path: "/bots/mine", SHA256: "ab12", Env: map[string]string{"A": "1"}},
			Ref{Env: map[string]string{"A": "1"}}},
		{"lisp with its root",
			Ref{Lisp: &lisp.Config{Root: "/hand-ins/g12", Files: []string{"/hand-ins/g12/src/jogo.lisp"}, Reads: []string{"/hand-ins/g12/data", "/shared/tables"}, Answer: "state", Package: "g12"}},
			Ref{Lisp: &lisp.Config{Files: []string{"src/jogo.lisp"}, Reads: []string{"data", "../../shared/tables"}, Package: "g12"}}},
		{"lisp, root its first file's folder",
			Ref{Lisp: &lisp.Config{Files: []string{"/hand-ins/g12/jogo.lisp", "/hand-ins/g12/lib/util.lisp"}}},
			Ref{Lisp: &lisp.Config{Files: []string{"jogo.lisp", "lib/util.lisp"}, Reads: []string{}}}}, // Reads: [] in the key, as ever,
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.ref.Settings(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Settings() = %+v (lisp %+v), want %+v (lisp %+v)", got, got.Lisp, tc.want, tc.want.Lisp)
			}
		})
	}
}
