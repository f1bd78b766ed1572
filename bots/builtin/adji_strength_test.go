package builtin

import (
	"context"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/adji"
	"github.com/arenabots/arena/referee"
)

// adjiLeague plays a against b on rounds seeded Adji-boto boards (4
// opening plies from each round's seed), each with both colours, checking
// every answer, and returns a's points (1 a win, ½ a draw) and games.
func adjiLeague(t *testing.T, a, b func() bots.Bot, rounds int) (points float64, games int) {
	t.Helper()
	game := adji.Game{OpeningPlies: 4}
	for round := 1; round <= rounds; round++ {
		seed := referee.RoundSeed(11, round)
		for colour := range 2 {
			players := [2]referee.Player{bots.Local(a()), bots.Local(b())}
			if colour == 1 {
				players[0], players[1] = players[1], players[0]
			}
			aSide := referee.Side(colour + 1)
			rec := referee.Match(context.Background(), game.New(seed), players, referee.MatchOptions{
				Clock: referee.Clock{Tempo: 5 * time.Second, Margin: 5 * time.Second},
			})
			if rec.Reason != referee.Normal {
				t.Fatalf("round %d: the game ended by %s (%s), want a finished game", round, rec.Reason, rec.Detail)
			}
			games++
			switch rec.Winner {
			case aSide:
				points++
			case 0:
				points += 0.5
			}
			t.Logf("round %d seed %#016x %s: %3d-%3d, %s (%s)", round, seed, aSide, rec.Scores[0], rec.Scores[1], outcome(rec.Winner, aSide), rec.Reason)
		}
	}
	return points, games
}

// TestAdjiAlphaBetaBeatsGreedy plays alphabeta (a node budget, so that the
// games are the same on any machine) against greedy on seeded Adji-boto
// boards: alphabeta must score at least 75% (it wins all 8 at 2,000 nodes a
// move, as at 10,000).
func TestAdjiAlphaBetaBeatsGreedy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole Adji-boto games with a search")
	}
	ab := func() bots.Bot {
		b, err := newAlphaBeta(Options{"nodes": "2000"})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	points, games := adjiLeague(t, ab, func() bots.Bot { return greedy{} }, 4)
	t.Logf("alphabeta vs greedy: %.1f of %d", points, games)
	if points < 0.75*float64(games) {
		t.Errorf("alphabeta scored %.1f of %d against greedy, want at least 75%%", points, games)
	}
}

// TestAdjiClassicPlays plays classic, which searches by CourseValue,
// against random: every answer legal, and classic ahead.
func TestAdjiClassicPlays(t *testing.T) {
	cl := func() bots.Bot {
		b, err := newClassic(Options{"depth": "3"})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	rnd := func() bots.Bot {
		b, err := newRandom(nil)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	points, games := adjiLeague(t, cl, rnd, 2)
	if points < 0.75*float64(games) {
		t.Errorf("classic scored %.1f of %d against random, want at least 75%%", points, games)
	}
}

// TestAdjiAlphaBetaBeatsClassic plays alphabeta (a node budget) against
// classic at its default depth, which searches by the course's evaluation:
// alphabeta must score at least 75% (it wins all 8 at 10,000 nodes a move,
// 7 at 4,000, 5 at 2,000).
func TestAdjiAlphaBetaBeatsClassic(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole Adji-boto games with two searches")
	}
	ab := func() bots.Bot {
		b, err := newAlphaBeta(Options{"nodes": "10000"})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	cl := func() bots.Bot {
		b, err := newClassic(nil)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	points, games := adjiLeague(t, ab, cl, 4)
	t.Logf("alphabeta vs classic: %.1f of %d", points, games)
	if points < 0.75*float64(games) {
		t.Errorf("alphabeta scored %.1f of %d against classic, want at least 75%%", points, games)
	}
}
