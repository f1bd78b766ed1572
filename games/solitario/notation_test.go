package solitario

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
)

func TestParseMove(t *testing.T) {
	tests := []struct {
		in   string
		want string // the canonical form; "" for an error
	}{
		{"b2-3", "b2-3"},
		{"B2-3", "b2-3"},
		{"  cd4-2 ", "cd4-2"},
		{"CE3-7", "ce3-7"},
		{"(b 2 3)", "b2-3"},
		{"(CB 2 4)", "cb2-4"},
		{"( cc  6   3 )", "cc6-3"},
		{"pass", "pass"},
		{"PASS", "pass"},
		{"c1-1", "c1-1"}, // off the board, but well-formed: WhyIllegal says why
		{"", ""},
		{"b2", ""},
		{"b2-", ""},
		{"b8-3", ""},
		{"b2-0", ""},
		{"b0-3", ""},
		{"x2-3", ""},
		{"bb2-3", ""},
		{"ccc2-3", ""},
		{"2-3", ""},
		{"b23", ""},
		{"b2-3-4", ""},
		{"b 2-3", ""},
		{"b2-33", ""},
		{"(b 2)", ""},
		{"(b 2 3", ""},
		{"b 2 3)", ""},
		{"(b 2 3 4)", ""},
		{"(b 2-3)", ""},
		{"D1", ""},
		{"A1-B1", ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			m, err := ParseMove(tc.in)
			switch {
			case tc.want == "" && err == nil:
				t.Errorf("ParseMove(%q) = %s, want an error", tc.in, FormatMove(m))
			case tc.want == "":
				if !strings.Contains(err.Error(), "want") {
					t.Errorf("error %q does not say what is wanted", err)
				}
			case err != nil:
				t.Errorf("ParseMove(%q): %v", tc.in, err)
			case FormatMove(m) != tc.want:
				t.Errorf("ParseMove(%q) = %s, want %s", tc.in, FormatMove(m), tc.want)
			}
		})
	}
}

// TestNotationRoundTrip formats every move of the encoding, on the board
// or not, and reads it back, in both notations.
func TestNotationRoundTrip(t *testing.T) {
	n := 0
	for op := range ops {
		for sq := range cells {
			m := move(op, sq)
			text := FormatMove(m)
			r, c := sq/Size+1, sq%Size+1
			lisp := "(" + strings.ToUpper(ops[op]) + " " + string(rune('0'+r)) + " " + string(rune('0'+c)) + ")"
			for _, in := range []string{text, strings.ToUpper(text), lisp} {
				back, err := ParseMove(in)
				if err != nil || back != m {
					t.Errorf("ParseMove(%q) = %d, %v; want %d", in, back, err, m)
				}
			}
			n++
		}
	}
	if back, err := ParseMove(FormatMove(referee.Pass)); err != nil || back != referee.Pass {
		t.Errorf("pass: %d, %v", back, err)
	}
	if n != 8*49 {
		t.Errorf("%d moves, want %d", n, 8*49)
	}
	if got := FormatMove(referee.Move(1 << 20)); !strings.HasPrefix(got, "move?") {
		t.Errorf("FormatMove of no move = %q, want move?N", got)
	}
}

// FuzzParseMove checks that ParseMove never panics, and that what it reads
// is written back in a form it reads as the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"b2-3", "(b 2 3)", "CD4-2", "pass", "", "(", "b-", "cc7-7", "(x 1 1)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove(text)
		if err != nil {
			return
		}
		out := FormatMove(m)
		back, err := ParseMove(out)
		if err != nil || back != m {
			t.Errorf("ParseMove(%q) = %d, written %q, read back as %d, %v", text, m, out, back, err)
		}
	})
}
