package arena

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/arenabots/arena/arena/league"
)

// TestStartBeforeBots checks that a game's Start event comes before its
// bots are started (Runner.CheckBot runs first thing in starting them), so
// that a page shows the game while slow bots load, and that each game gets
// one Start, both in a local run and in PlayScheduled.
func TestStartBeforeBots(t *testing.T) {
	cfg := loadLeague(t, "name: starts\nseed: 2\nrounds: 1\ntempo_ms: 50\nconcurrency: 1\nbots:\n"+
		"  - {name: a, builtin: random, options: {seed: 1}}\n  - {name: b, builtin: random, options: {seed: 2}}\n")
	var (
		mu  sync.Mutex
		log []string
	)
	note := func(s string) { mu.Lock(); log = append(log, s); mu.Unlock() }
	r := &Runner{Config: cfg, Self: arenaBin,
		Events: func(e Event) {
			if e.Start != nil {
				note("start " + e.Start.ID)
			}
		},
		CheckBot: func(b league.BotConfig) error { note("bot " + b.Name); return nil },
	}
	if _, err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(log, ", ")
	starts := strings.Count(got, "start ")
	if starts != 2 || !strings.HasPrefix(got, "start ") {
		t.Fatalf("events %s: want 2 games, each started before its bots", got)
	}
	for i, entry := range log {
		if strings.HasPrefix(entry, "start ") && (i+2 >= len(log) || !strings.HasPrefix(log[i+1], "bot ") || !strings.HasPrefix(log[i+2], "bot ")) {
			t.Errorf("events %s: %s not followed by its two bots", got, entry)
		}
	}
}
