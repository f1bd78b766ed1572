package arena

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/internal/cpuload"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// busyLeague is a league that TestBusyMachine plays twice, on the machine
// as it is (unless quiet is nil) and then beside busy loops, and what it
// checks of the runs.
type busyLeague struct {
	name        string
	quiet, busy *league.Config
	check       func(t *testing.T, quiet, busy *league.Config)
}

// TestBusyMachine plays the leagues about a busy machine (cpuClockLeague,
// wallBudgetLeagues, moveLogLeague) on the machine as it is, in parallel,
// then all at once beside three busy loops per core, each in a session of
// its own (see package cpuload), and checks each league's runs.
// One set of loops slows every league's bots as a set of its own would
// (each bot still shares the machine with the loops), and burns its CPU
// time once.
func TestBusyMachine(t *testing.T) {
	skipIfShort(t, "plays its leagues twice, once beside busy loops on every core")
	leagues := append(cpuClockLeague(t), wallBudgetLeagues(t)...)
	leagues = append(leagues, moveLogLeague(t))
	quiet := t.Run("quiet", func(t *testing.T) {
		for _, l := range leagues {
			if l.quiet == nil {
				continue // busy alone
			}
			t.Run(l.name, func(t *testing.T) {
				run(t, l.quiet, nil)
			})
		}
	})
	if !quiet {
		return
	}
	// Each loop ends when it has used 2 s of CPU time: more than it uses
	// while the busy leagues play on a quiet machine (the six loops of
	// two cores, 8 s in all), and no more when other work beside the test
	// makes the leagues take longer.
	stop := cpuload.Start(t, 0, 2*time.Second)
	defer stop()
	t.Run("busy", func(t *testing.T) {
		// All at once, whatever -test.parallel allows (GOMAXPROCS): the
		// loops spin while the longest league plays, not while the leagues
		// play in turns.
		var wg sync.WaitGroup
		for _, l := range leagues {
			wg.Go(func() {
				t.Run(l.name, func(t *testing.T) {
					start := time.Now()
					run(t, l.busy, nil)
					t.Logf("busy run beside %d loops: %v", cpuload.PerCPU*runtime.NumCPU(), time.Since(start).Round(time.Millisecond))
					l.check(t, l.quiet, l.busy)
				})
			})
		}
		wg.Wait()
	})
}

// cpuClockLeague is a short league of a built-in bot, a sample bot of the
// line protocol and a bot that thinks 60 % of its tempo in CPU, under
// clock: cpu: busy, every game ends with the same verdict as quiet, and
// none on time. The busy run's slowest call of the 60 % bot took longer
// than the limit by the wall clock: under clock: wall it would have lost
// on time (host's TestCPUClockOnABusyMachine plays that). A tempo of 50 ms
// is enough to show it: the busy loops slow a call several times over,
// whatever its length.
func cpuClockLeague(t *testing.T) []busyLeague {
	testbot, err := testbin.Testbot()
	if err != nil {
		t.Fatal(err)
	}
	const tempo, margin = 50, 50
	body := fmt.Sprintf(`
name: busy
game: cavalo
seed: 5
rounds: 1
tempo_ms: %d
time_margin_ms: %d
concurrency: 2
bots:
  - {name: classic, builtin: classic, options: {depth: 2}}
  - {name: burn60, path: %s, args: [burn, "60"]}
`, tempo, margin, strconv.Quote(testbot))
	if _, err := exec.LookPath("python3"); err == nil {
		first, err := filepath.Abs(filepath.Join("..", "bots", "examples", "lines", "first.py"))
		if err != nil {
			t.Fatal(err)
		}
		body += "  - {name: firstpy, path: " + strconv.Quote(first) + ", protocol: lines}\n"
	}
	check := func(t *testing.T, quiet, busy *league.Config) {
		quietGames, busyGames := readGames(t, quiet), readGames(t, busy)
		if !measured(t, quiet, quietGames[0].ID) {
			t.Skip("no cgroup counts the bots' CPU time here: clock: cpu is the wall clock")
		}
		byID := map[string]results.Entry{}
		for _, g := range quietGames {
			byID[g.ID] = g
		}
		if len(busyGames) != len(quietGames) {
			t.Fatalf("%d games busy, %d quiet", len(busyGames), len(quietGames))
		}
		var slowest, slowestCPU float64
		for _, g := range busyGames {
			q := byID[g.ID]
			for _, e := range []results.Entry{g, q} {
				if e.Reason == referee.Timeout {
					t.Errorf("%s: lost on time (%s)", e.ID, e.Detail)
				}
			}
			if g.Result != q.Result || g.Reason != q.Reason || g.Loser != q.Loser || g.Scores != q.Scores || g.Plies != q.Plies {
				t.Errorf("%s: busy %s by %s (loser %q, %v, %d plies), quiet %s by %s (loser %q, %v, %d plies)",
					g.ID, g.Result, g.Reason, g.Loser, g.Scores, g.Plies, q.Result, q.Reason, q.Loser, q.Scores, q.Plies)
			}
			lines, err := results.ReadGameLog(busy.Out, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range lines {
				if l.Bot == "burn60" && !l.Forced && l.TimeMS > slowest {
					slowest = l.TimeMS
					if l.CPUMS != nil {
						slowestCPU = *l.CPUMS
					}
				}
			}
		}
		t.Logf("burn60's slowest call on the busy machine: %.1f ms of wall time, %.1f ms of CPU time; limit %d ms", slowest, slowestCPU, tempo+margin)
		if slowest <= tempo+margin {
			t.Errorf("burn60's slowest call took %.1f ms of wall time, within the limit of %d ms: the machine was not busy, and the test shows nothing", slowest, tempo+margin)
		}
	}
	return []busyLeague{{name: "cpu clock", quiet: loadLeague(t, body), busy: loadLeague(t, body), check: check}}
}

// measured reports whether a call of game id of the league of cfg had its
// CPU time measured.
func measured(t *testing.T, cfg *league.Config, id string) bool {
	t.Helper()
	lines, err := results.ReadGameLog(cfg.Out, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		if l.CPUMS != nil {
			return true
		}
	}
	return false
}
