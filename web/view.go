package web

import (
	"math"

	"slices"
	"time"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// Snapshot is everything a page shows of a league, as JSON.
type Snapshot struct {
	League LeagueView `json:"league"`
	Tables Tables     `json:"tables"`
	Live   []LiveView `json:"live"`
}

// LeagueView names a league.
type LeagueView struct {
	Name string `json:"name"`
	// Title is the page's title: the league's title: key, or its name.
	Title    string `json:"title"`
	GameName string `json:"game"`
	Dir      string `json:"dir"`
	TempoMS  int    `json:"tempo_ms"` // 0 under a game clock
	// Clock is the league's game clock, nil under a fixed tempo.
	Clock *ClockView `json:"clock,omitempty"`
	// Lang is the page's language: "en" or "pt".
	Lang string `json:"lang"`
	// Charged is the clock the league charges, "cpu" or "wall"; "" when
	// unknown.
	Charged string `json:"charged,omitempty"`
}

// ClockView is a league's game clock (time_control:): each side starts
// with BaseMS, gets IncMS after each of its moves and, when Moves > 0,
// BaseMS again every Moves of its moves.
type ClockView struct {
	Text   string `json:"text"` // as arena play's --time-control reads it: 2000+50, 40/60000+0
	BaseMS int    `json:"base_ms"`
	IncMS  int    `json:"inc_ms"`
	Moves  int    `json:"moves,omitempty"`
}

// Tables is what changes when a game ends: progress, standings, ratings,
// crosstable, faults, time use and the finished games.
type Tables struct {
	Progress  Progress      `json:"progress"`
	Standings []results.Row `json:"standings"`
	// Order names the keys the standings are ranked by (see
	// results.Standings.Order).
	Order      []string        `json:"order"`
	Chart      string          `json:"chart"` // the ratings with their error bars, SVG
	Crosstable CrosstableView  `json:"crosstable"`
	Faults     []Fault         `json:"faults"`
	Times      []TimeUse       `json:"times"`
	Games      []results.Entry `json:"games"`
	// Added reports that Games holds only the games finished since the
	// last tables message, for the page to add to those it has; a
	// snapshot's tables hold every game.
	Added   bool            `json:"added,omitempty"`
	Ended   string          `json:"ended,omitempty"` // the game whose end this is
	Scoring results.Scoring `json:"scoring"`
	// SPRT is where the league's SPRT match stands, if it is one.
	SPRT *results.SPRTResult `json:"sprt,omitempty"`
	// Swiss is set for a Swiss, whose standings have Buchholz and byes;
	// Bracket is a knockout's.
	Swiss   bool             `json:"swiss,omitempty"`
	Bracket *results.Bracket `json:"bracket,omitempty"`
	// Playoffs are the playoffs of bots level on every other key, in a
	// league with tiebreak: playoff.
	Playoffs []results.Playoff `json:"playoffs,omitempty"`
	// Next are the next games of the schedule, neither played nor in
	// play (at most nextGames).
	Next []NextGame `json:"next"`
	// Display are the bots' display names, by name, where they have one.
	Display map[string]string `json:"display"`
	// Similar are, by bot, the bots the similarity check flagged with it
	// (see results.Marks); a standings row says if its bot was annulled.
	Similar map[string][]string `json:"similar,omitempty"`
	// Challengers are a gauntlet's challengers, which its standings rank
	// (see results.Standings.Challengers).
	Challengers []string `json:"challengers,omitempty"`
}

// nextGames is how many games of the schedule to come the page lists.
const nextGames = 6

// NextGame is a game of the schedule still to play.
type NextGame struct {
	ID    string `json:"id"`
	Round int    `json:"round"`
	White string `json:"white"`
	Black string `json:"black"`
}

// Progress is how far a league is, and when it will be done at the pace
// seen since the page's server started following it.
type Progress struct {
	Done      int     `json:"done"`
	Total     int     `json:"total"` // 0 when unknown
	GamesPerS float64 `json:"games_per_s"`
	ETASecs   float64 `json:"eta_s"` // -1 when unknown
}

// CrosstableView is the crosstable in the standings' order.
type CrosstableView struct {
	Bots []string `json:"bots"`
	// Display are the bots' display names, by name, where they have one.
	Display map[string]string `json:"display,omitempty"`
	Cells   [][]results.Cell  `json:"cells"`
}

// Fault is a game a bot lost (or was adjudicated in) by its own fault.
type Fault struct {
	GameID  string `json:"game"`
	Bot     string `json:"bot"`
	Verdict string `json:"verdict"`
	Why     string `json:"why"` // the verdict's long text
	Detail  string `json:"detail"`
}

// TimeUse is a bot's time per move over its finished games.
type TimeUse struct {
	Bot    string  `json:"bot"`
	Moves  int     `json:"moves"`
	MeanMS float64 `json:"mean_ms"`
	P95MS  float64 `json:"p95_ms"`
	MaxMS  float64 `json:"max_ms"`
	// CPU is the same of the moves whose CPU time was measured (see
	// results.MoveLine.CPUMS), nil when none was.
	CPU *CPUUse `json:"cpu,omitempty"`
}

// CPUUse sums up a bot's CPU time per move, in ms.
type CPUUse struct {
	Moves  int     `json:"moves"`
	MeanMS float64 `json:"mean_ms"`
	P95MS  float64 `json:"p95_ms"`
	MaxMS  float64 `json:"max_ms"`
}

// LiveView is a game in play.
type LiveView struct {
	ID     string            `json:"id"`
	Round  int               `json:"round"`
	White  string            `json:"white"`
	Black  string            `json:"black"`
	Ply    int               `json:"ply"`
	ToMove string            `json:"to_move"`
	Scores [2]int            `json:"scores"`
	SVG    string            `json:"svg"`
	Last   *results.MoveLine `json:"last,omitempty"`
	// LastTarget is the data-target of the drawing's place the last move
	// was played at, for the page to mark it; "" when none.
	LastTarget string `json:"last_target,omitempty"`
	// LastMS is each side's last call and UsedMS its time in all, against
	// TempoMS per call, or under a game clock (Clock) against the side's
	// clock: LeftMS is White's and Black's time left after the last move
	// (before the first, Clock's base).
	LastMS  [2]float64  `json:"last_ms"`
	UsedMS  [2]float64  `json:"used_ms"`
	TempoMS int         `json:"tempo_ms"`
	Clock   *ClockView  `json:"clock,omitempty"`
	LeftMS  *[2]float64 `json:"left_ms,omitempty"`
	// LastCPUMS and UsedCPUMS are the same in CPU time, where it was
	// measured (see referee.MoveRecord.CPU); Charged is the clock the
	// league charges, "cpu" or "wall".
	LastCPUMS *[2]float64 `json:"last_cpu_ms,omitempty"`
	UsedCPUMS *[2]float64 `json:"used_cpu_ms,omitempty"`
	Charged   string      `json:"charged,omitempty"`
	// Human is the side a person plays ("white" or "black"), and Legal
	// the moves the person may play now by the drawing's data-target they
	// are played from, while it is the person's turn.
	Human string              `json:"human,omitempty"`
	Legal map[string][]string `json:"legal,omitempty"`
	// Choices gives, for a drawing where one place plays several moves
	// (see referee.Chooser), the data-target of the second place that
	// picks each move, by the move (a Jogo do Quatro piece).
	Choices map[string]string `json:"choices,omitempty"`
	// Result is set when the game is over.
	Result string `json:"result,omitempty"`
}

// GameView is a finished game for the viewer: its journal line, its plies
// from ply 0 (the initial position) on, and the drawing after each.
type GameView struct {
	Entry results.Entry `json:"game"`
	// Seed is Game.Seed in decimal: JavaScript numbers cannot hold every
	// uint64.
	Seed  string             `json:"seed"`
	Moves []results.MoveLine `json:"moves"`
	SVGs  []string           `json:"svgs"`
	// Targets are, by ply, the data-target of the place its move was
	// played at ("" for ply 0 and for a move no place plays).
	Targets []string `json:"targets"`
}

// liveGame is a game in play.
type liveGame struct {
	ID           string
	Round        int
	Seed         uint64
	White, Black string
	state        referee.State
	human        referee.Side        // the side a person plays, if any
	legal        map[string][]string // the person's moves on offer
	choices      map[string]string   // the second place of each, if any
	last         *referee.MoveRecord
	lastTarget   string // the drawing's place of the last move
	lastCall     [2]time.Duration
	used         [2]time.Duration
	lastCPU      *[2]time.Duration // nil until a call's CPU time is measured
	usedCPU      [2]time.Duration
	clocks       *[2]time.Duration // time left under a game clock, else nil
}

// play plays a recorded move; a move that does not parse or is not legal
// (a fault, which ends the game) only counts its time.
func (g *liveGame) play(mr referee.MoveRecord) {
	g.last = &mr
	if !mr.Forced {
		g.lastCall[mr.Side.Index()] = mr.Elapsed
		g.used[mr.Side.Index()] += mr.Elapsed
		if mr.CPU != nil {
			if g.lastCPU == nil {
				g.lastCPU = &[2]time.Duration{}
			}
			g.lastCPU[mr.Side.Index()] = *mr.CPU
			g.usedCPU[mr.Side.Index()] += *mr.CPU
		}
	}
	if mr.Clocks != nil {
		c := *mr.Clocks
		g.clocks = &c
	}
	if mr.Move == "" {
		return
	}
	g.lastTarget = ""
	if m, err := g.state.ParseMove(mr.Move); err == nil && referee.Legal(g.state, m) {
		if d, ok := g.state.(referee.Drawer); ok {
			g.lastTarget = referee.LastTarget(d, m)
		}
		g.state.Play(m)
	}
}

// view returns what the page shows of g, a game of the league of info.
func (g *liveGame) view(info *Info) LiveView {
	v := LiveView{
		ID: g.ID, Round: g.Round, White: g.White, Black: g.Black, Ply: g.state.Ply(),
		ToMove: g.state.ToMove().String(), Scores: g.state.Scores(), SVG: svg(g.state),
		TempoMS: info.TempoMS, Clock: info.Clock, Charged: info.charged(),
	}
	for i := range 2 {
		v.LastMS[i], v.UsedMS[i] = ms(g.lastCall[i]), ms(g.used[i])
	}
	if c := g.lastCPU; c != nil {
		v.LastCPUMS = &[2]float64{ms(c[0]), ms(c[1])}
		v.UsedCPUMS = &[2]float64{ms(g.usedCPU[0]), ms(g.usedCPU[1])}
	}
	if c := g.clocks; c != nil {
		v.LeftMS = &[2]float64{ms(c[0]), ms(c[1])}
	}
	if g.human != 0 {
		v.Human, v.Legal = g.human.String(), g.legal
		if len(g.choices) > 0 {
			v.Choices = g.choices
		}
	}
	if g.last != nil {
		bot := g.White
		if g.last.Side == referee.Black {
			bot = g.Black
		}
		mv := shownLine(results.LineOf(g.state.Game().Name(), *g.last, bot))
		v.Last, v.LastTarget = &mv, g.lastTarget
	}
	return v
}

// ms returns d in milliseconds, to the microsecond.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// leagueView names l's league. The caller holds l.mu.
func (l *League) leagueView() LeagueView {
	title := l.info.Title
	if title == "" {
		title = l.info.Name
	}
	lang := l.info.Lang
	if league.CheckLang(lang) != nil || lang == "" {
		lang = "en" // a recorded config is read without Load's checks
	}
	return LeagueView{Name: l.info.Name, Title: title, GameName: l.info.Rules.Name(), Dir: l.info.Dir, TempoMS: l.info.TempoMS, Clock: l.info.Clock, Lang: lang, Charged: l.info.charged()}
}

// tables computes the tables of l's finished games, listing games of them;
// ended names the game that just ended, if any. The caller holds l.mu.
func (l *League) tables(ended string, games []results.Entry) Tables {
	st := l.info.standings(l.games)
	st.SetDisplay(l.info.Display)
	st.Mark(l.info.Marks)
	ct := results.NewCrosstable(l.info.counted(l.games), st.Bots(), l.info.Scoring)
	t := Tables{
		Standings:   st.Rows,
		Swiss:       st.Swiss,
		Challengers: st.Challengers,
		Order:       st.Order,
		Bracket:     st.Bracket,
		Playoffs:    st.Playoffs,
		Chart:       ratingChart(st.Rows),
		Crosstable:  CrosstableView{Bots: orEmpty(ct.Bots), Display: l.info.Display, Cells: orEmpty(ct.Cells)},
		Display:     l.info.Display,
		Next:        l.info.next(l.games, l.live, nextGames),
		Games:       shownGames(games),
		Ended:       ended,
		Scoring:     l.info.Scoring,
		Faults:      faults(l.games),
		Progress:    Progress{Done: len(l.games), Total: l.info.total(l.games), ETASecs: -1},
	}
	if t.Progress.Total > 0 && t.Progress.Done > t.Progress.Total {
		t.Progress.Total = t.Progress.Done // a knockout's tie-break boards add games
	}
	if played, secs := len(l.games)-l.base, time.Since(l.since).Seconds(); played > 0 && secs > 0 {
		t.Progress.GamesPerS = float64(played) / secs
		if t.Progress.Total > 0 {
			t.Progress.ETASecs = math.Round(float64(t.Progress.Total-t.Progress.Done) / t.Progress.GamesPerS)
		}
	}
	for _, bot := range st.Bots() {
		u := timeUse(bot, l.times[bot])
		if cpu := l.cpuTimes[bot]; len(cpu) > 0 {
			c := timeUse(bot, cpu)
			u.CPU = &CPUUse{Moves: c.Moves, MeanMS: c.MeanMS, P95MS: c.P95MS, MaxMS: c.MaxMS}
		}
		t.Times = append(t.Times, u)
	}
	if t.Standings == nil {
		t.Standings = []results.Row{}
	}
	if t.Display == nil {
		t.Display = map[string]string{}
	}
	if m := l.info.SPRT; m != nil {
		r := m.Result(l.games)
		t.SPRT = &r
	}
	for _, bot := range st.Bots() {
		if sim := l.info.Marks.SimilarTo(bot); len(sim) > 0 {
			if t.Similar == nil {
				t.Similar = map[string][]string{}
			}
			t.Similar[bot] = sim
		}
	}
	return t
}

// faults lists the games that ended on a bot's fault, one line per bot at
// fault.
func faults(games []results.Entry) []Fault {
	var out []Fault
	for _, g := range games {
		bots := []string{g.Loser}
		switch g.Loser {
		case "":
			continue
		case results.BothAtFault:
			bots = []string{g.White, g.Black}
		}
		for _, b := range bots {
			out = append(out, Fault{GameID: g.ID, Bot: b, Verdict: g.Reason.String(), Why: g.Reason.Text(), Detail: inert.Line(g.Detail)})
		}
	}
	return out
}

// timeUse sums up a bot's move times.
func timeUse(bot string, times []float64) TimeUse {
	u := TimeUse{Bot: bot, Moves: len(times)}
	if len(times) == 0 {
		return u
	}
	sorted := slices.Sorted(slices.Values(times))
	sum := 0.0
	for _, x := range sorted {
		sum += x
	}
	u.MeanMS = round3(sum / float64(len(sorted)))
	u.P95MS = sorted[(len(sorted)*95+99)/100-1]
	u.MaxMS = sorted[len(sorted)-1]
	return u
}

// round3 rounds x to 0.001.
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// orEmpty returns s, or an empty slice for nil: the page reads [] where
// nothing is, never null.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
