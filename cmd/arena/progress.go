package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/results"
)

// progress shows a league as it runs: on a terminal one line redrawn in
// place (games done, a bar, games/s, ETA and the leader); otherwise one
// line per game. On a resumed league, the bar and the leader count every
// game of the journal, and the speed and ETA come from this run's games
// alone.
type progress struct {
	out     io.Writer
	cfg     *arena.Config
	names   []string
	mu      sync.Mutex // guards what follows
	games   []results.Entry
	live    *liveLine // nil in the plain mode
	start   time.Time // when this run started
	resumed int       // games in the journal when this run started
	done    int       // games in the journal now
	total   int       // games in the schedule
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
		pr.live = &liveLine{w: out, width: func() int { return outputWidth(f) }}
	}
	return pr
}

// event is the Runner's Events callback. The line counts finished games:
// the starts and moves of games in play are the web page's.
func (pr *progress) event(e arena.Event) {
	if e.Start != nil || e.Move != nil {
		return
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.done, pr.total = e.Done, e.Total // a knockout's tie-break boards add games
	if e.End == nil {
		pr.start, pr.resumed = time.Now(), e.Done
		if e.Done > 0 && (pr.live != nil || pr.sprt != nil) {
			pr.loadJournal()
		}
		if pr.live != nil {
			pr.live.draw(pr.line())
		} else if e.Done > 0 {
			fmt.Fprintf(pr.out, "resuming: %d of %d games already recorded\n", e.Done, e.Total)
		}
		return
	}
	pr.games = append(pr.games, *e.End)
	if pr.live != nil {
		pr.live.draw(pr.line())
		return
	}
	g := e.End
	line := fmt.Sprintf("[%*d/%d] %-28s %-7s %-11s %3d-%-3d %s", len(fmt.Sprint(e.Total)), e.Done, e.Total, inert.Line(g.ID), g.Result, g.Reason, g.Scores[0], g.Scores[1], inert.Line(g.Detail))
	fmt.Fprintln(pr.out, fit(strings.TrimRight(line, " "), maxWidth))
	for _, l := range pr.sprtLines() {
		fmt.Fprintln(pr.out, fit(l, maxWidth))
	}
}

// line is the live line: the league, games done, a bar, the pace, and
// the leader (or where the SPRT match stands). The caller holds pr.mu.
func (pr *progress) line() string {
	const barWidth = 20
	filled := 0
	if pr.total > 0 {
		filled = min(barWidth, barWidth*pr.done/pr.total)
	}
	s := fmt.Sprintf("%s %d/%d games [%s%s]%s", pr.cfg.Name, pr.done, pr.total,
		strings.Repeat("=", filled), strings.Repeat(" ", barWidth-filled),
		pace(int64(pr.done-pr.resumed), int64(pr.total-pr.done), time.Since(pr.start)))
	if pr.sprt != nil {
		return s + "  " + pr.sprt.Result(pr.games).Line()
	}
	if len(pr.games) > 0 {
		st := arena.Standings(pr.cfg, pr.games)
		if len(st.Rows) > 0 {
			s += fmt.Sprintf("  leader %s %.1f pts", st.Rows[0].Bot, st.Rows[0].Points)
		}
	}
	return s
}

// loadJournal starts the leaders from the games already in the journal.
// If the journal cannot be read, they count this run's games alone.
func (pr *progress) loadJournal() {
	games, _, err := arena.ReadGames(pr.cfg.Out)
	if err != nil {
		return
	}
	pr.games = games
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

// fit cuts line to width columns, marking the cut with "…": the full
// detail of a game is in its journal line.
func fit(line string, width int) string {
	if utf8.RuneCountInString(line) <= width {
		return line
	}
	return string([]rune(line)[:max(0, width-1)]) + "…"
}

// leaders returns the top 5 of the games seen so far, one line each,
// under the line of the league's SPRT match, if it is one.
func (pr *progress) leaders() string {
	var b strings.Builder
	b.WriteString(pr.sprtLine())
	st := arena.Standings(pr.cfg, pr.games)
	top := st.Rows[:min(5, len(st.Rows))]
	name := 20
	for _, row := range top {
		name = max(name, runes(row.Bot))
	}
	for i, row := range top {
		fmt.Fprintf(&b, "  %d. %-*s %5.1f pts  %d games\n", i+1, name, row.Bot, row.Points, row.Games)
	}
	return b.String()
}

// stop ends the live line: drawn a last time, clean (after a ^C that the
// terminal echoed), and a newline, with the top 5 under it.
func (pr *progress) stop() {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if pr.live == nil || !pr.live.drawn {
		return
	}
	pr.live.draw(pr.line())
	fmt.Fprint(pr.out, "\n"+pr.leaders())
	pr.live = nil
}

// liveLine is a line redrawn in place on a terminal: each draw returns to
// the line's start and clears it, and the line is kept shorter than the
// terminal's width so that it never wraps, not even with a ^C echoed after
// it (a wrapped line would leave a copy of itself in the scrollback at
// each draw).
type liveLine struct {
	w     io.Writer
	width func() int // the terminal's width now: it may be resized
	drawn bool
}

// echoRoom is the room left at the end of the live line for the "^C" that
// the terminal echoes on an interrupt: echoed past the last column, it
// would wrap and leave the line in the scrollback.
const echoRoom = 3

// draw replaces the line with s, cut to fit.
func (l *liveLine) draw(s string) {
	fmt.Fprint(l.w, "\r\x1b[K"+fit(s, l.width()-echoRoom))
	l.drawn = true
}
