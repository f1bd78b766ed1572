package sexp

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// readAll reads every form of src with a source decoder.
func readAll(src string) ([]Value, error) {
	d := NewSourceDecoder(strings.NewReader(src))
	var out []Value
	for {
		v, err := d.Decode()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
}

func TestSourceDecoder(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"backquote", "(defmacro m (x) `(list ,x ,@x))", "(DEFMACRO M (X) (QUASIQUOTE (LIST (UNQUOTE X) (UNQUOTE X))))"},
		{"characters", `(char= c #\a #\Space #\( #\))`, `(CHAR= C "a" "Space" "(" ")")`},
		{"features", "#+lispworks (load \"x.ofasl\") #-sbcl 1", `(FEATURE+ LISPWORKS (LOAD "x.ofasl")) (FEATURE- SBCL 1)`},
		{"dotted", "(cons 1 '(a . b))", "(CONS 1 (QUOTE (A B)))"},
		{"uninterned and pathname", `(defpackage #:p12 (:use #:cl)) (load #p"jogo.lisp")`, `(DEFPACKAGE P12 (USE CL)) (LOAD "jogo.lisp")`},
		{"read-eval and radix", "#.(+ 1 2) #x1F", "(READ-EVAL (+ 1 2)) X1F"},
		{"vector", "#(1 2)", "(1 2)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			forms, err := readAll(tc.src)
			if err != nil {
				t.Fatalf("reading %q: %v", tc.src, err)
			}
			var got []string
			for _, f := range forms {
				got = append(got, f.String())
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("read %q as %q, want %q", tc.src, strings.Join(got, " "), tc.want)
			}
		})
	}
	if _, err := Parse([]byte("`(a ,b)")); err == nil {
		t.Error("Parse accepts backquote: only a source decoder should")
	}
}

func FuzzSourceDecoder(f *testing.F) {
	for _, s := range []string{"(defun jogar (e tempo) `(,e))", `#\a #+sbcl x`, "(a . b)", "#1=(a . #1#)", "#|c|# ;x\n(1)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		readAll(src) // must not panic or hang
	})
}

func TestPositions(t *testing.T) {
	src := "; c\n(defun f (x) 'x #|c|# \"s\")"
	forms, err := readAll(src)
	if err != nil || len(forms) != 1 {
		t.Fatalf("reading %q: %v, %d forms", src, err, len(forms))
	}
	f := forms[0]
	for _, tc := range []struct {
		name string
		v    Value
		want string
	}{
		{"form", f, "(defun f (x) 'x #|c|# \"s\")"},
		{"head", f.Items[0], "defun"},
		{"params", f.Items[2], "(x)"},
		{"quoted", f.Items[3], "'x"},
		{"inside the quote", f.Items[3].Items[1], "x"},
		{"string", f.Items[4], `"s"`},
	} {
		if got := src[tc.v.Start:tc.v.End]; got != tc.want {
			t.Errorf("%s: at %d..%d is %q, want %q", tc.name, tc.v.Start, tc.v.End, got, tc.want)
		}
	}
	if q := f.Items[3].Items[0]; q.Start != 0 || q.End != 0 {
		t.Errorf("the QUOTE a ' adds is at %d..%d, want 0..0", q.Start, q.End)
	}
}
