package adji

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
)

func TestNotation(t *testing.T) {
	tests := []struct {
		in, want string // want "" for an error
	}{
		{"r0c0", "r0c0"},
		{"r0c3", "r0c3"},
		{"R1C5", "r1c5"},
		{" r1c0 ", "r1c0"},
		{"(0 3)", "r0c3"},
		{"(1 5)", "r1c5"},
		{"( 1   0 )", "r1c0"},
		{"(0\t2)", "r0c2"},
		{"pass", "pass"},
		{"PASS", "pass"},
		{"", ""},
		{"r2c0", ""},
		{"r0c6", ""},
		{"r-1c0", ""},
		{"r0c", ""},
		{"r00c1", ""},
		{"(0 6)", ""},
		{"(2 0)", ""},
		{"(0 3 1)", ""},
		{"(0)", ""},
		{"(03)", ""},
		{"0 3", ""},
		{"(0 3", ""},
		{"(a b)", ""},
		{"passe", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			m, err := ParseMove(tt.in)
			switch {
			case tt.want == "" && err == nil:
				t.Errorf("ParseMove(%q) = %s, want an error", tt.in, FormatMove(m))
			case tt.want != "" && err != nil:
				t.Errorf("ParseMove(%q): %v", tt.in, err)
			case tt.want != "" && FormatMove(m) != tt.want:
				t.Errorf("ParseMove(%q) = %s, want %s", tt.in, FormatMove(m), tt.want)
			}
		})
	}
}

// TestNotationRoundTrip writes and reads every hole and the pass, in both
// forms.
func TestNotationRoundTrip(t *testing.T) {
	p := Start()
	for m := range referee.Move(Holes) {
		for _, text := range []string{p.FormatMove(m), lispName(int(m))} {
			if got, err := p.ParseMove(text); err != nil || got != m {
				t.Errorf("ParseMove(%q) = %d, %v; want %d", text, got, err, m)
			}
		}
	}
	if got, err := p.ParseMove(p.FormatMove(referee.Pass)); err != nil || got != referee.Pass {
		t.Errorf("pass: %d, %v", got, err)
	}
	if got := FormatMove(Holes); got != "hole?12" {
		t.Errorf("FormatMove(12) = %q, want hole?12", got)
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"r0c3", "(1 5)", "pass", "", "R1c0", "( 0 0 )", "r9c9", "(0 3 4)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove(text)
		if err != nil {
			if !strings.Contains(err.Error(), "move") {
				t.Errorf("ParseMove(%q): error %q does not say it is about a move", text, err)
			}
			return
		}
		if m != referee.Pass && m >= Holes {
			t.Fatalf("ParseMove(%q) = %d, not a hole", text, m)
		}
		back, err := ParseMove(FormatMove(m))
		if err != nil || back != m {
			t.Errorf("ParseMove(FormatMove(%d) = %q) = %d, %v", m, FormatMove(m), back, err)
		}
	})
}
