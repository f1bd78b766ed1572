package arena

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// TestPlayScheduledCheckBot checks that a bot CheckBot refuses forfeits its
// game with reason start, saying why, before any process starts.
func TestPlayScheduledCheckBot(t *testing.T) {
	cfg := loadLeague(t, smallLeague)
	r := &Runner{Config: cfg, Self: "/nonexistent/arena", CheckBot: func(b league.BotConfig) error {
		if b.Name == "random" {
			return errors.New("this worker cannot run it")
		}
		return nil
	}}
	for _, s := range tournament.Schedule(cfg.League(), nil)[:2] { // greedy-random, random-greedy
		t.Run(s.ID, func(t *testing.T) {
			p, err := r.PlayScheduled(context.Background(), s, nil)
			if err != nil {
				t.Fatal(err)
			}
			g := p.Entry
			if g.Reason != referee.Start || g.Loser != "random" || !strings.Contains(g.Detail, "this worker cannot run it") {
				t.Errorf("got %+v, want a start fault of random saying why", g)
			}
			if g.Result == results.Draw || len(p.Moves) != 1 {
				t.Errorf("result %s with %d move lines, want a win of greedy and the initial position", g.Result, len(p.Moves))
			}
		})
	}
}
