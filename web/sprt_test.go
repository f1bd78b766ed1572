package web

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/results"
)

// TestTablesSPRT checks that the tables of an SPRT match carry its state,
// from the config of a league about to run and from a results directory.
func TestTablesSPRT(t *testing.T) {
	dir := t.TempDir()
	info := testInfo(dir)
	info.SPRT = &results.SPRTMatch{Test: results.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}, Bot: "a", Opponent: "b", Rounds: 10}
	l := NewLeague(info)
	if s, _ := l.snapshot(); s.Tables.SPRT == nil || s.Tables.SPRT.Result != results.Running {
		t.Fatalf("no game: SPRT %+v, want running", s.Tables.SPRT)
	}
	for _, g := range []results.Entry{finish(t, dir, "01-a-b", "a", "b", 3), finish(t, dir, "01-b-a", "b", "a", 3)} {
		l.Event(arena.Event{End: &g})
	}
	if s, _ := l.snapshot(); s.Tables.SPRT.Round != 1 || s.Tables.SPRT.Estimate.Pairs != 1 {
		t.Errorf("after a pair: %+v, want round 1 with its pair", s.Tables.SPRT)
	}
	if s, _ := NewLeague(testInfo(dir)).snapshot(); s.Tables.SPRT != nil {
		t.Errorf("a league that is no SPRT match has one: %+v", s.Tables.SPRT)
	}
	config := "rounds: 10\nsprt: {elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05}\nbots:\n  - {name: a}\n  - {name: b}\n"
	if err := os.WriteFile(filepath.Join(dir, resultsdir.ConfigFile), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	read, err := readInfo(dir)
	if err != nil {
		t.Fatal(err)
	}
	if read.SPRT == nil || *read.SPRT != *info.SPRT {
		t.Errorf("readInfo: SPRT %+v, want %+v", read.SPRT, info.SPRT)
	}
}
