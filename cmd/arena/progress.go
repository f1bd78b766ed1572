package main

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/results"
)

// progress shows a league as it runs: on a terminal one line redrawn in
// place (games done, a bar, games/s, ETA, under a time_control the clocks
// of the games in play, and the leader); otherwise one line per game. On a
// resumed league, the bar and the leader count every game of the journal,
// and the speed and ETA come from this run's games alone.
type progress struct {
	out     io.Writer
	cfg     *league.Config
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
	// inPlay are the clocks of the games in play under the league's
	// time_control, by game id; nil under a fixed tempo. drawn is when a
	// move last redrew the line.
	inPlay map[string]*playClocks
	drawn  time.Time
	// lead is the live line's last words, the leader or where the SPRT
	// match stands, unless stale: games finished since (see leadText).
	// Moves redraw the line without computing the standings again.
	lead  string
	stale bool
}

// playClocks are a game's players and their clocks after its last move.
type playClocks struct {
	bots [2]string
	left [2]time.Duration
}

// moveRedraw is the least time between two redraws of the live line for
// moves: a league at a short clock records dozens of moves a second.
const moveRedraw = 100 * time.Millisecond

func newProgress(out io.Writer, cfg *league.Config, plain bool) *progress {
	pr := &progress{out: out, cfg: cfg, sprt: cfg.League().SPRTMatch()}
	for _, b := range cfg.Bots {
		pr.names = append(pr.names, b.Name)
	}
	if f, ok := out.(*os.File); ok && !plain && term.IsTerminal(int(f.Fd())) {
		pr.live = &liveLine{w: out, width: func() int { return outputWidth(f) }}
	}
	if cfg.TimeControl != nil {
		pr.inPlay = map[string]*playClocks{}
	}
	return pr
}

// event is the Runner's Events callback. The line counts finished games;
// under a time_control the live line also follows the clocks of the games
// in play, from their starts and moves.
func (pr *progress) event(e arena.Event) {
	if e.Start != nil || e.Move != nil {
		pr.clockEvent(e)
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
		pr.stale = true
		if pr.live != nil {
			pr.redraw()
		} else if e.Done > 0 {
			fmt.Fprintf(pr.out, "resuming: %d of %d games already recorded\n", e.Done, e.Total)
		}
		return
	}
	pr.games = append(pr.games, *e.End)
	delete(pr.inPlay, e.End.ID)
	pr.stale = true
	if pr.live != nil {
		pr.redraw()
		return
	}
	g := e.End
	line := fmt.Sprintf("[%*d/%d] %-28s %-7s %-11s %3d-%-3d %s", len(fmt.Sprint(e.Total)), e.Done, e.Total, inert.Line(g.ID), g.Result, g.Reason, g.Scores[0], g.Scores[1], inert.Line(g.Detail))
	fmt.Fprintln(pr.out, fit(strings.TrimRight(line, " "), maxWidth))
	for _, l := range pr.sprtLines() {
		fmt.Fprintln(pr.out, fit(l, maxWidth))
	}
}

// leadText returns the live line's last words for the games finished so
// far, computed once after each finished game. The caller holds pr.mu.
func (pr *progress) leadText() string {
	if !pr.stale {
		return pr.lead
	}
	pr.lead, pr.stale = "", false
	switch {
	case pr.sprt != nil:
		pr.lead = "  " + pr.sprt.Result(pr.games).Line()
	case len(pr.games) > 0:
		st := tournament.Standings(pr.cfg.League(), pr.games)
		if len(st.Rows) > 0 {
			pr.lead = fmt.Sprintf("  leader %s %.1f pts", pr.shown(st.Rows[0].Bot), st.Rows[0].Points)
		}
	}
	return pr.lead
}

// line is the live line for a terminal of width columns: the league,
// games done, a bar, the pace, the clocks under a time_control (clockText),
// and the leader (or where the SPRT match stands, see leadText). Under a
// time_control, when the line is longer than width, it leaves out the time
// control, then shortens the bar, so that the clocks show on an 80-column
// terminal; what is still too long draw cuts. The caller holds pr.mu.
func (pr *progress) line(width int) string {
	lead := pr.leadText()
	type variant struct {
		bar int
		tc  bool
	}
	variants := []variant{{20, false}}
	if pr.inPlay != nil {
		variants = []variant{{20, true}, {20, false}, {10, false}}
	}
	var s string
	for _, v := range variants {
		filled := 0
		if pr.total > 0 {
			filled = min(v.bar, v.bar*pr.done/pr.total)
		}
		s = fmt.Sprintf("%s %d/%d games [%s%s]%s%s%s", pr.cfg.Name, pr.done, pr.total,
			strings.Repeat("=", filled), strings.Repeat(" ", v.bar-filled),
			pace(int64(pr.done-pr.resumed), int64(pr.total-pr.done), time.Since(pr.start)),
			pr.clockText(v.tc), lead)
		if runes(s) <= width {
			break
		}
	}
	return s
}

// redraw draws the live line again. The caller holds pr.mu.
func (pr *progress) redraw() {
	pr.live.draw(pr.line(pr.live.room()))
}

// clockEvent follows the clocks of the games in play on a start or a move
// of a game under a time_control, and redraws the live line at most every
// moveRedraw. Under a fixed tempo it does nothing.
func (pr *progress) clockEvent(e arena.Event) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if pr.inPlay == nil {
		return
	}
	switch {
	case e.Start != nil:
		base := time.Duration(pr.cfg.TimeControl.BaseMS) * time.Millisecond
		pr.inPlay[e.Start.ID] = &playClocks{bots: [2]string{e.Start.White, e.Start.Black}, left: [2]time.Duration{base, base}}
	case e.Move.Record.Clocks != nil:
		if g := pr.inPlay[e.Move.GameID]; g != nil {
			g.left = *e.Move.Record.Clocks
		}
	}
	if pr.live != nil && time.Since(pr.drawn) >= moveRedraw {
		pr.redraw()
		pr.drawn = time.Now()
	}
}

// clockText is the live line's word of the clocks under a time_control:
// "  tc 2000+50 low 0.95s greedy", the time control (with tc) and the
// least time left on a clock of the games in play, with its bot (the game
// nearest a loss on time), or the time control alone between games. It is
// "" under a fixed tempo. The caller holds pr.mu.
func (pr *progress) clockText(tc bool) string {
	if pr.inPlay == nil {
		return ""
	}
	var s string
	if tc {
		s = "  tc " + pr.cfg.TimeControl.String()
	}
	low, bot := time.Duration(-1), ""
	for _, id := range slices.Sorted(maps.Keys(pr.inPlay)) { // ties: the first game
		g := pr.inPlay[id]
		for i, left := range g.left {
			if low < 0 || left < low {
				low, bot = left, g.bots[i]
			}
		}
	}
	if low >= 0 {
		s += "  low " + showClock(low) + " " + inert.Line(pr.shown(bot))
	}
	return s
}

// showClock writes a clock's time left as a player reads it: 0.95s, 12.3s,
// 4:05.
func showClock(d time.Duration) string {
	switch {
	case d < 10*time.Second:
		return fmt.Sprintf("%.2fs", d.Seconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	d = d.Truncate(time.Second)
	return fmt.Sprintf("%d:%02d", int(d/time.Minute), int(d%time.Minute/time.Second))
}

// loadJournal starts the leaders from the games already in the journal.
// If the journal cannot be read, they count this run's games alone.
func (pr *progress) loadJournal() {
	r, err := arena.ReadResults(pr.cfg.Out)
	if err != nil {
		return
	}
	pr.games = r.Games
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
	st := tournament.Standings(pr.cfg.League(), pr.games)
	top := st.Rows[:min(5, len(st.Rows))]
	name := 20
	for _, row := range top {
		name = max(name, runes(pr.shown(row.Bot)))
	}
	for i, row := range top {
		fmt.Fprintf(&b, "  %d. %-*s %5.1f pts  %d games\n", i+1, name, pr.shown(row.Bot), row.Points, row.Games)
	}
	return b.String()
}

// shown is the name the tables show of bot: its display name, else its
// name.
func (pr *progress) shown(bot string) string {
	return cmp.Or(pr.cfg.Displays()[bot], bot)
}

// stop ends the live line: drawn a last time, clean (after a ^C that the
// terminal echoed), and a newline, with the top 5 under it.
func (pr *progress) stop() {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if pr.live == nil || !pr.live.drawn {
		return
	}
	pr.redraw()
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

// room is the columns the line may take now.
func (l *liveLine) room() int { return l.width() - echoRoom }

// draw replaces the line with s, cut to fit.
func (l *liveLine) draw(s string) {
	fmt.Fprint(l.w, "\r\x1b[K"+fit(s, l.room()))
	l.drawn = true
}
