package dots

import (
	"testing"

	"github.com/arenabots/arena/referee"
)

func TestWhyIllegal(t *testing.T) {
	g := Game{Rows: 2, Cols: 2}
	p := g.New(1).(*Position)
	a, _ := p.ParseMove("A1-B1")
	p.Play(a)
	for _, tc := range []struct {
		name string
		m    referee.Move
		want string
	}{
		{"a pass", referee.Pass, "there is no pass in Dots and Boxes: draw an empty arc"},
		{"off the board", referee.Move(p.Arcs()), "the arc is not on the board"},
		{"drawn", a, "A1-B1 is already drawn (by white)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := p.WhyIllegal(tc.m); got != tc.want {
				t.Errorf("WhyIllegal = %q, want %q", got, tc.want)
			}
		})
	}
	var buf [referee.MaxMoves]referee.Move
	for _, m := range p.Moves(buf[:0]) {
		if why := p.WhyIllegal(m); why != "" {
			t.Errorf("legal %s explained: %q", p.FormatMove(m), why)
		}
	}
	for _, m := range p.Moves(buf[:0]) {
		p.Play(m)
	}
	if got := p.WhyIllegal(a); got != "the game is over: every arc is drawn" {
		t.Errorf("after the last arc: %q", got)
	}
}
