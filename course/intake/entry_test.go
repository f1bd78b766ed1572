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
		reason string     // in the reason; "" for none
		note   string     // in a note
		plans  [][]string // every plan, when set
	}{
		{"jogar alone", map[string]string{"jogo.lisp": jogar, "outro.lisp": "(defun f () 1)"}, []string{"jogo.lisp"}, "P7", "", "", nil},
		{"a loader is the entry", map[string]string{
			"src/jogo.lisp": jogar, "src/projeto.lisp": "(load \"jogo.lisp\")\n(load \"../t/testes.lisp\")",
			"t/testes.lisp": "(defun teste () (jogar nil 1))"},
			[]string{"src/projeto.lisp"}, "P7", "", "src/projeto.lisp loads src/jogo.lisp", nil},
		{"the topmost loader", map[string]string{
			"jogo.lisp": jogar, "a.lisp": "(load \"jogo.lisp\")", "b.lisp": "(load \"a.lisp\")"},
			[]string{"b.lisp"}, "P7", "", "", nil},
		{"a menu file is not loaded, its loads are", map[string]string{
			"jogo.lisp": jogar, "regras.lisp": "(defun r () 1)",
			"interact.lisp": "(load \"regras.lisp\") (load \"jogo.lisp\") (defun menu () (case (read) (1 (menu)))) (menu)"},
			[]string{"regras.lisp", "jogo.lisp"}, "P7", "", "interact.lisp runs a menu", nil},
		{"Windows and compiled paths", map[string]string{
			"jogo.lisp": jogar, "projeto.lisp": "(compile-file \"C:\\\\lisp\\\\JOGO.lisp\") (load \"C:/lisp/jogo.ofasl\")"},
			[]string{"projeto.lisp"}, "P7", "", `projeto.lisp loads "C:/lisp/jogo.ofasl": the submission's jogo.lisp`, nil},
		{"a jogar in a p package first", map[string]string{
			"velho.lisp": "(defun jogar (estado tempo) nil)", "novo.lisp": jogar},
			[]string{"novo.lisp"}, "P7", "", "", nil},
		{"three arguments", map[string]string{"jogo.lisp": "(in-package :p9) (defun jogar (estado tempo prof) nil)"},
			nil, "P9", "jogar (in jogo.lisp, line 1) takes 3 required arguments (ESTADO TEMPO PROF)", "", nil},
		{"optional arguments are fine", map[string]string{"jogo.lisp": "(in-package :p9) (defun jogar (estado tempo &optional (prof 3)) prof)"},
			[]string{"jogo.lisp"}, "P9", "", "", nil},
		{"a menu in jogar", map[string]string{"jogo.lisp": "(in-package :p10) (defun jogar (e tempo) (if (= (read) 1) e nil))"},
			nil, "P10", "reads the keyboard", "", nil},
		{"no jogar", map[string]string{"jogo.lisp": "(defun jogada (e) e)"}, nil, "", "no file defines jogar", "", nil},
		{"a cycle of loads: the file that reaches jogar without coming back", map[string]string{
			"src/interact.lisp":  "(defpackage :p7 (:use :cl)) (defpackage :testes (:use :cl))\n(load \"jogo.lisp\") (load \"algoritmo.lisp\") (load \"../t/testes.lisp\")",
			"src/jogo.lisp":      "(in-package :p7) (defun jogar (estado tempo) (alfabeta estado tempo))",
			"src/algoritmo.lisp": "(in-package :p7) (defun alfabeta (e tempo) (list e tempo))",
			"t/testes.lisp":      "(in-package :testes) (load \"../src/interact.lisp\") (defun teste () (p7::jogar nil 1))"},
			[]string{"src/interact.lisp"}, "P7", "", "src/interact.lisp loads src/jogo.lisp, which defines jogar (in a cycle of loads)",
			[][]string{{"src/interact.lisp"}, {"t/testes.lisp"}}},
		{"jogar alone needs the files that define what it calls", map[string]string{
			"p2202011.lisp":  "(defpackage :p2202011 (:use :cl)) (in-package :p2202011) (defun jogar (estado tempo) (if (terminal estado) nil (alfabeta estado tempo)))",
			"algoritmo.lisp": "(in-package :p2202011) (defparameter *infinito* (maximo)) (defun alfabeta (e tempo) (avaliar e *infinito* tempo))",
			"puzzle.lisp":    "(in-package :p2202011) (defun terminal (e) (null e)) (defun maximo () 1000) (defun avaliar (e i tempo) (list e i tempo))",
			"testes.lisp":    "(in-package :p2202011) (defun terminal (e) e) (defun teste () (jogar nil 1))",
			"interact.lisp":  "(defpackage :p2202011 (:use :cl)) (defun diretoria () (read-line)) (defun iniciar () (let ((d (diretoria))) (load (concatenate 'string d \"\\\\puzzle.64ofasl\")) (load (concatenate 'string d \"\\\\algoritmo.64ofasl\")))) (iniciar)"},
			[]string{"p2202011.lisp", "puzzle.lisp", "algoritmo.lisp"}, "P2202011", "",
			"loads puzzle.lisp, algoritmo.lisp: they define TERMINAL, MAXIMO, AVALIAR, ALFABETA, *INFINITO* that jogar and its files use", nil},
		{"a macro is defined before its use", map[string]string{
			"jogo.lisp": "(defun jogar (estado tempo) (com-cuidado (list estado tempo)))",
			"z.lisp":    "(defmacro com-cuidado (x) `(ignore-errors ,x))"},
			[]string{"z.lisp", "jogo.lisp"}, "COMMON-LISP-USER", "", "loads z.lisp: it defines COM-CUIDADO", nil},
		{"a package before a macro", map[string]string{
			"jogo.lisp": jogar + "(defun escolher (e) (com-cuidado (first e)))",
			"a.lisp":    "(in-package :p7) (defun usa () (com-cuidado 1))",
			"z.lisp":    "(in-package :p7) (defmacro com-cuidado (x) `(ignore-errors ,x))"},
			[]string{"jogo.lisp", "z.lisp"}, "P7", "", "", nil},
		{"no Lisp", map[string]string{"leia-me.txt": "ola"}, nil, "", "no Lisp file", "", nil},
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
			notes := e.notes
			if len(e.plans) > 0 {
				notes = append(notes, e.plans[0].notes()...)
			}
			if tc.note != "" && !slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, tc.note) }) {
				t.Errorf("notes %q lack %q", notes, tc.note)
			}
			if tc.plans != nil {
				var got [][]string
				for _, p := range e.plans {
					got = append(got, p.rel())
				}
				if !slices.EqualFunc(got, tc.plans, slices.Equal) {
					t.Errorf("plans %q, want %q", got, tc.plans)
				}
			}
		})
	}
}

// TestJogarReasons checks the reasons a student reads for the sample
// projects whose jogar cannot play, and for other shapes of jogar.
func TestJogarReasons(t *testing.T) {
	const calls = ": the championship calls (jogar estado tempo)"
	samples := filepath.Join("..", "..", "bots", "examples", "lisp", "entregas", "cavalo")
	for _, tc := range []struct {
		name   string
		root   string            // a sample's folder, or
		files  map[string]string // files to write
		reason string
	}{
		{"a jogar of three inside a let", filepath.Join(samples, "marta_2201031_nuno_2201032_P16"), nil,
			"jogar (in algoritmo.lisp, line 17, inside a let) takes 3 required arguments (ESTADO TEMPO PROFUNDIDADE)" + calls},
		{"a stub returning its docstring", filepath.Join(samples, "olga_2201033_paulo_2201034_P17"), nil,
			"jogar (in jogo.lisp, line 9) returns its documentation string: it is a stub"},
		{"no parameters", filepath.Join(samples, "quim_2201035_rosa_2201036_P18"), nil,
			"jogar (in jogo.lisp, line 12) takes no parameters" + calls},
		{"one parameter inside a progn", "", map[string]string{"a.lisp": "(in-package :p1)\n(progn\n (defun jogar (e) e))"},
			"jogar (in a.lisp, line 3, inside a progn) takes 1 required argument (E)" + calls},
		{"a stub returning a constant", "", map[string]string{"a.lisp": "(defun jogar (e tempo)\n  \"Joga.\"\n  (declare (ignore e tempo))\n  \"TODO\")"},
			`jogar (in a.lisp, line 1) returns the string "TODO": it is a stub`},
		{"a docstring and declarations only", "", map[string]string{"a.lisp": "(defun jogar (e tempo) \"Joga.\" (declare (ignore e tempo)))"},
			"jogar (in a.lisp, line 1) has only its documentation string: it is a stub"},
		{"the second of two, inside an eval-when", "", map[string]string{"a.lisp": "(eval-when (:execute)\n  (defun jogar (e) e) (in-package :p7)\n  #+sbcl\n  (defun jogar () nil))"},
			"jogar (in a.lisp, line 4, inside an eval-when) takes no parameters" + calls},
		{"a reader conditional is no form", "", map[string]string{"a.lisp": "#+sbcl\n(defun jogar (e) e)"},
			"jogar (in a.lisp, line 2) takes 1 required argument (E)" + calls},
		{"a jogar in flet's body plays", "", map[string]string{"a.lisp": "(flet ((f (x) x))\n  (defun jogar (e tempo) (f (list e tempo))))"}, ""},
		{"rest arguments play", "", map[string]string{"a.lisp": "(defun jogar (&rest args) args)"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := tc.root
			if root == "" {
				root = writeTree(t, tc.files)
			}
			files, err := scanTree(root)
			if err != nil {
				t.Fatal(err)
			}
			if e := chooseEntry(files); e.reason != tc.reason {
				t.Errorf("reason\n%q, want\n%q", e.reason, tc.reason)
			}
		})
	}
}

// TestScanInsideForms: the loads inside a progn or a let are seen once,
// and a let's body is read for its definitions and calls.
func TestScanInsideForms(t *testing.T) {
	root := writeTree(t, map[string]string{"a.lisp": "(progn (load \"b.lisp\"))\n(let ((x (read)))\n  (load \"c.lisp\")\n  (defun f () x)\n  (menu))"})
	f, err := scanFile(root, filepath.Join(root, "a.lisp"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f.loads, []string{"b.lisp", "c.lisp"}) || !f.defines["F"] ||
		!slices.Contains(f.calls, "MENU") || !slices.Contains(f.calls, "READ") {
		t.Errorf("loads %q, defines %v, calls %q", f.loads, f.defines, f.calls)
	}
}

// TestLoadInsideDefun checks that a load in a function's body (a menu's)
// is not taken for a load that runs when the file loads (issue 46): only
// the top-level load counts.
func TestLoadInsideDefun(t *testing.T) {
	root := filepath.Join(examples, "entregas", "dots", "hugo_2202015_ivo_2202016_D8")
	f, err := scanFile(root, filepath.Join(root, "jogo.lisp"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"regras.lisp"}; !slices.Equal(f.loads, want) {
		t.Errorf("loads %q, want %q: the menu's load runs when it is called", f.loads, want)
	}
}
