package intake

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeTree writes files (path: contents) under a new folder and returns
// it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, text := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestChooseEntry(t *testing.T) {
	const jogar = "(defpackage :p7 (:use :cl)) (in-package :p7) (defun jogar (estado tempo) `(,estado ,tempo #\\a))\n"
	for _, tc := range []struct {
		name   string
		files  map[string]string
		want   []string // files chosen, relative
		pkg    string
		reason string // in the reason; "" for none
		note   string // in a note
	}{
		{"jogar alone", map[string]string{"jogo.lisp": jogar, "outro.lisp": "(defun f () 1)"}, []string{"jogo.lisp"}, "P7", "", ""},
		{"a loader is the entry", map[string]string{
			"src/jogo.lisp": jogar, "src/projeto.lisp": "(load \"jogo.lisp\")\n(load \"../t/testes.lisp\")",
			"t/testes.lisp": "(defun teste () (jogar nil 1))"},
			[]string{"src/projeto.lisp"}, "P7", "", "src/projeto.lisp loads src/jogo.lisp"},
		{"the topmost loader", map[string]string{
			"jogo.lisp": jogar, "a.lisp": "(load \"jogo.lisp\")", "b.lisp": "(load \"a.lisp\")"},
			[]string{"b.lisp"}, "P7", "", ""},
		{"a menu file is not loaded, its loads are", map[string]string{
			"jogo.lisp": jogar, "regras.lisp": "(defun r () 1)",
			"interact.lisp": "(load \"regras.lisp\") (load \"jogo.lisp\") (defun menu () (case (read) (1 (menu)))) (menu)"},
			[]string{"regras.lisp", "jogo.lisp"}, "P7", "", "interact.lisp runs a menu"},
		{"Windows and compiled paths", map[string]string{
			"jogo.lisp": jogar, "projeto.lisp": "(compile-file \"C:\\\\lisp\\\\JOGO.lisp\") (load \"C:/lisp/jogo.ofasl\")"},
			[]string{"projeto.lisp"}, "P7", "", `projeto.lisp loads "C:/lisp/jogo.ofasl": the submission's jogo.lisp`},
		{"a jogar in a p package first", map[string]string{
			"velho.lisp": "(defun jogar (estado tempo) nil)", "novo.lisp": jogar},
			[]string{"novo.lisp"}, "P7", "", ""},
		{"three arguments", map[string]string{"jogo.lisp": "(in-package :p9) (defun jogar (estado tempo prof) nil)"},
			nil, "P9", "jogar takes 3 required arguments (ESTADO TEMPO PROF)", ""},
		{"optional arguments are fine", map[string]string{"jogo.lisp": "(in-package :p9) (defun jogar (estado tempo &optional (prof 3)) prof)"},
			[]string{"jogo.lisp"}, "P9", "", ""},
		{"a menu in jogar", map[string]string{"jogo.lisp": "(in-package :p10) (defun jogar (e tempo) (if (= (read) 1) e nil))"},
			nil, "P10", "reads the keyboard", ""},
		{"no jogar", map[string]string{"jogo.lisp": "(defun jogada (e) e)"}, nil, "", "no file defines jogar", ""},
		{"no Lisp", map[string]string{"leia-me.txt": "ola"}, nil, "", "no Lisp file", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := writeTree(t, tc.files)
			files, err := scanTree(root)
			if err != nil {
				t.Fatal(err)
			}
			e := chooseEntry(files)
			if tc.reason != "" {
				if !strings.Contains(e.reason, tc.reason) {
					t.Errorf("reason %q, want it to say %q", e.reason, tc.reason)
				}
			} else if e.reason != "" || !slices.Equal(e.rel, tc.want) {
				t.Errorf("chose %q (%s), want %q", e.rel, e.reason, tc.want)
			}
			if e.pkg != tc.pkg {
				t.Errorf("package %q, want %q", e.pkg, tc.pkg)
			}
			if tc.note != "" && !slices.ContainsFunc(e.notes, func(n string) bool { return strings.Contains(n, tc.note) }) {
				t.Errorf("notes %q lack %q", e.notes, tc.note)
			}
		})
	}
}
