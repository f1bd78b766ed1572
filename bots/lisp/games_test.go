package lisp

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

// samples are the sample bots of bots/examples/lisp, one per convention.
// rules is the rules file the sample bots load themselves.
var rules = []string{filepath.Join("..", "examples", "lisp", "regras.lisp")}

var samples = []struct {
	name string
	cfg  Config
}{
	{"tabuleiro", Config{Files: []string{example("tabuleiro")}, Reads: rules, State: StateBoard, Perspective: PerspectiveWhite}},
	{"pontos", Config{Files: []string{example("pontos")}, Reads: rules, State: StateBoardScores, Perspective: PerspectiveWhite}},
	{"jogador", Config{Files: []string{example("jogador")}, Reads: rules, State: StateBoardPlayerScores, IndexBase: 1}},
}

// playGame plays a whole game from seed and fails the test on anything but
// a normal end, or on a claimed state that differs from the referee's.
func playGame(t *testing.T, seed uint64, white, black referee.Player) referee.Record {
	t.Helper()
	st := cavalo.New(seed)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	rec := referee.Match(ctx, &st, [2]referee.Player{white, black}, referee.MatchOptions{Clock: testClock})
	if rec.Reason != referee.Normal {
		t.Fatalf("game ended with %s: %s", rec.Reason, rec.Detail)
	}
	for _, m := range rec.Moves {
		if m.Discrepancy != "" {
			t.Errorf("ply %d (%s %s): claimed state differs: %s", m.Ply, m.Side, m.Move, m.Discrepancy)
		}
	}
	return rec
}

func TestSampleGames(t *testing.T) {
	for i, s := range samples {
		for _, side := range sidesOf(i) {
			t.Run(fmt.Sprintf("%s/%s", s.name, side), func(t *testing.T) {
				a, log := startAdapter(t, s.cfg)
				players := [2]referee.Player{greedy{}, greedy{}}
				players[side.Index()] = bots.Local(a)
				rec := playGame(t, 7, players[0], players[1])
				bot := 0
				for _, m := range rec.Moves {
					if m.Side == side && !m.Forced {
						bot++
					}
				}
				if bot < 5 {
					t.Errorf("the bot was asked for %d moves; want a real game", bot)
				}
				t.Logf("%s as %s: %d-%d in %d plies (%d by the bot)", s.name, side, rec.Scores[0], rec.Scores[1], len(rec.Moves), bot)
				if testing.Verbose() && t.Failed() {
					t.Logf("log:\n%s", log)
				}
			})
		}
	}
}

func TestSampleVersusSample(t *testing.T) {
	// The white-perspective bot plays black against the absolute one, so
	// that both translations meet in one game.
	white, _ := startAdapter(t, samples[2].cfg)
	black, _ := startAdapter(t, samples[0].cfg)
	rec := playGame(t, 11, bots.Local(white), bots.Local(black))
	t.Logf("jogador vs tabuleiro: %d-%d in %d plies", rec.Scores[0], rec.Scores[1], len(rec.Moves))
}
