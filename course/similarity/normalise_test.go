package similarity

import (
	"slices"
	"testing"
)

// normalised returns the token hashes of src, a submission of one file,
// with the names given kept.
func normalised(t testing.TB, src string, given ...string) []uint64 {
	t.Helper()
	forms, err := readForms([]byte(src))
	if err != nil {
		t.Fatalf("reading %q: %v", src, err)
	}
	g := map[string]bool{}
	for _, n := range given {
		g[n] = true
	}
	defs := newNames(g)
	for _, f := range forms {
		defs.collect(f)
	}
	z := &normaliser{names: defs, hashes: map[string]uint64{}}
	z.normalise(forms, 0)
	out := make([]uint64, len(z.tokens))
	for i, tk := range z.tokens {
		out[i] = tk.h
	}
	return out
}

func TestNormaliseSurvives(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, a, b string
		given      []string
		same       bool
	}{
		{"renamed function and parameters",
			"(defun soma (a b) (+ a b)) (soma 1 2)",
			"(defun total (x y) (+ x y)) (total 1 2)", nil, true},
		{"comments, docstring and layout",
			"(defun f (x)\n  \"Doubles x.\"\n  ; twice\n  (* 2 x))",
			"(DEFUN   g (n) #| block |# (* 2\n n))", nil, true},
		{"let and loop variables",
			"(let ((i 0) (acc nil)) (loop for k in '(1 2) do (push k acc)) acc)",
			"(let ((j 0) (lista nil)) (loop for e in '(1 2) do (push e lista)) lista)", nil, true},
		{"labels, flet and lambdas",
			"(defun f (l) (labels ((r (x) (if x (r (cdr x)) 0))) (mapcar (lambda (y) (r y)) l)))",
			"(defun g (m) (labels ((q (z) (if z (q (cdr z)) 0))) (mapcar (lambda (w) (q w)) m)))", nil, true},
		{"destructuring and multiple values",
			"(defun f (e) (destructuring-bind (a (b c)) e (multiple-value-bind (q r) (floor a b) (+ q r c))))",
			"(defun g (s) (destructuring-bind (x (y z)) s (multiple-value-bind (u v) (floor x y) (+ u v z))))", nil, true},
		{"global variables and packages",
			"(defpackage :p1 (:use :cl)) (in-package :p1) (defvar *n* 3 \"doc\") (defun f () *n*)",
			"(defpackage :p2 (:use :cl)) (in-package :p2) (defvar *m* 3) (defun g () *m*)", nil, true},
		{"strings reworded",
			`(format t "Ola ~a" 1)`,
			`(format t "Hello, ~a!" 1)`, nil, true},
		{"a given name stays",
			"(defun melhor-jogada (x) x) (melhor-jogada 1)",
			"(defun outra (x) x) (outra 1)", []string{"MELHOR-JOGADA"}, false},
		{"a standard function stays",
			"(defun f (x) (car x))",
			"(defun f (x) (cdr x))", nil, false},
		{"a different structure",
			"(defun f (x) (if x 1 2))",
			"(defun f (x) (when x 1 2))", nil, false},
		{"a local binding that shadows a standard name",
			"(let ((list 1)) list)",
			"(let ((v 1)) v)", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			a, b := normalised(t, tc.a, tc.given...), normalised(t, tc.b, tc.given...)
			if got := slices.Equal(a, b); got != tc.same {
				t.Errorf("%q and %q normalise to the same tokens: %v, want %v", tc.a, tc.b, got, tc.same)
			}
		})
	}
}

func TestWinnowGuarantee(t *testing.T) {
	t.Parallel()
	// A shared run of k+w-1 tokens gives a shared fingerprint, whatever
	// surrounds it.
	const k, w = 5, 4
	shared := "(a (b c) (d e) f)"
	left := normalised(t, "(x y z (q r) "+shared+" s)")
	right := normalised(t, "(m (n o p) "+shared+" (t u v w))")
	prints := func(hs []uint64) map[uint64]bool {
		toks := make([]token, len(hs))
		for i, h := range hs {
			toks[i] = token{h: h}
		}
		set := map[uint64]bool{}
		for _, p := range winnow(nil, toks, form{0, int32(len(toks))}, 0, k, w, 1<<30) {
			set[p.h] = true
		}
		return set
	}
	a, b := prints(left), prints(right)
	found := false
	for h := range a {
		found = found || b[h]
	}
	if !found {
		t.Errorf("no fingerprint shared by two forms sharing %q (%d tokens, k=%d, w=%d)", shared, len(normalised(t, shared)), k, w)
	}
}

func FuzzNormalise(f *testing.F) {
	for _, s := range []string{
		"(defun f (x &optional (y 1 y-p) &key ((:z z) 2)) \"d\" (let* ((a x)) (flet ((g (q) q)) (g a))))",
		"(loop for (a b) in l with c = 1 collect (+ a b c) into r finally (return r))",
		"(defstruct (no (:conc-name n-)) a (b 1)) (defmethod m ((x no) y) (n-a x))",
		"(dolist x) (let x) (lambda) (defun) (labels x) (destructuring-bind) (do ((i 0 (1+ i))) ((> i 3)))",
		"`(a ,b ,@c) #'f #\\a #+sbcl x '(a . b) #(1 2) #.(+ 1 2)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		forms, _ := readForms([]byte(src))
		defs := newNames(map[string]bool{"JOGAR": true})
		for _, v := range forms {
			defs.collect(v)
		}
		z := &normaliser{names: defs, hashes: map[string]uint64{}}
		var prints []print
		for i, fm := range z.normalise(forms, 0) {
			if fm.from > fm.to {
				t.Fatalf("form %d has tokens %d..%d", i, fm.from, fm.to)
			}
			prints = winnow(prints, z.tokens, fm, int32(i), 3, 2, 2)
		}
		for _, tk := range z.tokens {
			if tk.start < 0 || tk.start > tk.end || int(tk.end) > len(src) {
				t.Fatalf("a token at %d..%d of a %d-byte source", tk.start, tk.end, len(src))
			}
		}
		for _, p := range prints {
			if p.pos < 0 || int(p.pos+p.n) > len(z.tokens) {
				t.Fatalf("a fingerprint of tokens %d..%d of %d", p.pos, p.pos+p.n, len(z.tokens))
			}
		}
	})
}
