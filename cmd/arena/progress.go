package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/results"
)

// progress shows a league as it runs: on a terminal a bar with games done,
// ETA and games/s and a live top 5; otherwise one line per game. On a
// resumed league, the bar and the top 5 count every game of the journal,
// and the speed and ETA come from this run's games alone.
type progress struct {
	out     io.Writer
	cfg     *arena.Config
	names   []string
	mu      sync.Mutex // guards games
	games   []results.Game
	p       *mpb.Progress
	bar     *mpb.Bar
	board   atomic.Value // string: the live top 5, drawn under the bar
	start   time.Time    // when this run started; set before the bar exists
	resumed int64        // games in the journal when this run started; likewise
	// sprt is the league's SPRT match, or nil; sprtRound is the last pair
	// the progress told of (see sprtLines).
	sprt      *results.SPRTMatch
	sprtRound int
}

func newProgress(out io.Writer, cfg *arena.Config, plain bool) *progress {
	pr := &progress{out: out, cfg: cfg, sprt: cfg.SPRTMatch()}
	for _, b := range cfg.Bots {
		pr.names = append(pr.names, b.Name)
	}
	if f, ok := out.(*os.File); ok && !plain && term.IsTerminal(int(f.Fd())) {
		pr.p = mpb.New(mpb.WithOutput(out), mpb.WithWidth(40))
	}
	return pr
}

// event is the Runner's Events callback. The bar counts finished games:
// the starts and moves of games in play are the web page's.
func (pr *progress) event(e arena.Event) {
	if e.Start != nil || e.Move != nil {
		return
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if e.Game == nil {
		pr.start, pr.resumed = time.Now(), int64(e.Done)
		if e.Done > 0 && (pr.p != nil || pr.sprt != nil) {
			pr.loadJournal()
		}
		if pr.p != nil {
			pr.bar = pr.p.AddBar(int64(e.Total),
				mpb.PrependDecorators(
					decor.Name(pr.cfg.Name+" "),
					decor.CountersNoUnit("%d/%d games"),
				),
				mpb.AppendDecorators(decor.Any(func(s decor.Statistics) string {
					return pace(s.Current-pr.resumed, s.Total-s.Current, time.Since(pr.start))
				})),
				mpb.BarExtender(mpb.BarFillerFunc(pr.top5), false),
			)
			pr.bar.SetCurrent(int64(e.Done))
		} else if e.Done > 0 {
			fmt.Fprintf(pr.out, "resuming: %d of %d games already recorded\n", e.Done, e.Total)
		}
		return
	}
	pr.games = append(pr.games, *e.Game)
	if pr.bar != nil {
		pr.board.Store(pr.leaders())
		pr.bar.SetTotal(int64(e.Total), false) // a knockout's tie-break boards add games
		pr.bar.Increment()
		return
	}
	g := e.Game
	line := fmt.Sprintf("[%*d/%d] %-28s %-7s %-11s %3d-%-3d %s", len(fmt.Sprint(e.Total)), e.Done, e.Total, inert.Line(g.ID), g.Result, g.Reason, g.Scores[0], g.Scores[1], inert.Line(g.Detail))
	fmt.Fprintln(pr.out, fit(strings.TrimRight(line, " ")))
	for _, l := range pr.sprtLines() {
		fmt.Fprintln(pr.out, fit(l))
	}
}

// loadJournal starts the top 5 from the games already in the journal. If
// the journal cannot be read, the top 5 counts this run's games alone.
func (pr *progress) loadJournal() {
	games, _, err := arena.ReadGames(pr.cfg.Out)
	if err != nil {
		return
	}
	pr.games = games
	pr.board.Store(pr.leaders())
}

// pace says how fast this run plays, from the played games in elapsed, and
// when the left games will be done.
func pace(played, left int64, elapsed time.Duration) string {
	if played <= 0 || elapsed <= 0 {
		return " -- games/s ETA --"
	}
	perGame := elapsed / time.Duration(played)
	return fmt.Sprintf(" %.2f games/s ETA %s", float64(played)/elapsed.Seconds(), (time.Duration(left) * perGame).Round(time.Second))
}

// fit cuts line to maxWidth columns, marking the cut with "…": the full
// detail of a game is in its journal line.
func fit(line string) string {
	if utf8.RuneCountInString(line) <= maxWidth {
		return line
	}
	return string([]rune(line)[:maxWidth-1]) + "…"
}

// leaders returns the top 5 of the games seen so far, one line each,
// under the line of the league's SPRT match, if it is one.
func (pr *progress) leaders() string {
	var b strings.Builder
	b.WriteString(pr.sprtLine())
	st := arena.Standings(pr.cfg, pr.games)
	for i, row := range st.Rows[:min(5, len(st.Rows))] {
		fmt.Fprintf(&b, "  %d. %-20s %5.1f pts  %d games\n", i+1, row.Bot, row.Points, row.Games)
	}
	return b.String()
}

// top5 draws the leaders under the bar; it runs on mpb's render goroutine,
// so it only reads what event stored.
func (pr *progress) top5(w io.Writer, _ decor.Statistics) error {
	s, _ := pr.board.Load().(string)
	_, err := io.WriteString(w, s)
	return err
}

// stop waits for the bar to draw its last state.
func (pr *progress) stop() {
	if pr.p == nil {
		return
	}
	if pr.bar != nil && !pr.bar.Completed() {
		pr.bar.Abort(false)
	}
	pr.p.Wait()
}
