package web

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// TestPlayoffTables: the page of a league with tiebreak: playoff counts
// the playoff's games in its progress once they are known, shows the order
// and score the playoff gives, and leaves its games out of the crosstable.
func TestPlayoffTables(t *testing.T) {
	dir := t.TempDir()
	cfg := "name: po\nrounds: 1\ntiebreak: playoff\ngames_per_tie: 1\ntiebreak_boards: 3\nbots: [a, b]\n"
	if err := os.WriteFile(filepath.Join(dir, resultsdir.ConfigFile), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	game := func(id, white, black, result string) results.Entry {
		g := results.Entry{ID: id, Round: 1, White: white, Black: black, Result: result, Reason: referee.Normal, Scores: [2]int{60, 50}}
		if result == results.Draw {
			g.Scores = [2]int{55, 55}
		}
		return g
	}
	// Each wins with White by the same margin: level on every key.
	l := openWith(t, dir, game("01-a-b", "a", "b", results.WhiteWins), game("01-b-a", "b", "a", results.WhiteWins))
	snap, _ := l.snapshot()
	tb := snap.Tables
	if tb.Progress.Done != 2 || tb.Progress.Total != 4 {
		t.Errorf("progress %+v, want 2 of 4: the playoff's board pair is known", tb.Progress)
	}
	if tb.Standings[0].Tiebreak != results.Tied || len(tb.Playoffs) != 1 || tb.Playoffs[0].Order != nil {
		t.Errorf("before the playoff: %+v, playoffs %+v; want tied, a playoff to play", tb.Standings, tb.Playoffs)
	}
	l = openWith(t, dir, game("po1-01-b-a", "b", "a", results.WhiteWins), game("po1-01-a-b", "a", "b", results.Draw))
	snap, _ = l.snapshot()
	tb = snap.Tables
	if tb.Progress.Done != 4 || tb.Progress.Total != 4 {
		t.Errorf("progress %+v, want 4 of 4", tb.Progress)
	}
	if r := tb.Standings[0]; r.Bot != "b" || r.Rank != 1 || r.Tiebreak != results.ByPlayoff || r.Playoff != "1.5-0.5" || r.Points != 1 || r.Games != 2 {
		t.Errorf("first row %+v, want b, placed by the playoff 1.5-0.5, with its 1 point of 2 games", r)
	}
	if c := tb.Crosstable.Cells[0][1]; c.Games != 2 {
		t.Errorf("crosstable cell %+v, want the 2 main games", c)
	}
}
