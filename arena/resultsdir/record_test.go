package resultsdir

import (
	"errors"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/judgetest"
	"github.com/arenabots/arena/results"
)

// TestRecorder records games one at a time, as arena play does: ids by
// number and names, the move logs beside each journal line, an
// interrupted game refused, and the directory locked while it writes.
func TestRecorder(t *testing.T) {
	dir := t.TempDir()
	var warnings []string
	warn := func(w string) { warnings = append(warnings, w) }
	r, err := OpenRecorder(dir, warn)
	if err != nil {
		t.Fatal(err)
	}
	var locked *results.LockedError
	if _, err := OpenRecorder(dir, warn); !errors.As(err, &locked) {
		t.Errorf("a second recorder: error %v, want the directory locked", err)
	}
	play := func(seed uint64) (referee.State, referee.Record) {
		st := cavalo.Game{}.New(seed)
		p := judgetest.FirstLegal{}
		return st.Clone(), referee.Match(t.Context(), st, [2]referee.Player{p, p}, referee.MatchOptions{})
	}
	record := func(r *Recorder, white, black string, seed uint64) string {
		t.Helper()
		initial, rec := play(seed)
		g, err := r.Record(seed, white, black, initial, rec, time.Now(), time.Now())
		if err != nil {
			t.Fatalf("Record: %v", err)
		}
		if lines, err := results.ReadGameLog(dir, g.ID); err != nil || len(lines) != len(rec.Moves)+1 {
			t.Errorf("move log of %s: %d lines (%v), want %d", g.ID, len(lines), err, len(rec.Moves)+1)
		}
		return g.ID
	}
	ids := []string{record(r, "human", "builtin:random,seed=3", 1), record(r, "./bots/mine", "human", 2)}

	initial, rec := play(3)
	rec.Reason = referee.Interrupted
	if _, err := r.Record(3, "human", "x", initial, rec, time.Now(), time.Now()); err == nil {
		t.Error("an interrupted game was recorded")
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	r, err = OpenRecorder(dir, warn)
	if err != nil {
		t.Fatal(err)
	}
	ids = append(ids, record(r, "human", "human", 4))
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}

	want := []string{"01-human-builtin-random-seed-3", "02-bots-mine-human", "03-human-human"}
	if !slices.Equal(ids, want) {
		t.Errorf("ids %q, want %q", ids, want)
	}
	games, damaged, err := results.ReadJournal(dir + "/" + results.JournalName)
	if err != nil || len(damaged) > 0 || len(games) != 3 {
		t.Fatalf("journal: %d games, damaged %v, error %v; want 3 games", len(games), damaged, err)
	}
	if g := games[0]; g.Round != 1 || g.Seed != 1 || g.White != "human" || g.Black != "builtin:random,seed=3" {
		t.Errorf("first game %+v, want round 1, seed 1, human against builtin:random,seed=3", g)
	}
	logs, _ := os.ReadDir(dir + "/" + results.GamesDir)
	if len(logs) != 6 {
		t.Errorf("%d files in games/, want the 2 logs of each of 3 games", len(logs))
	}
	if len(warnings) > 0 {
		t.Errorf("warnings %q, want none", warnings)
	}
}
