package arena

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// wallBudgetLeagues are the leagues of the sample groups that budget their
// time by the wall clock (iterative deepening until 60 % of tempo has
// passed by get-internal-real-time: Cavalo's P12, Dots' D7) against a
// group that ignores its tempo, under clock: cpu (see TestBusyMachine).
// Their clock runs on their CPU time while jogar runs (the Lisp adapter),
// so they search as deep busy as quiet: no game is lost on time, and in
// each run each timed group's median CPU time per move is at least half
// its budget (60 % of tempo). Beside the busy loops a clock on the wall
// would give it about a quarter of that or less; the two runs are not
// compared with each other, for the CPU time a depth costs grows on a
// shared core and a search stopped by its clock may finish a depth in one
// run and not the other. A tempo of 50 ms shows it as well as a longer
// one, in half the time.
func wallBudgetLeagues(t *testing.T) []busyLeague {
	if _, err := exec.LookPath("sbcl"); err != nil {
		t.Fatalf("no sbcl (%v): apt-get install sbcl", err)
	}
	examples, err := filepath.Abs(filepath.Join("..", "bots", "examples", "lisp"))
	if err != nil {
		t.Fatal(err)
	}
	const tempoMS = 50
	type group struct{ name, dir, lisp string }
	var leagues []busyLeague
	for _, tc := range []struct {
		game, rules  string
		timed, other group
		gameOptions  string
	}{
		{"cavalo", "regras.lisp",
			group{"p12", "joana_2201023_luis_2201024_P12", "package: p12, state: board-player-scores, side: number, perspective: absolute, index_base: 1"},
			group{"p4", "dani_2201007_joao_2201008_P4", "package: p4, state: board, side: number, perspective: white, index_base: 0"}, ""},
		{"dots", filepath.Join("dots", "regras.lisp"),
			group{"d7", "vera_2202013_xico_2202014_D7", "package: pd7, state: board-scores, side: number, perspective: absolute"},
			group{"d2", "bia_2202003_eva_2202004_D2", "package: pd2, state: board-scores, side: number, perspective: absolute"}, "game_options: {opening_arcs: 6}\n"},
	} {
		dir := t.TempDir()
		entry := func(g group) string {
			// As intake hands a group in: its files, the course's rules beside them.
			root := filepath.Join(dir, g.dir)
			copyFile(t, filepath.Join(examples, "entregas", tc.game, g.dir, "jogo.lisp"), filepath.Join(root, "jogo.lisp"))
			copyFile(t, filepath.Join(examples, tc.rules), filepath.Join(root, "regras.lisp"))
			return fmt.Sprintf("  - name: %s\n    lisp: {root: %q, files: [%q], %s}\n", g.name, root, filepath.Join(root, "jogo.lisp"), g.lisp)
		}
		body := fmt.Sprintf("game: %s\n%sseed: 1\nrounds: 1\ntempo_ms: %d\ntime_margin_ms: 250\nstart_timeout_ms: 30000\nconcurrency: 2\nbots:\n", tc.game, tc.gameOptions, tempoMS) +
			entry(tc.timed) + entry(tc.other)
		timed := tc.timed.name
		check := func(t *testing.T, quiet, busy *league.Config) {
			byID := map[string]results.Entry{}
			for _, g := range readGames(t, quiet) {
				byID[g.ID] = g
			}
			for _, g := range readGames(t, busy) {
				q := byID[g.ID]
				for _, e := range []results.Entry{g, q} {
					if e.Reason == referee.Timeout {
						t.Errorf("%s: lost on time (%s)", e.ID, e.Detail)
					}
				}
				if g.Result != q.Result || g.Scores != q.Scores {
					// A search stopped by its clock may finish a depth in one run
					// and not in the other, a few µs of CPU time apart: on a quiet
					// machine too, two runs need not play the same game.
					t.Logf("%s: busy %s %v, quiet %s %v", g.ID, g.Result, g.Scores, q.Result, q.Scores)
				}
			}
			mq, nq := medianCPU(t, quiet, timed)
			mb, nb := medianCPU(t, busy, timed)
			t.Logf("%s: median CPU time per move %.1f ms quiet (%d moves), %.1f ms busy (%d moves)", timed, mq, nq, mb, nb)
			if nq == 0 || nb == 0 {
				t.Skip("no cgroup counts the bots' CPU time here: clock: cpu is the wall clock")
			}
			budget := 0.6 * tempoMS
			for _, r := range []struct {
				run    string
				median float64
			}{{"quiet", mq}, {"busy", mb}} {
				if r.median < budget/2 {
					t.Errorf("%s: median CPU time per move %.1f ms in the %s run, want at least half its budget of %.0f ms: its clock is not its CPU time", timed, r.median, r.run, budget)
				}
			}
		}
		leagues = append(leagues, busyLeague{name: "lisp wall budget " + tc.game, quiet: loadLeague(t, body), busy: loadLeague(t, body), check: check})
	}
	return leagues
}

// medianCPU returns the median CPU time, in ms, of bot's moves in the move
// logs of the league of cfg, the moves the referee did not force, and how
// many were measured.
func medianCPU(t *testing.T, cfg *league.Config, bot string) (float64, int) {
	t.Helper()
	var cpu []float64
	for _, g := range readGames(t, cfg) {
		lines, err := results.ReadGameLog(cfg.Out, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			if l.Bot == bot && !l.Forced && l.CPUMS != nil {
				cpu = append(cpu, *l.CPUMS)
			}
		}
	}
	if len(cpu) == 0 {
		return 0, 0
	}
	slices.Sort(cpu)
	return cpu[len(cpu)/2], len(cpu)
}

// copyFile copies from to to, making to's directory.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
