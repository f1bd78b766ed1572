package arena

import (
	"math"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// TestClockLeague plays built-ins under a game clock of 2 s + 50 ms: every
// game ends normally, and each move log line's clocks are the base plus the
// increments less the time charged so far: under clock: cpu, the default,
// the CPU time where it was measured, or a tenth of the wall time where
// that is more (waiting is charged at a fraction under a game clock).
func TestClockLeague(t *testing.T) {
	cfg := loadLeague(t, `
name: clocks
seed: 5
rounds: 1
time_control: {base_ms: 2000, inc_ms: 50}
concurrency: 1
bots:
  - {name: greedy, builtin: greedy}
  - {name: random, builtin: random, options: {seed: 3}}
`)
	if sum := run(t, cfg, nil); sum.Played != 2 {
		t.Fatalf("played %d games, want 2", sum.Played)
	}
	for _, g := range readGames(t, cfg) {
		if g.Reason != referee.Normal {
			t.Errorf("%s: reason %s (%s), want normal", g.ID, g.Reason, g.Detail)
		}
		lines, err := results.ReadGameLog(cfg.Out, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		left := [2]float64{2000, 2000}
		for _, l := range lines[1:] {
			i := 0
			if l.Side == "black" {
				i = 1
			}
			if !l.Forced {
				charged := l.TimeMS
				if l.CPUMS != nil {
					charged = max(*l.CPUMS, l.TimeMS/referee.WallCapFactor)
				}
				left[i] += 50 - charged
			}
			if l.ClocksMS == nil {
				t.Fatalf("%s ply %d: no clocks", g.ID, l.Ply)
			}
			for s := range 2 {
				// Each logged time is rounded to the microsecond.
				if d := math.Abs(l.ClocksMS[s] - left[s]); d > 0.001*float64(l.Ply+1) {
					t.Errorf("%s ply %d: side %d's clock %.3f ms, want 2000 + incs - charged = %.3f", g.ID, l.Ply, s+1, l.ClocksMS[s], left[s])
				}
			}
		}
	}
}
