package arena

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// hyphenNames are bot names whose round-white-black ids collided: a
// against b-c and a-b against c were both "01-a-b-c"; the second pair is
// the one two hand-ins took through intake to remove two groups' game.
var hyphenNames = [][]string{
	{"a", "b-c", "a-b", "c"},
	{"p2203001-2203002-p2203003", "2203004", "p2203001-2203002", "p2203003-2203004"},
	{"x-", "y", "x", "y-", "z"},
}

// hyphenLeague returns a league of built-in bots named names.
func hyphenLeague(t *testing.T, format string, names []string) *league.Config {
	t.Helper()
	if !strings.Contains(format, "knockout") {
		format += "rounds: 1\n"
	}
	body := "name: ids\nseed: 5\ntempo_ms: 200\nconcurrency: 2\n" + format + "bots:\n"
	for i, n := range names {
		body += "  - {name: " + n + ", builtin: random, options: {seed: " + string(rune('1'+i)) + "}}\n"
	}
	return loadLeague(t, body)
}

// TestGameIDsDistinct checks that every game of a schedule has an id of
// its own whatever the bots' names, in every kind of tournament.
func TestGameIDsDistinct(t *testing.T) {
	formats := map[string]string{
		"round robin": "",
		"gauntlet":    "format: gauntlet\nchallengers: [NAME]\n",
		"knockout":    "format: knockout\n",
	}
	for kind, format := range formats {
		for _, names := range hyphenNames {
			t.Run(kind+"/"+strings.Join(names, ","), func(t *testing.T) {
				cfg := hyphenLeague(t, strings.Replace(format, "NAME", names[0], 1), names)
				seen := map[string]tournament.Scheduled{}
				for _, g := range tournament.Schedule(cfg.League(), nil) {
					if err := results.ValidID(g.ID); err != nil {
						t.Errorf("%v", err)
					}
					if o, dup := seen[g.ID]; dup {
						t.Errorf("%s is the id of %s-%s and of %s-%s", g.ID, cfg.Bots[o.White].Name, cfg.Bots[o.Black].Name, cfg.Bots[g.White].Name, cfg.Bots[g.Black].Name)
					}
					seen[g.ID] = g
				}
			})
		}
	}
}

// TestHyphenNamesPlayEveryGame plays a league whose names made two games
// share an id: every scheduled game is played and counts.
func TestHyphenNamesPlayEveryGame(t *testing.T) {
	cfg := hyphenLeague(t, "", hyphenNames[0])
	sum := run(t, cfg, nil)
	games := readGames(t, cfg)
	if want := 12; sum.Played != want || len(games) != want {
		t.Fatalf("%d games played, %d in the journal, want %d", sum.Played, len(games), want)
	}
	for _, g := range games {
		if _, err := os.Stat(results.MoveLogPath(cfg.Out, g.ID)); err != nil {
			t.Errorf("game %s: %v", g.ID, err)
		}
	}
}

// TestLegacyIDsResume checks that a results directory recorded when ids
// wrote names as they are ("01-x-y-z" for x-y against z) resumes: its
// games count as the schedule's, none is played again or set aside.
func TestLegacyIDsResume(t *testing.T) {
	cfg := hyphenLeague(t, "", []string{"x-y", "z", "w"})
	run(t, cfg, nil)
	journal := filepath.Join(cfg.Out, results.JournalName)
	games := readGames(t, cfg)
	var lines []byte
	for _, g := range games {
		legacy := fmt.Sprintf("%02d-%s-%s", g.Round, g.White, g.Black)
		for _, p := range []func(string, string) string{results.MoveLogPath, results.LogDatPath} {
			if err := os.Rename(p(cfg.Out, g.ID), p(cfg.Out, legacy)); err != nil {
				t.Fatal(err)
			}
		}
		g.ID = legacy
		line, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(append(lines, line...), '\n')
	}
	if err := os.WriteFile(journal, lines, 0o644); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	sum := run(t, cfg, func(e Event) {
		if e.Warning != "" {
			warnings = append(warnings, e.Warning)
		}
	})
	if sum.Played != 0 || sum.Skipped != len(games) || len(warnings) > 0 {
		t.Errorf("played %d, skipped %d of %d, warnings %q: want every recorded game kept", sum.Played, sum.Skipped, len(games), warnings)
	}
	again := readGames(t, cfg)
	if len(again) != len(games) {
		t.Errorf("the journal now holds %d games, want the %d recorded", len(again), len(games))
	}
	for _, g := range again {
		if g.ID != fmt.Sprintf("%02d-%s-%s", g.Round, g.White, g.Black) {
			t.Errorf("game %s of %s against %s, want its id as recorded", g.ID, g.White, g.Black)
		}
	}
}

// twiceUnderOneID is a dispatcher that records, for the first game
// pending, that game and then another game under the same id.
type twiceUnderOneID struct{}

func (twiceUnderOneID) Dispatch(ctx context.Context, pending []tournament.Scheduled, record func(Played) error) error {
	s := pending[0]
	now := time.Now()
	rec := referee.Record{Reason: referee.Normal, Winner: referee.White, Scores: [2]int{1, 0}}
	first := results.FromRecord(s.ID, s.Round, s.Seed, "a", "b-c", rec, now, now)
	if err := record(Played{Entry: first}); err != nil {
		return err
	}
	if err := record(Played{Entry: first}); err != nil {
		return err // the same game twice, as a queue may deliver it: ignored
	}
	second := results.FromRecord(s.ID, s.Round, s.Seed, "a-b", "c", rec, now, now)
	return record(Played{Entry: second})
}

// TestJournalRefusesSecondGameUnderID checks that a second game under an id
// the journal holds ends the run, naming both games, where it was dropped
// as played.
func TestJournalRefusesSecondGameUnderID(t *testing.T) {
	cfg := hyphenLeague(t, "", hyphenNames[0])
	r := &Runner{Config: cfg, Self: arenaBin, Dispatcher: twiceUnderOneID{}}
	_, err := r.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "a against b-c") || !strings.Contains(err.Error(), "a-b against c") {
		t.Fatalf("Run: %v, want the second game refused, naming both", err)
	}
	if games := readGames(t, cfg); len(games) != 1 || games[0].White != "a" {
		t.Errorf("journal: %+v, want the first game alone", games)
	}
}
