package lisp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/adji"
	"github.com/arenabots/arena/referee"
)

// adjiSample copies the Adji-boto sample submission group beside the
// course's rules, as the group hands it in, and returns its jogo.lisp.
func adjiSample(t *testing.T, group string) string {
	t.Helper()
	examples := filepath.Join("..", "examples", "lisp")
	dir := t.TempDir()
	for from, to := range map[string]string{
		filepath.Join(examples, "entregas", "adji", group, "jogo.lisp"): "jogo.lisp",
		filepath.Join(examples, "adji", "regras.lisp"):                  "regras.lisp",
	} {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "jogo.lisp")
}

// TestAdjiSampleGames plays the two working Adji-boto samples, each always
// player 1 (perspective white), as White and as Black against greedy from
// a seeded opening: whole games, and every state they claim is the
// referee's (the board turned half a turn for Black is turned back).
// Under -short each plays one side (sidesOf).
func TestAdjiSampleGames(t *testing.T) {
	for i, s := range []struct {
		group string
		state StateForm
	}{
		{"ana_2203001_rui_2203002_A1", StateBoard},
		{"bia_2203003_eva_2203004_A2", StateBoardScores},
	} {
		for _, side := range sidesOf(i) {
			t.Run(fmt.Sprintf("%s/%s", s.group, side), func(t *testing.T) {
				a, log := startAdapter(t, Config{Files: []string{adjiSample(t, s.group)}, State: s.state, Perspective: PerspectiveWhite})
				players := [2]referee.Player{greedy{}, greedy{}}
				players[side.Index()] = bots.Local(a)
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
				defer cancel()
				rec := referee.Match(ctx, adji.Game{OpeningPlies: 4}.New(5), players, referee.MatchOptions{Clock: testClock})
				if rec.Reason != referee.Normal {
					t.Fatalf("game ended with %s: %s\nlog:\n%s", rec.Reason, rec.Detail, log)
				}
				bot := 0
				for _, m := range rec.Moves {
					if m.Side == side && !m.Forced {
						bot++
					}
					if m.Discrepancy != "" {
						t.Errorf("ply %d (%s %s): claimed state differs: %s", m.Ply, m.Side, m.Move, m.Discrepancy)
					}
				}
				if bot < 10 {
					t.Errorf("the bot played %d moves; want a real game", bot)
				}
				t.Logf("%s as %s: %d-%d in %d plies (%d by the bot)", s.group, side, rec.Scores[0], rec.Scores[1], len(rec.Moves), bot)
			})
		}
	}
}
