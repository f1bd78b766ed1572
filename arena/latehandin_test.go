package arena

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/results"
)

// lateBots are the bots of the late hand-in tests' league: bob is an
// executable beside the league file, the others built-in.
var lateBots = []string{
	"{name: alice, builtin: random, options: {seed: 3}}",
	"{name: bob, path: ./bot, args: [ok]}",
	"{name: carol, builtin: greedy}",
}

// lateLeague returns a league file of bots, with head before them.
func lateLeague(head string, bots ...string) string {
	return "name: late\nseed: 5\nrounds: 1\ntempo_ms: 100\nout: out\n" + head + "bots:\n  - " + strings.Join(bots, "\n  - ") + "\n"
}

// TestLateHandIn plays a league, changes it as a lecturer does (a bot
// handed in late, one withdrawn, one fixed, the folder moved) and runs it
// again: only the games the change invalidates are played, each bot whose
// games are played again is named, and a change every game depends on is
// refused. Under -short, the variants of a case before them are left to
// the full run. The first run of each league head is played once: each
// case starts from a copy of it, put back in the folder it was played in.
func TestLateHandIn(t *testing.T) {
	testbot, err := testbin.Testbot()
	if err != nil {
		t.Fatal(err)
	}
	bot, err := os.ReadFile(testbot)
	if err != nil {
		t.Fatal(err)
	}
	dropKeys := func(t *testing.T, dir string) { // as an arena before keys wrote it
		t.Helper()
		path := filepath.Join(dir, "out", resultsdir.ConfigFile)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := string(data)
		i, j := strings.Index(s, "keys:\n"), strings.Index(s, "sandbox_achieved:")
		if i < 0 || j < i {
			t.Fatalf("%s holds no keys:\n%s", path, s)
		}
		if err := os.WriteFile(path, []byte(s[:i]+s[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// firsts holds, by league head, the folder the first run was played
	// in and a copy of it as that run left it.
	type played struct{ dir, copy string }
	firsts := map[string]played{}
	root := t.TempDir()
	for _, tc := range []struct {
		name  string
		head  string                                // keys of the league before its bots
		first int                                   // the games of the first run; 0: 6
		then  string                                // the league file of the second run; "" the same
		edit  func(t *testing.T, dir string) string // changes dir, returns the league's folder now
		// played is the number of games the second run plays, kept the
		// ids of the first run's games it keeps; warn is what its
		// warnings say, refused what its error says when it fails.
		played  int
		kept    []string
		warn    []string
		refused string
		variant bool // of a case before it: not under -short
	}{
		{name: "unchanged", played: 0, kept: allLate},
		{
			name: "folder moved",
			edit: func(t *testing.T, dir string) string {
				moved := filepath.Join(filepath.Dir(dir), "moved")
				if err := os.Rename(dir, moved); err != nil {
					t.Fatal(err)
				}
				return moved
			},
			played: 0, kept: allLate,
		},
		{
			name:   "bot added",
			then:   lateLeague("", append(slices.Clone(lateBots), "{name: dave, builtin: random, options: {seed: 4}}")...),
			played: 6, kept: allLate,
			warn: []string{`bot "dave" is new to the league: its 6 games are played`},
		},
		{
			name:   "bot added first",
			then:   lateLeague("", append([]string{"{name: dave, builtin: random, options: {seed: 4}}"}, lateBots...)...),
			played: 6, kept: allLate, variant: true,
		},
		{
			name:   "bot removed",
			then:   lateLeague("", lateBots[:2]...),
			played: 0, kept: []string{"01-alice-bob", "01-bob-alice"},
			warn: []string{`bot "carol" left the league: its games no longer count, the old ones kept in `},
		},
		{
			name:   "settings changed",
			then:   lateLeague("", "{name: alice, builtin: random, options: {seed: 7}}", lateBots[1], lateBots[2]),
			played: 4, kept: []string{"01-bob-carol", "01-carol-bob"},
			warn: []string{`bot "alice": its settings changed (options.seed: 3 -> 7): its 4 games are played again, the old ones kept in `},
		},
		{
			name: "code changed",
			edit: func(t *testing.T, dir string) string {
				if err := os.WriteFile(filepath.Join(dir, "bot"), append(slices.Clone(bot), 0), 0o755); err != nil {
					t.Fatal(err)
				}
				return dir
			},
			played: 4, kept: []string{"01-alice-carol", "01-carol-alice"},
			warn: []string{`bot "bob": its code changed since its games were played: its 4 games are played again`},
		},
		{
			name:    "tempo changed",
			then:    strings.Replace(lateLeague("", lateBots...), "tempo_ms: 100", "tempo_ms: 150", 1),
			refused: "(tempo_ms: 100 -> 150): every game depends on it; run again with --restart",
		},
		{
			name:    "swiss, bot added",
			head:    "format: swiss\n",
			first:   2, // a Swiss round of three bots: one pairing, a bye
			then:    lateLeague("format: swiss\n", append(slices.Clone(lateBots), "{name: dave, builtin: random, options: {seed: 4}}")...),
			refused: `(bot "dave" added): a swiss's pairings depend on its results, so its games cannot be kept: run again with --restart`,
		},
		{
			name:    "swiss, bots reordered",
			head:    "format: swiss\n",
			first:   2,
			then:    lateLeague("format: swiss\n", lateBots[2], lateBots[0], lateBots[1]),
			refused: "(the bots' order, its seeding): a swiss's pairings depend on its results",
		},
		{
			name:   "bots reordered",
			then:   lateLeague("", lateBots[2], lateBots[0], lateBots[1]),
			played: 0, kept: allLate,
		},
		{
			name:   "played on the wall clock, clock left to its default",
			head:   "clock: wall\n",
			then:   lateLeague("", lateBots...),
			played: 0, kept: allLate,
			warn: []string{"the league goes on with clock: wall"},
		},
		{
			name: "older results played on the wall clock before clocks, bot added",
			head: "clock: wall\n",
			edit: func(t *testing.T, dir string) string {
				dropKeys(t, dir)
				path := filepath.Join(dir, "out", resultsdir.ConfigFile)
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(strings.Replace(string(data), "\nclock: wall\n", "\n", 1)), 0o644); err != nil {
					t.Fatal(err)
				}
				return dir
			},
			then:   lateLeague("", append(slices.Clone(lateBots), "{name: dave, builtin: random, options: {seed: 4}}")...),
			played: 6, kept: allLate, variant: true,
			warn: []string{"the league goes on with clock: wall", `bot "dave" is new to the league`},
		},
		{
			name:   "gauntlet, a challenger handed in late",
			head:   "format: gauntlet\nchallengers: [alice]\n",
			first:  4,
			then:   lateLeague("format: gauntlet\nchallengers: [alice, dave]\n", append(slices.Clone(lateBots), "{name: dave, builtin: random, options: {seed: 4}}")...),
			played: 4, kept: []string{"01-alice-bob", "01-bob-alice", "01-alice-carol", "01-carol-alice"}, variant: true,
			warn: []string{`bot "dave" is new to the league: its 4 games are played`},
		},
		{
			name:   "gauntlet, challengers changed",
			head:   "format: gauntlet\nchallengers: [alice]\n",
			first:  4,
			then:   lateLeague("format: gauntlet\nchallengers: [bob]\n", lateBots...),
			played: 2, kept: []string{"01-alice-bob", "01-bob-alice"},
			warn: []string{"2 games are no longer in the schedule (the challengers changed): they no longer count, the old ones kept in "},
		},
		{
			name:   "older results, unchanged",
			edit:   func(t *testing.T, dir string) string { dropKeys(t, dir); return dir },
			played: 0, kept: allLate,
		},
		{
			name:   "older results, bot added",
			edit:   func(t *testing.T, dir string) string { dropKeys(t, dir); return dir },
			then:   lateLeague("", append(slices.Clone(lateBots), "{name: dave, builtin: random, options: {seed: 4}}")...),
			played: 6, kept: allLate, variant: true,
		},
		{
			name:   "older results, bot's settings changed",
			edit:   func(t *testing.T, dir string) string { dropKeys(t, dir); return dir },
			then:   lateLeague("", "{name: alice, builtin: random, options: {seed: 7}}", lateBots[1], lateBots[2]),
			played: 4, kept: []string{"01-bob-carol", "01-carol-bob"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.variant && testing.Short() {
				t.Skip("-short: a variant of a case before it")
			}
			first := lateLeague(tc.head, lateBots...)
			p, ok := firsts[tc.head]
			if !ok {
				p.dir = filepath.Join(root, fmt.Sprint(len(firsts)), "course")
				p.copy = filepath.Join(root, fmt.Sprint(len(firsts)), "first")
				if err := os.MkdirAll(p.dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(p.dir, "bot"), bot, 0o755); err != nil {
					t.Fatal(err)
				}
				want := cmp.Or(tc.first, 6)
				if sum := lateRun(t, p.dir, first, nil); sum.Played != want {
					t.Fatalf("first run played %d games, want %d", sum.Played, want)
				}
				if err := os.CopyFS(p.copy, os.DirFS(p.dir)); err != nil {
					t.Fatal(err)
				}
				firsts[tc.head] = p
			}
			// The folder as the first run left it, where it was played
			// (a case before may have changed it, or moved it away).
			for _, d := range []string{p.dir, filepath.Join(filepath.Dir(p.dir), "moved")} {
				if err := os.RemoveAll(d); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.CopyFS(p.dir, os.DirFS(p.copy)); err != nil {
				t.Fatal(err)
			}
			dir := p.dir
			before := lateGames(t, dir)
			if tc.edit != nil {
				dir = tc.edit(t, dir)
			}
			then := tc.then
			if then == "" {
				then = first
			}
			var warnings []string
			cfg := loadLate(t, dir, then)
			sum, err := (&Runner{Config: cfg, Self: arenaBin, Events: func(e Event) {
				if e.Warning != "" {
					warnings = append(warnings, e.Warning)
				}
			}}).Run(context.Background())
			if tc.refused != "" {
				if !errors.Is(err, ErrConfigChanged) || !strings.Contains(err.Error(), tc.refused) {
					t.Fatalf("second run: %v, want a refusal saying %q", err, tc.refused)
				}
				if got := lateGames(t, dir); len(got) != len(before) {
					t.Errorf("the refused run left %d games in the journal, want the %d played", len(got), len(before))
				}
				return
			}
			if err != nil {
				t.Fatalf("second run: %v", err)
			}
			if sum.Played != tc.played {
				t.Errorf("second run played %d games, want %d", sum.Played, tc.played)
			}
			after := lateGames(t, dir)
			for _, id := range tc.kept {
				if after[id] != before[id] {
					t.Errorf("game %s: %+v after the second run, want it kept as %+v", id, after[id], before[id])
				}
			}
			if want := len(tc.kept) + tc.played; len(after) != want {
				t.Errorf("the journal holds %d games, want %d", len(after), want)
			}
			all := strings.Join(warnings, "\n")
			for _, w := range tc.warn {
				if !strings.Contains(all, w) {
					t.Errorf("warnings\n%s\ndo not say %q", all, w)
				}
			}
			// A third run has nothing left to play.
			if sum := lateRun(t, dir, then, nil); sum.Played != 0 {
				t.Errorf("third run played %d games, want none", sum.Played)
			}
		})
	}
}

// allLate are the ids of the games of the first run of TestLateHandIn.
var allLate = []string{"01-alice-bob", "01-bob-alice", "01-alice-carol", "01-carol-alice", "01-bob-carol", "01-carol-bob"}

// loadLate writes body as dir's l.yaml and loads it.
func loadLate(t *testing.T, dir, body string) *league.Config {
	t.Helper()
	file := filepath.Join(dir, "l.yaml")
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := league.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// lateRun runs the league file body in dir.
func lateRun(t *testing.T, dir, body string, events func(Event)) Summary {
	t.Helper()
	return run(t, loadLate(t, dir, body), events)
}

// lateGames returns the games of dir's results by id, their move logs
// left out.
func lateGames(t *testing.T, dir string) map[string]results.Entry {
	t.Helper()
	games, _, err := results.ReadJournal(filepath.Join(dir, "out", results.JournalName))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]results.Entry{}
	for _, g := range games {
		m[g.ID] = g
	}
	return m
}

// TestLateHandInPlayoff plays playoffLeague to its end, playoff included,
// then changes one bot: its games are played again, the others kept, and
// the playoff is set aside, to be decided again by the new standings.
func TestLateHandInPlayoff(t *testing.T) {
	dir := t.TempDir()
	untimed := fmt.Sprintf("out: out\ntime_margin_ms: %d\nstart_timeout_ms: %d\n", untimedMS, untimedMS)
	first := untimed + playoffLeague
	run(t, loadLate(t, dir, first), nil)
	before := lateGames(t, dir)
	playoffs := countPlayoffs(before)
	if playoffs == 0 {
		t.Fatalf("the league played no playoff: %d games", len(before))
	}
	then := strings.Replace(first, "options: {depth: 3}", "options: {depth: 4}", 1)
	var warnings []string
	sum := run(t, loadLate(t, dir, then), func(e Event) {
		if e.Warning != "" {
			warnings = append(warnings, e.Warning)
		}
	})
	all := strings.Join(warnings, "\n")
	for _, w := range []string{
		`bot "classic3": its settings changed (options.depth: 3 -> 4): its 4 games are played again`,
		fmt.Sprintf("the playoff's %d games are set aside", playoffs),
	} {
		if !strings.Contains(all, w) {
			t.Errorf("warnings\n%s\ndo not say %q", all, w)
		}
	}
	after := lateGames(t, dir)
	for _, id := range []string{"01-greedy-classic2", "01-classic2-greedy"} {
		if !reflect.DeepEqual(after[id], before[id]) {
			t.Errorf("game %s was not kept", id)
		}
	}
	if main := sum.Played - countPlayoffs(after); main != 4 {
		t.Errorf("played %d games of the main event, want classic3's 4", main)
	}
}

// countPlayoffs counts the playoff games of games.
func countPlayoffs(games map[string]results.Entry) int {
	n := 0
	for id := range games {
		if tournament.PlayoffGame(id) {
			n++
		}
	}
	return n
}
