package builtin

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/internal/samples"
	"github.com/arenabots/arena/referee"
)

// samplePositions returns the referee's sample positions and a few openings.
func samplePositions(t *testing.T) map[string]referee.State {
	t.Helper()
	out := map[string]referee.State{}
	for _, seed := range []uint64{1, 2, 42} {
		st := cavalo.Game{}.New(seed)
		out[fmt.Sprintf("new seed %d", seed)] = st
	}
	for _, name := range samples.Names() {
		out[name+".json"] = samples.Load(t, name)
	}
	return out
}

func TestRandomGreedyOptions(t *testing.T) {
	for _, tc := range []struct {
		bot     string
		opts    Options
		wantErr string
	}{
		{"random", nil, ""},
		{"random", Options{"seed": "42"}, ""},
		{"random", Options{"seed": "-1"}, "want a whole number"},
		{"random", Options{"depth": "3"}, "unknown option depth"},
		{"greedy", nil, ""},
		{"greedy", Options{"seed": "1"}, "unknown option seed"},
	} {
		t.Run(tc.bot+" "+strings.Join(optionList(tc.opts), " "), func(t *testing.T) {
			f, err := Lookup(tc.bot)
			if err != nil {
				t.Fatal(err)
			}
			_, err = f(tc.opts)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("got error %v, want none", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("got error %v, want one saying %q", err, tc.wantErr)
			}
		})
	}
}

func optionList(o Options) []string {
	var l []string
	for k, v := range o {
		l = append(l, k+"="+v)
	}
	return l
}

// TestRandomSeeded checks that random plays legal moves, that the same seed
// replays the same game and that another seed plays another.
func TestRandomSeeded(t *testing.T) {
	play := func(seed string) []string {
		b, err := newRandom(Options{"seed": seed})
		if err != nil {
			t.Fatal(err)
		}
		st := cavalo.Game{}.New(9)
		var moves []string
		for !st.Terminal() {
			a, err := b.Jogar(context.Background(), st.Clone(), time.Second)
			if err != nil {
				t.Fatal(err)
			}
			m, err := st.ParseMove(a.Move)
			if err != nil || !referee.Legal(st, m) {
				t.Fatalf("random played %q, not legal in\n%v", a.Move, st)
			}
			st.Play(m)
			if d := st.(*cavalo.Position).Diff(a.State); d != "" {
				t.Fatalf("claimed state differs: %s", d)
			}
			moves = append(moves, a.Move)
		}
		return moves
	}
	a, b, c := play("5"), play("5"), play("6")
	if strings.Join(a, " ") != strings.Join(b, " ") {
		t.Errorf("seed 5 played two different games:\n%v\n%v", a, b)
	}
	if strings.Join(a, " ") == strings.Join(c, " ") {
		t.Errorf("seeds 5 and 6 played the same game %v", a)
	}
}

// TestGreedyChoice checks greedy's rule on sample positions: no move scores
// more than its move, and no move that scores as much leaves the opponent
// fewer replies.
func TestGreedyChoice(t *testing.T) {
	b, err := newGreedy(nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, st := range samplePositions(t) {
		t.Run(name, func(t *testing.T) {
			var buf [referee.MaxMoves]referee.Move
			if len(st.Moves(buf[:0])) == 0 {
				t.Skip("finished game")
			}
			a, err := b.Jogar(context.Background(), st.Clone(), time.Second)
			if err != nil {
				t.Fatal(err)
			}
			m, err := st.ParseMove(a.Move)
			if err != nil || !referee.Legal(st, m) {
				t.Fatalf("greedy played %q, not legal", a.Move)
			}
			gain, replies := greedyOutcome(st, m)
			for _, x := range st.Moves(buf[:0]) {
				g, r := greedyOutcome(st, x)
				if g > gain || g == gain && r < replies {
					t.Errorf("greedy played %s (+%d, %d replies) but %s gives +%d, %d replies", a.Move, gain, replies, st.FormatMove(x), g, r)
				}
			}
			if a.Stats.Eval != float64(gain) || a.Stats.Depth != 1 {
				t.Errorf("stats %+v, want eval %d at depth 1", a.Stats, gain)
			}
		})
	}
}

// greedyOutcome returns the points m scores in st and the opponent's replies.
func greedyOutcome(st referee.State, m referee.Move) (gain, replies int) {
	me := st.ToMove().Index()
	child := st.Clone()
	child.Play(m)
	var buf [referee.MaxMoves]referee.Move
	r := child.Moves(buf[:0])
	if len(r) == 1 && r[0] == referee.Pass {
		r = nil
	}
	return child.Scores()[me] - st.Scores()[me], len(r)
}
