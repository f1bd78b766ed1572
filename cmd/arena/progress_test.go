package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// TestProgressResumeCountsJournal checks that on a resumed league the live
// top 5 counts the games already recorded, as the bar's counter does.
func TestProgressResumeCountsJournal(t *testing.T) {
	cfg := &arena.Config{Name: "l", Out: t.TempDir(), Scoring: results.DefaultScoring(),
		Bots: []arena.BotConfig{{Name: "a"}, {Name: "b"}}}
	j, err := results.OpenJournal(filepath.Join(cfg.Out, results.JournalName))
	if err != nil {
		t.Fatal(err)
	}
	recorded := []results.Entry{
		{ID: "01-a-b", Round: 1, White: "a", Black: "b", Result: results.WhiteWins, Reason: referee.Normal, Scores: [2]int{50, 10}},
		{ID: "01-b-a", Round: 1, White: "b", Black: "a", Result: results.WhiteWins, Reason: referee.Normal, Scores: [2]int{50, 10}},
	}
	for _, g := range recorded {
		if err := j.Append(g); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	pr := &progress{out: io.Discard, cfg: cfg, names: []string{"a", "b"}, live: &liveLine{w: io.Discard, width: func() int { return 80 }}}
	pr.event(arena.Event{Done: 2, Total: 4})
	pr.event(arena.Event{End: &results.Entry{ID: "02-a-b", Round: 2, White: "a", Black: "b", Result: results.WhiteWins, Reason: referee.Normal, Scores: [2]int{50, 10}}, Done: 3, Total: 4})
	top := pr.leaders()
	pr.stop()
	for _, want := range []string{"1. a                      2.0 pts  3 games", "2. b                      1.0 pts  3 games"} {
		if !strings.Contains(top, want) {
			t.Errorf("top 5 lacks %q (all 3 games of the journal):\n%s", want, top)
		}
	}
}

func TestPace(t *testing.T) {
	for _, tc := range []struct {
		played, left int64
		elapsed      time.Duration
		want         string
	}{
		{0, 10, time.Second, " -- games/s ETA --"},
		{4, 6, 2 * time.Second, " 2.00 games/s ETA 3s"},
		{1, 0, time.Second, " 1.00 games/s ETA 0s"},
	} {
		if got := pace(tc.played, tc.left, tc.elapsed); got != tc.want {
			t.Errorf("pace(%d, %d, %v) = %q, want %q", tc.played, tc.left, tc.elapsed, got, tc.want)
		}
	}
}

func TestRunLinesFit(t *testing.T) {
	long := strings.Repeat("detail ", 30)
	var b strings.Builder
	pr := &progress{out: &b, cfg: &arena.Config{Name: "l"}}
	pr.event(arena.Event{End: &results.Entry{ID: "12-somewhat-long-name-another-one", Result: results.BlackWins, Reason: referee.Timeout, Detail: long}, Done: 120, Total: 1200})
	b.WriteString(summaryLine(arena.Summary{Total: 1200, Skipped: 1000, Played: 200, Wall: 123456 * time.Second, BotTime: time.Hour, AtOnce: 16, Out: "results/a-league-with-a-long-name"}))
	if w, line := widest(b.String()); w > maxWidth {
		t.Errorf("a line of %d columns, want at most %d:\n%s", w, maxWidth, line)
	}
	if !strings.HasSuffix(strings.Split(b.String(), "\n")[0], "…") {
		t.Errorf("a cut line does not end with …:\n%s", b.String())
	}
}
