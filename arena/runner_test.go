package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// arenaBin is the arena binary built for the tests: the built-in bots are
// served by it, as in a real league.
var arenaBin string

func TestMain(m *testing.M) {
	var err error
	if arenaBin, err = testbin.Arena(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// Saved images of Lisp bots go to a cache of the tests' own, never
	// the user's.
	os.Exit(testbin.Run(m))
}

// loadLeague writes a league file into a temp dir and loads it. These leagues
// are not about time: unless body sets them, the time margin and the start
// timeout are untimedMS, so that a busy machine changes no verdict.
func loadLeague(t *testing.T, body string) *league.Config {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "l.yaml")
	for _, key := range []string{"time_margin_ms", "start_timeout_ms"} {
		if !strings.Contains(body, key+":") {
			body += fmt.Sprintf("\n%s: %d", key, untimedMS)
		}
	}
	if err := os.WriteFile(file, []byte(body+"\nout: out\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := league.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

const smallLeague = `
name: small
seed: 11
rounds: 2
tempo_ms: 200
concurrency: 2
bots:
  - {name: greedy, builtin: greedy}
  - {name: random, builtin: random, options: {seed: 3}}
  - {name: first, builtin: random, options: {seed: 4}}
`

func run(t *testing.T, cfg *league.Config, events func(Event)) Summary {
	t.Helper()
	r := &Runner{Config: cfg, Self: arenaBin, Events: events}
	sum, err := r.Run(context.Background())
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return sum
}

func readGames(t *testing.T, cfg *league.Config) []results.Entry {
	t.Helper()
	games, damaged, err := results.ReadJournal(filepath.Join(cfg.Out, results.JournalName))
	if err != nil || len(damaged) > 0 {
		t.Fatalf("journal: %v %v", damaged, err)
	}
	return games
}

func TestLeagueEndToEnd(t *testing.T) {
	cfg := loadLeague(t, smallLeague)
	sum := run(t, cfg, nil)
	if sum.Played != 12 || sum.Total != 12 {
		t.Fatalf("played %d of %d, want 12 of 12", sum.Played, sum.Total)
	}
	games := readGames(t, cfg)
	if len(games) != 12 {
		t.Fatalf("journal has %d games, want 12", len(games))
	}
	for _, g := range games {
		if g.Reason != referee.Normal {
			t.Errorf("%s: reason %s (%s), want normal", g.ID, g.Reason, g.Detail)
		}
		for _, f := range []string{g.ID + ".jsonl", g.ID + ".log.dat"} {
			if _, err := os.Stat(filepath.Join(cfg.Out, results.GamesDir, f)); err != nil {
				t.Errorf("per-move log: %v", err)
			}
		}
	}
	for _, f := range []string{"standings.txt", "standings.md", "standings.csv", "standings.json", "crosstable.txt", "crosstable.md", "crosstable.csv", resultsdir.ConfigFile} {
		if _, err := os.Stat(filepath.Join(cfg.Out, f)); err != nil {
			t.Errorf("missing %s: %v", f, err)
		}
	}
	// Running again resumes a finished league: nothing to play.
	if sum := run(t, cfg, nil); sum.Played != 0 || sum.Skipped != 12 {
		t.Errorf("second run played %d, skipped %d; want 0, 12", sum.Played, sum.Skipped)
	}
}

// stripTimes removes what legitimately differs between two runs.
func stripTimes(games []results.Entry) []results.Entry {
	out := append([]results.Entry(nil), games...)
	for i := range out {
		out[i].Start, out[i].End, out[i].TimeMS = time.Time{}, time.Time{}, [2]int64{}
	}
	return out
}

func TestDeterminism(t *testing.T) {
	skipIfShort(t, "plays the same league twice")
	byID := func(games []results.Entry) map[string]results.Entry {
		m := map[string]results.Entry{}
		for _, g := range stripTimes(games) {
			m[g.ID] = g
		}
		return m
	}
	a, b := loadLeague(t, smallLeague), loadLeague(t, smallLeague)
	run(t, a, nil)
	run(t, b, nil)
	ga, gb := byID(readGames(t, a)), byID(readGames(t, b))
	if len(ga) != len(gb) {
		t.Fatalf("%d games, then %d", len(ga), len(gb))
	}
	for id, g := range ga {
		x, _ := json.Marshal(g)
		y, _ := json.Marshal(gb[id])
		if !bytes.Equal(x, y) {
			t.Errorf("game %s differs:\n%s\n%s", id, x, y)
		}
	}
}

func TestResumeAfterCancel(t *testing.T) {
	cfg := loadLeague(t, smallLeague)
	ctx, cancel := context.WithCancel(context.Background())
	r := &Runner{Config: cfg, Self: arenaBin, Events: func(e Event) {
		if e.End != nil && e.Done == 3 {
			cancel()
		}
	}}
	if _, err := r.Run(ctx); err == nil {
		t.Fatal("cancelled run returned no error")
	}
	first := len(readGames(t, cfg))
	if first < 3 || first >= 12 {
		t.Fatalf("after cancel the journal has %d games, want 3..11", first)
	}
	sum := run(t, cfg, nil)
	if sum.Skipped != first || sum.Played != 12-first {
		t.Errorf("resume skipped %d, played %d; want %d, %d", sum.Skipped, sum.Played, first, 12-first)
	}
	assertComplete(t, cfg, 12)
}

// assertComplete checks the journal holds every scheduled game exactly once.
func assertComplete(t *testing.T, cfg *league.Config, n int) {
	t.Helper()
	seen := map[string]int{}
	for _, g := range readGames(t, cfg) {
		seen[g.ID]++
	}
	for _, s := range tournament.Schedule(cfg.League(), nil) {
		if seen[s.ID] != 1 {
			t.Errorf("game %s is in the journal %d times, want once", s.ID, seen[s.ID])
		}
	}
	if len(seen) != n {
		t.Errorf("journal has %d distinct games, want %d", len(seen), n)
	}
}

func TestResumeAfterKill9(t *testing.T) {
	cfg := loadLeague(t, smallLeague)
	cmd := exec.Command(arenaBin, "run", "--plain", cfg.File())
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	journal := filepath.Join(cfg.Out, results.JournalName)
	deadline := time.Now().Add(60 * time.Second)
	for {
		data, _ := os.ReadFile(journal)
		if bytes.Count(data, []byte("\n")) >= 4 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no 4 games in 60s; output:\n%s", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // arena and its bots, as a crash would
	cmd.Wait()
	// A torn last line, as a kill in the middle of a write leaves.
	f, err := os.OpenFile(journal, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	const torn = `{"id":"01-torn`
	f.WriteString(torn)
	f.Close()
	var warnings []string
	run(t, cfg, func(e Event) {
		if e.Warning != "" {
			warnings = append(warnings, e.Warning)
		}
	})
	assertComplete(t, cfg, 12)
	// The killed run's lock is taken over, the repair is reported, and the
	// cut bytes are kept.
	if len(warnings) != 2 {
		t.Fatalf("warnings %q, want two: the lock taken over and the torn line", warnings)
	}
	if want := fmt.Sprintf("took over the lock of a run that ended without releasing it (pid %d on host ", cmd.Process.Pid); !strings.Contains(warnings[0], want) {
		t.Errorf("warning %q, want %q", warnings[0], want)
	}
	kept, _ := filepath.Glob(journal + ".torn-*")
	if len(kept) != 1 || !strings.Contains(warnings[1], "torn last line (14 bytes") || !strings.Contains(warnings[1], kept[0]) {
		t.Fatalf("torn side files %v, warning %q: want one, named by a warning about the torn last line", kept, warnings[1])
	}
	if data, _ := os.ReadFile(kept[0]); string(data) != torn {
		t.Errorf("%s holds %q, want %q", kept[0], data, torn)
	}
}

func TestMissingBinaryForfeits(t *testing.T) {
	cfg := loadLeague(t, `
rounds: 1
tempo_ms: 200
missing_bots: forfeit
bots:
  - {name: ghost, path: ./no-such-bot}
  - {name: greedy, builtin: greedy}
  - {name: random, builtin: random}
`)
	sum := run(t, cfg, nil)
	if sum.Played != 6 {
		t.Fatalf("played %d, want 6", sum.Played)
	}
	for _, g := range readGames(t, cfg) {
		ghost := g.White == "ghost" || g.Black == "ghost"
		switch {
		case ghost && (g.Reason != referee.Start || g.Loser != "ghost"):
			t.Errorf("%s: reason %s loser %q, want start, ghost", g.ID, g.Reason, g.Loser)
		case !ghost && g.Reason != referee.Normal:
			t.Errorf("%s: reason %s, want normal", g.ID, g.Reason)
		}
		if ghost && !strings.Contains(g.Detail, "no-such-bot") {
			t.Errorf("%s: detail %q does not name the binary", g.ID, g.Detail)
		}
	}
}

func TestChangedConfigIsRefused(t *testing.T) {
	cfg := loadLeague(t, smallLeague)
	cfg.Rounds = 1
	run(t, cfg, nil)
	cfg.Seed++
	r := &Runner{Config: cfg, Self: arenaBin}
	if _, err := r.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "--restart") {
		t.Fatalf("changed config: err = %v, want a refusal naming --restart", err)
	}
	r.DiscardResults = true
	if _, err := r.Run(context.Background()); err != nil {
		t.Fatalf("--restart: %v", err)
	}
	for _, g := range readGames(t, cfg) {
		if g.Seed != referee.RoundSeed(cfg.Seed, g.Round) {
			t.Errorf("%s: board seed of the old config survived the restart", g.ID)
		}
	}
}

// skipIfShort skips a slow league test under -short, the quick loop of a
// contributor; CI runs everything.
func skipIfShort(t *testing.T, what string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("slow: %s; run without -short", what)
	}
}
