package intake

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/arenabots/arena/arena/botkind"
	"github.com/arenabots/arena/games"
)

// TestCompleterForms checks that the words a Completer cannot read as one
// Lisp bot (no such file, a folder with no Lisp, a class's folder) are a
// *botkind.FormError, which the commands show as a usage error, before
// anything is probed.
func TestCompleterForms(t *testing.T) {
	dir := t.TempDir()
	empty, class := filepath.Join(dir, "empty"), filepath.Join(dir, "class")
	for _, d := range []string{empty, filepath.Join(class, "a_2200001_P1"), filepath.Join(class, "b_2200002_P2")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	g, err := games.Lookup(games.Default)
	if err != nil {
		t.Fatal(err)
	}
	for name, words := range map[string][]string{
		"no such file":      {filepath.Join(dir, "none.lisp"), "state=board"},
		"no Lisp in folder": {empty},
		"a class's folder":  {class},
	} {
		t.Run(name, func(t *testing.T) {
			var notes []string
			env := botkind.Env{Game: g, Note: func(n string) { notes = append(notes, n) }}
			_, _, err := Completer{}.CompleteLisp(t.Context(), words, env)
			if _, form := errors.AsType[*botkind.FormError](err); !form {
				t.Errorf("CompleteLisp(%q) = %v (notes %q), want a *botkind.FormError", words, err, notes)
			}
		})
	}
}
