package builtin

import (
	"context"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/quatro"
	"github.com/arenabots/arena/referee"
)

// TestQuatroAlphaBetaBeatsGreedy plays alphabeta (a node budget, so that
// the games are the same on any machine) against greedy at Jogo do Quatro on
// 12 seeded openings (opening_plies 2), each with both colours, and checks
// that alphabeta scores at least two thirds of the points (it scores 20.5
// of 24; 19 to 21.5 at 100 ms a move, 14 with 30 nodes a move): greedy
// takes any win and avoids handing one over, so alphabeta must see further
// than the next reply.
func TestQuatroAlphaBetaBeatsGreedy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 24 games of Jogo do Quatro with a search")
	}
	game := quatro.Game{OpeningPlies: 2}
	var ab, gr float64
	for round := 1; round <= 12; round++ {
		seed := referee.RoundSeed(21, round)
		for colour := range 2 {
			a, err := newAlphaBeta(Options{"nodes": "5000"})
			if err != nil {
				t.Fatal(err)
			}
			g, err := newGreedy(nil)
			if err != nil {
				t.Fatal(err)
			}
			players := [2]referee.Player{bots.Local(a), bots.Local(g)}
			if colour == 1 {
				players[0], players[1] = players[1], players[0]
			}
			abSide := referee.Side(colour + 1)
			rec := referee.Match(context.Background(), game.New(seed), players, referee.MatchOptions{
				Clock: referee.Clock{Tempo: 5 * time.Second, Margin: 5 * time.Second},
			})
			if rec.Reason != referee.Normal {
				t.Errorf("round %d: the game ended by %s: %s", round, rec.Reason, rec.Detail)
			}
			switch rec.Winner {
			case abSide:
				ab++
			case 0:
				ab, gr = ab+0.5, gr+0.5
			default:
				gr++
			}
			t.Logf("round %d seed %#016x alphabeta %s: %s (%s %s)", round, seed, abSide, outcome(rec.Winner, abSide), rec.Reason, rec.Detail)
		}
	}
	t.Logf("alphabeta %.1f, greedy %.1f of 24", ab, gr)
	if ab < 16 {
		t.Errorf("alphabeta scored %.1f of 24 against greedy, want at least 16", ab)
	}
}

// TestQuatroSearchBotsWin gives alphabeta (a node budget) and classic the
// sample position of Jogo do Quatro where the mover wins at once: each
// answers a winning placement, in time, with the state it leads to.
func TestQuatroSearchBotsWin(t *testing.T) {
	t.Parallel()
	samples, err := quatro.Game{}.Samples(1)
	if err != nil {
		t.Fatal(err)
	}
	win := samples[len(samples)-1].State
	for _, opts := range []struct {
		name string
		make func(Options) (bots.Bot, error)
		opts Options
	}{
		{"alphabeta", newAlphaBeta, Options{"nodes": "20000"}},
		{"alphabeta", newAlphaBeta, nil},
		{"classic", newClassic, nil},
		{"classic", newClassic, Options{"depth": "1"}},
	} {
		b, err := opts.make(opts.opts)
		if err != nil {
			t.Fatal(err)
		}
		st := win.Clone()
		a, cpu, err := jogarCPU(t, b, st, 300*time.Millisecond)
		if err != nil {
			t.Fatalf("%s %v: %v", opts.name, opts.opts, err)
		}
		if cpu > 600*time.Millisecond {
			t.Errorf("%s %v: took %v of CPU of a 300 ms tempo", opts.name, opts.opts, cpu)
		}
		m, err := st.ParseMove(a.Move)
		if err != nil || !referee.Legal(st, m) {
			t.Fatalf("%s %v: move %q (%v)", opts.name, opts.opts, a.Move, err)
		}
		after := st.Clone()
		after.Play(m)
		if sc := after.Scores(); sc[st.ToMove().Index()] != 1 {
			t.Errorf("%s %v: %s does not win in\n%v", opts.name, opts.opts, a.Move, st)
		}
		if a.State == nil || after.(interface{ Diff(referee.State) string }).Diff(a.State) != "" {
			t.Errorf("%s %v: the state answered is not the move's", opts.name, opts.opts)
		}
	}
}
