package sexp

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		want     Value
	}{
		{"integer", "42", Int(42)},
		{"negative", " -7 ", Int(-7)},
		{"plus sign", "+3", Int(3)},
		{"decimal point", "10.", Int(10)},
		{"symbol upcased", "jogar", Sym("JOGAR")},
		{"move symbol", "c4xh8", Sym("C4XH8")},
		{"package dropped", "p170221035::jogar", Sym("JOGAR")},
		{"keyword", ":answer", Sym("ANSWER")},
		{"bars keep case", "|J10|", Sym("J10")},
		{"bars lower", "|abc|", Sym("abc")},
		{"escape", `a\bc`, Sym("AbC")},
		{"float is a symbol", "1.5", Sym("1.5")},
		{"nil", "nil", Nil()},
		{"empty list", "()", Nil()},
		{"string", `"J10"`, Str("J10")},
		{"string escapes", `"a\"b\\c"`, Str(`a"b\c`)},
		{"quote", "'x", List(Sym("QUOTE"), Sym("X"))},
		{"function", "#'jogar", List(Sym("FUNCTION"), Sym("JOGAR"))},
		{"vector", "#(1 2)", List(Int(1), Int(2))},
		{"comments", "; hi\n#| a #| nested |# b |# (1 ;x\n 2)", List(Int(1), Int(2))},
		{"answer", `((0 3) ((1 NIL -1) (2 3)))`, List(List(Int(0), Int(3)), List(List(Int(1), Nil(), Int(-1)), List(Int(2), Int(3))))},
		{"tight", `("a"b)`, List(Str("a"), Sym("B"))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := Parse([]byte(tc.in))
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.in, err)
			}
			if !got.Equal(tc.want) {
				t.Errorf("Parse(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"empty", "", "no expression"},
		{"only comment", "; nothing", "no expression"},
		{"unclosed", "(1 2", "input ends inside a list"},
		{"unclosed string", `"abc`, "input ends inside a string"},
		{"unclosed bars", `|abc`, "input ends inside a |symbol|"},
		{"close first", ")", "unexpected )"},
		{"trailing", "1 2", "unexpected text"},
		{"dotted", "(1 . 2)", "dotted lists are not supported"},
		{"dot alone", ".", "a dot outside a list"},
		{"dots", "(..)", "only dots"},
		{"backquote", "`(a)", "backquote"},
		{"read eval", "#.(quit)", "#. syntax is not supported"},
		{"overflow", "99999999999999999999", "does not fit"},
		{"deep", strings.Repeat("(", maxDepth+2), "nested deeper"},
		{"unclosed comment", "#| abc", "inside a #| comment"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse([]byte(tc.in))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q) error = %v, want a *SyntaxError", tc.in, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Parse(%q) error = %q, want it to contain %q", tc.in, err, tc.want)
			}
		})
	}
}

func TestAppend(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   Value
		want string
	}{
		{"nil", Nil(), "NIL"},
		{"int", Int(-12), "-12"},
		{"bare symbol", Sym("JOGAR"), "JOGAR"},
		{"lower symbol", Sym("jogar"), "|jogar|"},
		{"numeric symbol", Sym("10"), "|10|"},
		{"float-like symbol", Sym("1.5"), "|1.5|"},
		{"colon symbol", Sym("A:B"), "|A:B|"},
		{"empty symbol", Sym(""), "||"},
		{"string", Str(`say "hi"\`), `"say \"hi\"\\"`},
		{"request", List(Sym("JOGAR"), Int(1), List(Int(3), Nil()), Int(1000)), "(JOGAR 1 (3 NIL) 1000)"},
		{"invalid kind", Value{}, "NIL"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := tc.in.String(); got != tc.want {
				t.Errorf("%#v written = %s, want %s", tc.in, got, tc.want)
			}
		})
	}
}

func TestDecoderStream(t *testing.T) {
	t.Parallel()
	d := NewDecoder(strings.NewReader(`(:ready 1 "P1") ; note
(:answer 2 ("J10" nil))`))
	var got []string
	for {
		v, err := d.Decode()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, v.String())
	}
	want := []string{`(READY 1 "P1")`, `(ANSWER 2 ("J10" NIL))`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("decoded %q, want %q", got, want)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "()", "(1 2 3)", `("J10" ((1 2) nil))`, "|a\\|b|", "#|x|#1", "'(a . b)",
		"p::x", ":k", "10.", "-", "+1", `"\"`, "#(1 #'f)", ";\n(nil)", "(((((1)))))",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Parse(data)
		if err != nil {
			return
		}
		text := v.String()
		w, err := Parse([]byte(text))
		if err != nil {
			t.Fatalf("Parse(%q) = %v, written %q, which does not parse: %v", data, v, text, err)
		}
		if !w.Equal(v) {
			t.Fatalf("Parse(%q) = %v, written %q, read back %v", data, v, text, w)
		}
	})
}
