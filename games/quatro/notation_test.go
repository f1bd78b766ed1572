package quatro

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
)

func TestParseMove(t *testing.T) {
	for _, c := range []struct {
		text string
		want string // the canonical form, "" for an error
		err  string // part of the error
	}{
		{"B3:BQAO", "B3:BQAO", ""},
		{"A1:BQAC", "A1:BQAC", ""},
		{"D4:PRBO", "D4:PRBO", ""},
		{"b3:bqao", "B3:BQAO", ""},
		{"  c2:PrBc \n", "C2:PRBC", ""},
		{"B3 BQAO", "B3:BQAO", ""},
		{"B3BQAO", "B3:BQAO", ""},
		{"B3 : BQAO", "B3:BQAO", ""},
		{"(B3 (BRANCA QUADRADA ALTA OCA))", "B3:BQAO", ""},
		{"(b3 (branca quadrada alta oca))", "B3:BQAO", ""},
		{"( D1 ( PRETA REDONDA BAIXA CHEIA ) )", "D1:PRBC", ""},
		{"(A4(PRETA QUADRADA BAIXA OCA))", "A4:PQBO", ""},
		{"", "", "empty move"},
		{"pass", "", "no pass"},
		{"B", "", "bad move"},
		{"E1:BQAO", "", `bad cell "E1"`},
		{"A5:BQAO", "", `bad cell "A5"`},
		{"A0:BQAO", "", `bad cell "A0"`},
		{"B3:", "", "bad piece"},
		{"B3:BQA", "", "bad piece"},
		{"B3:BQAOO", "", "bad piece"},
		{"B3:XQAO", "", `bad colour "X": want B or P`},
		{"B3:BXAO", "", `bad shape "X": want Q or R`},
		{"B3:BQXO", "", `bad height "X": want A or B`},
		{"B3:BQAX", "", `bad fill "X": want C or O`},
		{"B3::BQAO", "", "bad piece"},
		{"(B3 (BRANCA QUADRADA ALTA))", "", "long form"},
		{"(B3 BRANCA QUADRADA ALTA OCA)", "", "long form"},
		{"(B3 (BRANCA QUADRADA ALTA OCA)", "", "long form"},
		{"(Z3 (BRANCA QUADRADA ALTA OCA))", "", "bad cell"},
		{"(B3 (BRANCA QUADRADA OCA ALTA))", "", `bad height "OCA"`},
		{"(B3 (B Q A O))", "", `bad colour "B": want BRANCA or PRETA`},
	} {
		t.Run(c.text, func(t *testing.T) {
			q := New()
			m, err := q.ParseMove(c.text)
			if c.want == "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("ParseMove(%q) = %s, %v; want an error with %q", c.text, FormatMove(m), err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", c.text, err)
			}
			if got := q.FormatMove(m); got != c.want {
				t.Errorf("FormatMove(ParseMove(%q)) = %q, want %q", c.text, got, c.want)
			}
		})
	}
}

// TestNotationRoundTrip checks every one of the 256 moves both ways, in
// both forms.
func TestNotationRoundTrip(t *testing.T) {
	seen := map[string]bool{}
	for m := range referee.Move(Cells * Pieces) {
		text := FormatMove(m)
		if seen[text] {
			t.Errorf("FormatMove(%d) = %q, as another move", m, text)
		}
		seen[text] = true
		if back, err := ParseMove(text); err != nil || back != m {
			t.Errorf("ParseMove(%q) = %d, %v; want %d", text, back, err, m)
		}
		c, p := split(m)
		w := p.Words()
		long := "(" + CellName(c) + " (" + strings.Join(w[:], " ") + "))"
		if back, err := ParseMove(long); err != nil || back != m {
			t.Errorf("ParseMove(%q) = %d, %v; want %d", long, back, err, m)
		}
	}
	for _, c := range []struct {
		m    referee.Move
		want string
	}{{referee.Pass, "pass"}, {256, "move?256"}, {0, "A1:BQAC"}, {9<<4 | 1, "B3:BQAO"}, {255, "D4:PRBO"}} {
		if got := FormatMove(c.m); got != c.want {
			t.Errorf("FormatMove(%d) = %q, want %q", c.m, got, c.want)
		}
	}
}

// FuzzParseMove checks that ParseMove never panics, and that what it reads
// is a move that writes and reads back to itself.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"B3:BQAO", "b3 bqao", "(B3 (BRANCA QUADRADA ALTA OCA))", "pass", "", "(", "((", "A1:", "Ω3:BQAO", "B\xff:BQAO"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove(text)
		if err != nil {
			if err.Error() == "" {
				t.Errorf("ParseMove(%q): empty error", text)
			}
			return
		}
		if m >= Cells*Pieces {
			t.Fatalf("ParseMove(%q) = %d, not a move", text, m)
		}
		out := FormatMove(m)
		if back, err := ParseMove(out); err != nil || back != m {
			t.Errorf("ParseMove(%q) = %d, but ParseMove(FormatMove) = %d, %v", text, m, back, err)
		}
	})
}
