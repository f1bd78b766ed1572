package cavalo

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
)

func TestSquareRoundTrip(t *testing.T) {
	for sq := range Squares {
		name := SquareName(sq)
		for _, in := range []string{name, strings.ToLower(name), " " + name + "\t"} {
			got, err := ParseSquare(in)
			if err != nil || got != sq {
				t.Errorf("ParseSquare(%q): got %d, %v; want %d, nil", in, got, err, sq)
			}
		}
	}
}

func TestSquareName(t *testing.T) {
	tests := []struct {
		sq   int
		want string
	}{
		{0, "A1"}, {9, "J1"}, {10, "A2"}, {33, "D4"}, {90, "A10"}, {99, "J10"},
	}
	for _, tt := range tests {
		if got := SquareName(tt.sq); got != tt.want {
			t.Errorf("SquareName(%d): got %q, want %q", tt.sq, got, tt.want)
		}
	}
}

func TestMoveRoundTrip(t *testing.T) {
	var c Position
	check := func(m referee.Move) {
		t.Helper()
		text := c.FormatMove(m)
		for _, in := range []string{text, strings.ToLower(text), "  " + text + "\n"} {
			got, err := c.ParseMove(in)
			if err != nil || got != m {
				t.Errorf("ParseMove(%q): got %v, %v; want %v (from FormatMove), nil", in, got, err, m)
			}
		}
	}
	check(referee.Pass)
	for to := range Squares {
		check(referee.Move(to))
		for removed := range Squares {
			check(referee.Move(to) | referee.Move(removed+1)<<moveRemove)
		}
	}
}

func TestParseMove(t *testing.T) {
	sq := func(name string) referee.Move {
		s, err := ParseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		return referee.Move(s)
	}
	tests := []struct {
		in     string
		want   referee.Move
		format string // FormatMove(want)
	}{
		{"D1", sq("D1"), "D1"},
		{"j10", sq("J10"), "J10"},
		{"J10", sq("J10"), "J10"},
		{"C4xH8", sq("C4") | (sq("H8")+1)<<moveRemove, "C4xH8"},
		{"c4xh8", sq("C4") | (sq("H8")+1)<<moveRemove, "C4xH8"},
		{"C4XH8", sq("C4") | (sq("H8")+1)<<moveRemove, "C4xH8"},
		{"A1xA1", sq("A1") | (sq("A1")+1)<<moveRemove, "A1xA1"}, // syntax only: Legal rejects it
		{"pass", referee.Pass, "pass"},
		{"PASS", referee.Pass, "pass"},
		{" Pass\n", referee.Pass, "pass"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseMove(tt.in)
			if err != nil || got != tt.want {
				t.Fatalf("got %v, %v; want %v, nil", got, err, tt.want)
			}
			if f := FormatMove(got); f != tt.format {
				t.Errorf("FormatMove: got %q, want %q", f, tt.format)
			}
		})
	}
}

func TestParseMoveErrors(t *testing.T) {
	tests := []struct {
		in   string
		want string // a substring of the error
	}{
		{"", "empty move"},
		{"   ", "empty move"},
		{"K1", `bad square "K1"`},
		{"A0", `bad square "A0"`},
		{"A11", `bad square "A11"`},
		{"A01", `bad square "A01"`},
		{"A010", `bad square "A010"`},
		{"A", `bad square "A"`},
		{"1A", `bad square "1A"`},
		{"AA", `bad square "AA"`},
		{"A-1", `bad square "A-1"`},
		{"A1x", `after x: bad square ""`},
		{"xA1", `bad square ""`},
		{"A1xK1", `after x: bad square "K1"`},
		{"A1xB2xC3", `after x: bad square "B2xC3"`},
		{"A1 B2", `bad square "A1 B2"`},
		{"pass2", `bad square "pass2"`},
		{"pas", `bad square "pas"`},
		{"Ä1", "bad square"},
		{"A١", "bad square"}, // an Arabic-Indic digit one
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			m, err := ParseMove(tt.in)
			if err == nil {
				t.Fatalf("got %v (%s), want an error", m, FormatMove(m))
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got error %q, want it to contain %q", err, tt.want)
			}
			if tt.in != "" && strings.TrimSpace(tt.in) != "" && !strings.Contains(err.Error(), `"`+tt.in+`"`) {
				t.Errorf("got error %q, want it to quote the input %q", err, tt.in)
			}
		})
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"D1", "C4xH8", "c4xh8", "j10", "pass", "K1", "A0", "A11", "", "A1x", "pass2", "A01", "A1xB2xC3", "\xff1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove(text)
		if err != nil {
			if err.Error() == "" {
				t.Errorf("ParseMove(%q): empty error message", text)
			}
			return
		}
		out := FormatMove(m)
		back, err := ParseMove(out)
		if err != nil || back != m {
			t.Errorf("ParseMove(%q) = %v; FormatMove = %q; parsed back: got %v, %v; want %v, nil", text, m, out, back, err, m)
		}
		if m != referee.Pass {
			if to := int(m & moveTo); to >= Squares {
				t.Errorf("ParseMove(%q): target square %d, want 0..99", text, to)
			}
			if r := int(m >> moveRemove); r > Squares {
				t.Errorf("ParseMove(%q): removed square %d, want 0..99", text, r-1)
			}
		}
	})
}
