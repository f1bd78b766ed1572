package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// writeSPRTLeague writes the results directory of an SPRT match of "v2"
// against "v1" that v2 won after a few pairs, with one pair more, in play at
// the decision.
func writeSPRTLeague(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "v2-vs-v1")
	j, err := results.OpenJournal(filepath.Join(dir, results.JournalName))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	// v2's results with White and with Black, round by round.
	for r, pair := range []string{"WW", "WL", "WW", "WW", "LW", "WW", "WW", "WW", "WW"} {
		for k, res := range pair {
			g := results.Entry{ID: fmt.Sprintf("%02d-v2-v1", r+1), Round: r + 1, Seed: uint64(100 + r), White: "v2", Black: "v1", Reason: referee.Normal}
			if k == 1 {
				g.ID, g.White, g.Black = fmt.Sprintf("%02d-v1-v2", r+1), "v1", "v2"
			}
			if whiteWins := (res == 'W') == (k == 0); whiteWins {
				g.Result, g.Scores = results.WhiteWins, [2]int{40, 20}
			} else {
				g.Result, g.Scores = results.BlackWins, [2]int{20, 40}
			}
			if err := j.Append(g); err != nil {
				t.Fatal(err)
			}
		}
	}
	config := "name: v2-vs-v1\nrounds: 100\nsprt: {elo0: 0, elo1: 200, alpha: 0.05, beta: 0.05}\nbots:\n  - {name: v2, builtin: alphabeta}\n  - {name: v1, builtin: greedy}\n"
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestStandingsCmdSPRT(t *testing.T) {
	dir := writeSPRTLeague(t)
	for _, f := range []string{"text", "md", "csv", "json"} {
		t.Run(f, func(t *testing.T) {
			out, err := runArena(t, dir, "standings", dir, "--format", f)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "standings_sprt_"+f+".golden", []byte(out))
		})
	}
}
