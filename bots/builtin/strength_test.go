package builtin

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
)

// TestStrength plays alphabeta against classic on the 20 boards of
// configs/strength.yaml (league seed 7), each with both colours, at 200 ms a
// move, and reports alphabeta's score. It takes about a minute of CPU: set
// ARENA_STRENGTH=1 to run it (ARENA_STRENGTH_ROUNDS=n for another number of
// boards, ARENA_STRENGTH_SEED=s for another league seed, to check on boards
// the engine was not tuned on). ARENA_STRENGTH=dots plays Dots and Boxes on
// the boards of configs/dots-strength.yaml instead.
func TestStrength(t *testing.T) {
	if testing.Short() || os.Getenv("ARENA_STRENGTH") == "" {
		t.Skip("set ARENA_STRENGTH=1 to measure alphabeta against classic")
	}
	rounds, league := 20, uint64(7)
	if s := os.Getenv("ARENA_STRENGTH_ROUNDS"); s != "" {
		if _, err := fmt.Sscan(s, &rounds); err != nil {
			t.Fatalf("ARENA_STRENGTH_ROUNDS: %v", err)
		}
	}
	if s := os.Getenv("ARENA_STRENGTH_SEED"); s != "" {
		if _, err := fmt.Sscan(s, &league); err != nil {
			t.Fatalf("ARENA_STRENGTH_SEED: %v", err)
		}
	}
	var game referee.Game = cavalo.Game{}
	if os.Getenv("ARENA_STRENGTH") == dots.Name {
		game = dots.Game{Rows: dots.DefaultRows, Cols: dots.DefaultCols, OpeningArcs: 6}
	}
	const tempo = 200 * time.Millisecond
	var points float64
	var games, wins, draws, margin int
	var slowest time.Duration
	for round := 1; round <= rounds; round++ {
		seed := referee.RoundSeed(league, round)
		for colour := range 2 {
			ab, err := newAlphaBeta(nil)
			if err != nil {
				t.Fatal(err)
			}
			cl, err := newClassic(nil)
			if err != nil {
				t.Fatal(err)
			}
			players := [2]referee.Player{bots.Local(ab), bots.Local(cl)}
			if colour == 1 {
				players[0], players[1] = players[1], players[0]
			}
			abSide := referee.Side(colour + 1)
			st := game.New(seed)
			rec := referee.Match(context.Background(), st, players, referee.MatchOptions{
				Clock: referee.Clock{Tempo: tempo, Margin: 300 * time.Millisecond},
				OnMove: func(mr referee.MoveRecord) {
					if mr.Side == abSide && mr.Elapsed > slowest {
						slowest = mr.Elapsed
					}
				},
			})
			games++
			d := rec.Scores[abSide.Index()] - rec.Scores[1-abSide.Index()]
			margin += d
			switch rec.Winner {
			case abSide:
				wins++
				points++
			case 0:
				draws++
				points += 0.5
			}
			t.Logf("round %2d seed %#016x alphabeta %s: %-11s %3d-%3d (%s %s)", round, seed, abSide, outcome(rec.Winner, abSide),
				rec.Scores[0], rec.Scores[1], rec.Reason, rec.Detail)
		}
	}
	t.Logf("league seed %d, %d rounds: alphabeta vs classic: %d games, %d wins, %d draws, %d losses: %.1f%%; mean margin %+.1f; slowest move %v",
		league, rounds, games, wins, draws, games-wins-draws, 100*points/float64(games), float64(margin)/float64(games), slowest.Round(time.Millisecond))
}

func outcome(winner, side referee.Side) string {
	switch winner {
	case side:
		return "win"
	case 0:
		return "draw"
	}
	return "loss"
}
