package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// formatLeague writes the league file of head (bots b0, b1, … are added) and
// the results of its games into its out directory, played in process: a
// game is won by the bot listed first, by 10 board points to 5, unless
// level says it ends 7-7. After stages stages of the schedule it stops (0:
// the whole event). It returns the league file.
func formatLeague(t *testing.T, head string, bots, stages int, level func(s tournament.Scheduled) bool) string {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "event.yaml")
	body := head + "\nout: out\nbots:"
	for i := range bots {
		body += "\n  - {name: b" + string(rune('0'+i)) + ", builtin: random}"
	}
	if err := os.WriteFile(file, []byte(body+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := league.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	j, err := results.OpenJournal(filepath.Join(cfg.Out, results.JournalName))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	t0 := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	for stage := 1; stages == 0 || stage <= stages; stage++ {
		n := len(j.Games())
		for _, s := range tournament.Schedule(cfg.League(), j.Games()) {
			if j.Has(s.ID) {
				continue
			}
			g := results.Entry{ID: s.ID, Round: s.Round, Seed: s.Seed, White: cfg.Bots[s.White].Name, Black: cfg.Bots[s.Black].Name,
				Reason: referee.Normal, Plies: 40, TimeMS: [2]int64{900, 800}, Start: t0, End: t0.Add(time.Minute)}
			switch {
			case level != nil && level(s):
				g.Scores, g.Result = [2]int{7, 7}, results.Draw
			case s.White < s.Black:
				g.Scores, g.Result = [2]int{10, 5}, results.WhiteWins
			default:
				g.Scores, g.Result = [2]int{5, 10}, results.BlackWins
			}
			if err := j.Append(g); err != nil {
				t.Fatal(err)
			}
		}
		if len(j.Games()) == n {
			break
		}
	}
	if err := os.WriteFile(filepath.Join(cfg.Out, resultsdir.ConfigFile), cfg.Resolved(), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// drawsAmongTop makes the games of b1 and b2 level, so that their tie
// needs tie-break boards.
func drawsAmongTop(s tournament.Scheduled) bool {
	return min(s.White, s.Black) == 1 && max(s.White, s.Black) == 2
}

func TestFormatGoldens(t *testing.T) {
	knockout := formatLeague(t, "format: knockout\ntiebreak_boards: 1", 6, 0, drawsAmongTop)
	swiss := formatLeague(t, "format: swiss\nrounds: 3", 5, 0, drawsAmongTop)
	knockoutMid := formatLeague(t, "format: knockout\ngames_per_tie: 2", 6, 1, nil)
	swissMid := formatLeague(t, "format: swiss\nrounds: 3", 5, 1, nil)
	// Every main game drawn: three bots level on every key, whom a
	// playoff won by the bot listed first decides.
	mainDrawn := func(s tournament.Scheduled) bool { return !tournament.PlayoffGame(s.ID) }
	playoff := formatLeague(t, "rounds: 1\ntiebreak: playoff", 3, 0, mainDrawn)
	playoffMid := formatLeague(t, "rounds: 1\ntiebreak: playoff", 3, 1, mainDrawn)
	out := func(file string) string { return filepath.Join(filepath.Dir(file), "out") }
	for _, tc := range []struct {
		golden string
		args   []string
	}{
		{"standings_knockout.golden", []string{"standings", out(knockout)}},
		{"standings_knockout_md.golden", []string{"standings", out(knockout), "--format", "md"}},
		{"standings_knockout_json.golden", []string{"standings", out(knockout), "--format", "json"}},
		{"standings_swiss.golden", []string{"standings", out(swiss)}},
		{"standings_swiss_csv.golden", []string{"standings", out(swiss), "--format", "csv"}},
		{"schedule_knockout_partial.golden", []string{"schedule", knockoutMid}},
		{"schedule_swiss_partial.golden", []string{"schedule", swissMid}},
		{"standings_playoff.golden", []string{"standings", out(playoff)}},
		{"standings_playoff_csv.golden", []string{"standings", out(playoff), "--format", "csv"}},
		{"standings_playoff_json.golden", []string{"standings", out(playoff), "--format", "json"}},
		{"standings_playoff_partial_md.golden", []string{"standings", out(playoffMid), "--format", "md"}},
		{"schedule_playoff_partial.golden", []string{"schedule", playoffMid}},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			got, err := arenaOut(t, tc.args...)
			if err != nil {
				t.Fatalf("%v: %v\n%s", tc.args, err, got)
			}
			checkGolden(t, tc.golden, []byte(got))
		})
	}
}
