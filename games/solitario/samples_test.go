package solitario

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
)

// TestSamples checks that every sample gives the mover a real choice, and
// that the midgames offer what their names say.
func TestSamples(t *testing.T) {
	g := Game{OpeningPlies: 4}
	samples, err := g.Samples(1)
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != 4 || !strings.Contains(samples[0].Name, "after 4 opening plies") {
		t.Fatalf("%d samples, the first %q; want the start after 4 opening plies and 3 midgames", len(samples), samples[0].Name)
	}
	var buf [referee.MaxMoves]referee.Move
	for _, s := range samples {
		p := s.State.(*Position)
		moves := p.Moves(buf[:0])
		jumps, wins := 0, 0
		for _, m := range moves {
			if m != referee.Pass && m>>moveOp >= jumpOp {
				jumps++
			}
			q := *p
			q.Play(m)
			if q.Winner() != 0 {
				wins++
			}
		}
		t.Logf("%s: %d moves, %d jumps, %d wins\n%s", s.Name, len(moves), jumps, wins, p)
		switch {
		case len(moves) < 2:
			t.Errorf("%s: %d moves, want a choice", s.Name, len(moves))
		case strings.Contains(s.Name, "capture") && jumps == 0:
			t.Errorf("%s: no capture to take", s.Name)
		case strings.Contains(s.Name, "win at once") && wins == 0:
			t.Errorf("%s: no winning move", s.Name)
		}
	}
}
