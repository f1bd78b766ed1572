package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// TestProgressResumeCountsJournal checks that on a resumed league the live
// top 5 counts the games already recorded, as the bar's counter does.
func TestProgressResumeCountsJournal(t *testing.T) {
	cfg := &league.Config{Name: "l", Out: t.TempDir(), Scoring: results.DefaultScoring(),
		Bots: []league.BotConfig{{Name: "a"}, {Name: "b"}}}
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
	pr := &progress{out: &b, cfg: &league.Config{Name: "l"}}
	pr.event(arena.Event{End: &results.Entry{ID: "12-somewhat-long-name-another-one", Result: results.BlackWins, Reason: referee.Timeout, Detail: long}, Done: 120, Total: 1200})
	b.WriteString(wrapText(summaryLine(arena.Summary{Total: 1200, Skipped: 1000, Played: 200, Wall: 123456 * time.Second, BotTime: time.Hour, AtOnce: 16, Out: "results/a-league-with-a-long-name"}), maxWidth, "  "))
	if w, line := widest(b.String()); w > maxWidth {
		t.Errorf("a line of %d columns, want at most %d:\n%s", w, maxWidth, line)
	}
	if !strings.HasSuffix(strings.Split(b.String(), "\n")[0], "…") {
		t.Errorf("a cut line does not end with …:\n%s", b.String())
	}
}

// TestProgressClocks checks the live line's word of the clocks: under a
// time_control, the time control and the least time left among the games
// in play with its bot, following their moves; under a fixed tempo,
// nothing.
func TestProgressClocks(t *testing.T) {
	tc := &league.TimeControl{BaseMS: 2000, IncMS: 50}
	newPr := func(tc *league.TimeControl) *progress {
		return newProgress(io.Discard, &league.Config{Name: "l", Scoring: results.DefaultScoring(), TimeControl: tc,
			Bots: []league.BotConfig{{Name: "a"}, {Name: "b"}, {Name: "c"}}}, false)
	}
	clocks := func(w, b time.Duration) *[2]time.Duration { return &[2]time.Duration{w, b} }
	pr := newPr(tc)
	steps := []struct {
		e    arena.Event
		want string
	}{
		{arena.Event{Total: 4}, "ETA --  tc 2000+50"},
		{arena.Event{Start: &arena.GameStart{ID: "01-a-b", White: "a", Black: "b"}}, "  tc 2000+50  low 2.00s a"},
		{arena.Event{Start: &arena.GameStart{ID: "01-c-a", White: "c", Black: "a"}}, "  tc 2000+50  low 2.00s a"},
		{arena.Event{Move: &arena.MoveEvent{GameID: "01-a-b", Record: referee.MoveRecord{Clocks: clocks(1830*time.Millisecond, 2000*time.Millisecond)}}}, "  tc 2000+50  low 1.83s a"},
		{arena.Event{Move: &arena.MoveEvent{GameID: "01-c-a", Record: referee.MoveRecord{Clocks: clocks(1990*time.Millisecond, 954*time.Millisecond)}}}, "  tc 2000+50  low 0.95s a"},
		{arena.Event{Move: &arena.MoveEvent{GameID: "01-a-b", Record: referee.MoveRecord{Clocks: clocks(1880*time.Millisecond, 420*time.Millisecond)}}}, "  tc 2000+50  low 0.42s b"},
		{arena.Event{End: &results.Entry{ID: "01-a-b", White: "a", Black: "b", Result: results.WhiteWins, Reason: referee.Normal}, Done: 1, Total: 4}, "  tc 2000+50  low 0.95s a  leader a"},
		{arena.Event{End: &results.Entry{ID: "01-c-a", White: "c", Black: "a", Result: results.WhiteWins, Reason: referee.Normal}, Done: 2, Total: 4}, "  tc 2000+50  leader"},
	}
	for i, step := range steps {
		pr.event(step.e)
		if got := pr.line(200); !strings.Contains(got, step.want) {
			t.Errorf("after event %d: line %q, want it to hold %q", i, got, step.want)
		}
	}
	// On a narrow terminal the time control goes, then the bar shrinks, so
	// that the least time left shows whole on 80 columns.
	pr.event(arena.Event{Start: &arena.GameStart{ID: "02-b-c", White: "b", Black: "c"}})
	pr.event(arena.Event{Move: &arena.MoveEvent{GameID: "02-b-c", Record: referee.MoveRecord{Clocks: clocks(1500*time.Millisecond, 420*time.Millisecond)}}})
	pr.resumed = pr.done // no pace, whose width depends on the time
	for _, tc := range []struct {
		width int
		want  string
	}{
		{95, "l 2/4 games [==========          ] -- games/s ETA --  tc 2000+50  low 0.42s c  leader c 1.0 pts"},
		{94, "l 2/4 games [==========          ] -- games/s ETA --  low 0.42s c  leader c 1.0 pts"},
		{82, "l 2/4 games [=====     ] -- games/s ETA --  low 0.42s c  leader c 1.0 pts"},
		{60, "l 2/4 games [=====     ] -- games/s ETA --  low 0.42s c  leader c 1.0 pts"}, // draw cuts it
	} {
		if got := pr.line(tc.width); got != tc.want {
			t.Errorf("line(%d) = %q, want %q", tc.width, got, tc.want)
		}
	}
	pr = newPr(nil)
	pr.event(arena.Event{Total: 4})
	pr.event(arena.Event{Start: &arena.GameStart{ID: "01-a-b", White: "a", Black: "b"}})
	if got := pr.line(40); strings.Contains(got, "tc ") || strings.Contains(got, "low ") {
		t.Errorf("under a fixed tempo: line %q, want no clock", got)
	}
}

func TestShowClock(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0.00s"},
		{954 * time.Millisecond, "0.95s"},
		{9994 * time.Millisecond, "9.99s"},
		{12340 * time.Millisecond, "12.3s"},
		{245900 * time.Millisecond, "4:05"},
		{time.Hour + 2*time.Second, "60:02"},
	} {
		if got := showClock(tc.d); got != tc.want {
			t.Errorf("showClock(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// TestStepText checks the line that shows intake's progress on a
// terminal: a class's count, one bot's step, a group's name escaped.
func TestStepText(t *testing.T) {
	for _, tc := range []struct {
		step intake.Step
		want string
	}{
		{intake.Step{Done: 2, Total: 6, Group: "ana_1_rui_2_P13", Doing: "probing jogo.lisp in its sandbox"},
			"intake: 2 of 6 submissions taken in; ana_1_rui_2_P13: probing jogo.lisp in its sandbox"},
		{intake.Step{Total: 1, Group: "p13", Doing: "probing jogo.lisp in its sandbox"}, "lisp: p13: probing jogo.lisp in its sandbox"},
		{intake.Step{Done: 0, Total: 2, Group: "x\x1b[2Jy", Doing: "reading its Lisp files"}, "intake: 0 of 2 submissions taken in; x\\x1b[2Jy: reading its Lisp files"},
	} {
		if got := stepText(tc.step); got != tc.want {
			t.Errorf("stepText(%+v) = %q, want %q", tc.step, got, tc.want)
		}
	}
}
