package builtin

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
)

// TestRandomGreedyPlayDots plays whole Dots and Boxes games between random
// and greedy, checking every answer against the rules.
func TestRandomGreedyPlayDots(t *testing.T) {
	rnd, err := newRandom(nil)
	if err != nil {
		t.Fatal(err)
	}
	players := [2]interface {
		Jogar(context.Context, referee.State, time.Duration) (bots.Answer, error)
	}{rnd, greedy{}}
	for _, b := range players {
		if b, ok := b.(interface{ Info() bots.Info }); ok && !slices.Contains(b.Info().Games, dots.Name) {
			t.Errorf("%s does not list dots in its Info", b.Info().Name)
		}
	}
	st := dots.Game{Rows: 3, Cols: 4, OpeningArcs: 4}.New(9)
	for !st.Terminal() {
		ans, err := players[st.ToMove().Index()].Jogar(context.Background(), st.Clone(), time.Second)
		if err != nil {
			t.Fatal(err)
		}
		m, err := st.ParseMove(ans.Move)
		if err != nil || !referee.Legal(st, m) {
			t.Fatalf("answer %q in\n%s\nis not a legal move (%v)", ans.Move, st, err)
		}
		st.Play(m)
		if d := st.(*dots.Position).Diff(ans.State); d != "" {
			t.Fatalf("after %s the claimed state differs: %s", ans.Move, d)
		}
	}
}

// TestGreedyDots checks greedy's two rules in Dots and Boxes: it closes a
// box when it can, and otherwise draws no third side of a box.
func TestGreedyDots(t *testing.T) {
	tests := []struct {
		name  string
		moves []string // from the empty 2x2 board
		want  []string // greedy answers one of these
		avoid []string // and none of these
	}{
		// The top-left box has three sides; A2-B2 closes it.
		{"takes a box", []string{"A1-B1", "C3-B3", "A1-A2", "C2-C3", "B1-B2"}, []string{"A2-B2"}, nil},
		// The top-left box has its left and right sides: its top, the
		// first arc in move order, or its bottom would give it away.
		{"gives no box", []string{"A1-A2", "B1-B2"}, nil, []string{"A1-B1", "A2-B2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := dots.New(2, 2)
			for _, text := range tt.moves {
				m, err := p.ParseMove(text)
				if err != nil {
					t.Fatal(err)
				}
				p.Play(m)
			}
			ans, err := greedy{}.Jogar(context.Background(), &p, time.Second)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want != nil && !slices.Contains(tt.want, ans.Move) || slices.Contains(tt.avoid, ans.Move) {
				t.Errorf("greedy played %s in\n%s\nwant one of %v and none of %v", ans.Move, &p, tt.want, tt.avoid)
			}
		})
	}
}

// dotsSearchBots are the searching bots that play Dots and Boxes, with the
// options of their tests.
var dotsSearchBots = map[string]func() (bots.Bot, error){
	"classic":   func() (bots.Bot, error) { return newClassic(nil) },
	"alphabeta": func() (bots.Bot, error) { return newAlphaBeta(Options{"tt_mb": "4"}) },
}

// TestSearchBotsDotsSamples has each searching bot answer the reference
// positions of Dots and Boxes with a legal move and the state it leads to,
// within its tempo.
func TestSearchBotsDotsSamples(t *testing.T) {
	t.Parallel()
	samples, err := dots.Game{}.Samples(5)
	if err != nil {
		t.Fatal(err)
	}
	// The bots stop at 70 % of tempo; the rest absorbs the gaps between
	// their clock checks, which a race-instrumented build widens.
	const tempo = 300 * time.Millisecond
	for name, newBot := range dotsSearchBots {
		b, err := newBot()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(b.Info().Games, dots.Name) {
			t.Errorf("%s does not list dots in its Info", name)
		}
		for _, s := range samples {
			st := s.State.(*dots.Position)
			before := *st
			a, cpu, err := jogarCPU(t, b, st, tempo)
			if cpu > 2*tempo {
				t.Errorf("%s, %s: answered after %v of CPU, tempo %v", name, s.Name, cpu, tempo)
			}
			if err != nil {
				t.Fatalf("%s, %s: %v", name, s.Name, err)
			}
			if *st != before {
				t.Fatalf("%s, %s: the bot changed the referee's state", name, s.Name)
			}
			m, err := st.ParseMove(a.Move)
			if err != nil || !referee.Legal(st, m) {
				t.Fatalf("%s, %s: move %q is not legal (%v)", name, s.Name, a.Move, err)
			}
			want := st.Clone()
			want.Play(m)
			if d := want.(*dots.Position).Diff(a.State); d != "" {
				t.Errorf("%s, %s: claimed state differs: %s", name, s.Name, d)
			}
		}
	}
}

// TestSearchBotsDotsTakeBox checks that each searching bot takes a box that
// is free: a box of three sides whose taking gives nothing away.
func TestSearchBotsDotsTakeBox(t *testing.T) {
	t.Parallel()
	p := dots.New(2, 2)
	// The top-left box has three sides, Black to move; no other box has two.
	for _, text := range []string{"A1-B1", "A1-A2", "B1-B2"} {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		p.Play(m)
	}
	for name, newBot := range dotsSearchBots {
		b, err := newBot()
		if err != nil {
			t.Fatal(err)
		}
		a, err := b.Jogar(context.Background(), &p, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if a.Move != "A2-B2" {
			t.Errorf("%s played %s in\n%s\nwant A2-B2", name, a.Move, &p)
		}
	}
}
