package intake

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// TestParseBot: a submission's folder, files and settings as the commands
// give them, read by lisp.ParseWords with intake's paths.
func TestParseBot(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a_2200001_P1"), filepath.Join(dir, "b_2200002_P2")
	file := filepath.Join(a, "jogo.lisp")
	for _, d := range []string{a, b} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(file, []byte("(defun jogar (estado tempo) nil)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		words     []string
		root      string
		files     []string
		given     []string
		wantError string
	}{
		{"folder", []string{a, "state=board"}, a, nil, []string{"state"}, ""},
		{"file", []string{file, "package=p1", "side=number"}, "", []string{file}, []string{"side"}, ""},
		{"two folders", []string{a, b}, "", nil, nil, "two folders"},
		{"folder and file", []string{a, file}, "", nil, nil, "give it alone"},
		{"no file", []string{filepath.Join(dir, "none.lisp")}, "", nil, nil, "no Lisp file at"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, given, err := ParseBot(tc.words, "")
			if tc.wantError != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantError) {
					t.Fatalf("ParseBot(%q) error %v, want one saying %q", tc.words, err, tc.wantError)
				}
				return
			}
			if err != nil || c.Root != tc.root || !slices.Equal(c.Files, tc.files) || !slices.Equal(given, tc.given) {
				t.Errorf("ParseBot(%q) = root %q, files %q, given %q, %v; want %q, %q, %q", tc.words, c.Root, c.Files, given, err, tc.root, tc.files, tc.given)
			}
		})
	}
}
