package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// TestProgressSPRT checks the plain progress of an SPRT match: a line each
// time the test counts a pair, none after a lone game, and the verdict once.
func TestProgressSPRT(t *testing.T) {
	cfg := &league.Config{Name: "m", Rounds: 50, Scoring: results.DefaultScoring(),
		SPRT: &results.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05},
		Bots: []league.BotConfig{{Name: "new"}, {Name: "old"}}}
	var b strings.Builder
	pr := &progress{out: &b, cfg: cfg, sprt: cfg.League().SPRTMatch()}
	pr.event(arena.Event{Total: 100})
	n := 0
	for r := 1; r <= 12; r++ {
		for _, g := range []results.Entry{
			{ID: fmt.Sprintf("%02d-new-old", r), Round: r, White: "new", Black: "old", Result: results.WhiteWins, Reason: referee.Normal},
			{ID: fmt.Sprintf("%02d-old-new", r), Round: r, White: "old", Black: "new", Result: results.BlackWins, Reason: referee.Normal},
		} {
			n++
			pr.event(arena.Event{End: &g, Done: n, Total: 100})
			if n == 1 && strings.Contains(b.String(), "SPRT") {
				t.Fatalf("an SPRT line after one game of a pair:\n%s", b.String())
			}
		}
	}
	out := b.String()
	if got := strings.Count(out, "SPRT decided: H1, new is better than old"); got != 1 {
		t.Errorf("the verdict is said %d times, want once:\n%s", got, out)
	}
	if !strings.Contains(out, "SPRT running: LLR ") || !strings.Contains(out, "SPRT H1: LLR ") {
		t.Errorf("no running line or no H1 line:\n%s", out)
	}
}
