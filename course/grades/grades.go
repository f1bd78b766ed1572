package grades

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/results"
)

// Report is the grades of a class: one row per submission.
type Report struct {
	Title   string         `json:"title"`
	Rule    league.Grading `json:"rule"`
	TempoMS int            `json:"tempo_ms"`
	// Clock is the clock the league charged, "cpu" or "wall" (a league
	// from before clocks: "wall"): the rows' time figures charged first.
	Clock string `json:"clock"`
	// Order names the keys the standings ranked by (see
	// results.Standings.Order).
	Order []string `json:"order"`
	// Unplayed counts the league's games still to play: when it is not 0
	// the grades are provisional.
	Unplayed int   `json:"unplayed,omitempty"`
	Rows     []Row `json:"rows"`
	// Warnings are what the lecturer must not miss: a student's number
	// on two rows or more (two hand-ins that claim one student).
	Warnings []string `json:"warnings,omitempty"`
}

// Row is one submission's grade.
type Row struct {
	// Entry is the submission as handed in ("" without an intake), Group
	// its display name, Bot its bot in the league ("" when not eligible).
	Entry    string    `json:"entry,omitempty"`
	Group    string    `json:"group"`
	Bot      string    `json:"bot,omitempty"`
	Students []Student `json:"students"`
	Eligible bool      `json:"eligible"`
	// Admitted says that the lecturer admitted the group, not eligible, on
	// purpose (arena intake --admit): it plays and is graded as the
	// eligible groups are (plays).
	Admitted bool   `json:"admitted,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// Rank is the standings' place, 0 when the group played no game;
	// Tiebreak the key of the order that placed it (results.Row.Tiebreak).
	Rank     int     `json:"rank,omitempty"`
	Points   float64 `json:"points"`
	Tiebreak string  `json:"tiebreak,omitempty"`
	Games    int     `json:"games"`
	// Timeouts, Illegal, Crashes and Start count the games lost by each
	// fault; Faults the games at fault (results.Row).
	Timeouts int `json:"timeouts"`
	Illegal  int `json:"illegal"`
	Crashes  int `json:"crashes"`
	Start    int `json:"start"`
	Faults   int `json:"faults"`
	// MedianCPUMS is the median CPU time of the bot's moves in the move
	// logs, over CPUMoves of them (0: none measured, MedianCPUMS unknown);
	// MedianWallMS the median wall time, over Moves of them (0: no log).
	// The league's Clock says which of the two it charged.
	MedianCPUMS  float64 `json:"median_cpu_ms"`
	CPUMoves     int     `json:"cpu_moves"`
	MedianWallMS float64 `json:"median_wall_ms"`
	Moves        int     `json:"moves"`
	// Similar are the groups the similarity check flagged with this one.
	Similar []string `json:"similar,omitempty"`
	// Band is the best band the group reached against the reference bots.
	Band  string  `json:"band,omitempty"`
	Bonus float64 `json:"bonus"`
	// Annulled is the reason the lecturer annulled the group's results
	// (arena grades --annul), if so: the row keeps its games, has no
	// place, no band and bonus 0, and its place goes to the groups below.
	Annulled string `json:"annulled,omitempty"`
}

// Compute returns the grades of the league l, with the lecturer's marks
// (see results.Marks: annulled groups lose their places to the groups
// below): one row per submission of in when it is given, else one per bot
// of the league that is no built-in (a group's, shown by its display
// name). Rows are in
// standings order, then the groups that did not play, then those not
// eligible, each by group. Bots of the league that are no submission of in
// (a reference bot added to the league) are left out of the rows and of
// the places.
func Compute(l *arena.Results, in *Intake, marks results.Marks) (*Report, error) {
	rule := l.Config.GradingRule()
	st := tournament.Standings(l.Config.League(), l.Games)
	st.Mark(marks)
	byBot := make(map[string]results.Row, len(st.Rows))
	for _, r := range st.Rows {
		byBot[r.Bot] = r
	}
	var subs []Submission
	if in != nil {
		subs = in.Submissions
	} else {
		for _, b := range l.Config.Bots {
			if b.ArenasOwn() {
				continue // a reference: no group to grade
			}
			subs = append(subs, Submission{Group: cmp.Or(b.Display, b.Name), Bot: b.Name, Eligible: true})
		}
	}
	groupOf := make(map[string]string, len(subs)) // entry → group
	for _, s := range subs {
		groupOf[s.Entry] = cmp.Or(s.Group, s.Entry)
	}
	wall, cpu := moveTimes(l)
	rep := &Report{Title: cmp.Or(l.Config.Title, l.Config.Name), Rule: rule, TempoMS: l.Config.TempoMS, Clock: cmp.Or(l.Config.Clock, league.ClockCPU), Order: st.Order, Unplayed: unplayed(l)}
	for _, s := range subs {
		row := Row{Entry: s.Entry, Group: cmp.Or(s.Group, s.Entry), Bot: s.Bot, Students: s.Students, Eligible: s.Eligible, Admitted: s.Admitted, Reason: s.Reason}
		if len(row.Students) == 0 {
			row.Students = intake.ParseGroup(cmp.Or(s.Entry, s.Group)).Students
		}
		if row.Students == nil {
			row.Students = []Student{}
		}
		if r, ok := byBot[s.Bot]; ok && s.Bot != "" && r.Games > 0 {
			row.Rank, row.Points, row.Tiebreak, row.Games, row.Annulled = r.Rank, r.Points, r.Tiebreak, r.Games, r.Annulled
			row.Timeouts, row.Illegal, row.Crashes, row.Start, row.Faults = r.Timeouts, r.Illegal, r.Crashes, r.Start, r.Faults
		}
		if t := wall[s.Bot]; s.Bot != "" && len(t) > 0 {
			row.MedianWallMS, row.Moves = median(t), len(t)
		}
		if t := cpu[s.Bot]; s.Bot != "" && len(t) > 0 {
			row.MedianCPUMS, row.CPUMoves = median(t), len(t)
		}
		for _, sim := range s.Similar {
			if sim.Flagged {
				row.Similar = append(row.Similar, cmp.Or(groupOf[sim.With], sim.With))
			}
		}
		rep.Rows = append(rep.Rows, row)
	}
	if err := bands(rep.Rows, rule); err != nil {
		return nil, err
	}
	award(rep.Rows, rule)
	slices.SortStableFunc(rep.Rows, func(a, b Row) int {
		return cmp.Or(cmp.Compare(class(a), class(b)), cmp.Compare(a.Rank, b.Rank), intake.CompareGroups(a.Group, b.Group))
	})
	rep.Warnings = sharedStudents(rep.Rows)
	return rep, nil
}

// sharedStudents returns a warning for each student's number on more than
// one of rows, naming the rows' groups and entries.
func sharedStudents(rows []Row) []string {
	var numbers []string
	on := map[string][]string{}
	for _, r := range rows {
		for _, s := range r.Students {
			who := r.Group
			if r.Entry != "" && r.Entry != r.Group {
				who += " (" + r.Entry + ")"
			}
			if s.Number == "" || slices.Contains(on[s.Number], who) {
				continue
			}
			if on[s.Number] == nil {
				numbers = append(numbers, s.Number)
			}
			on[s.Number] = append(on[s.Number], who)
		}
	}
	var out []string
	for _, n := range numbers {
		if len(on[n]) > 1 {
			out = append(out, fmt.Sprintf("student %s is on %d rows: %s; check which group is theirs", n, len(on[n]), strings.Join(on[n], ", ")))
		}
	}
	return out
}

// unplayed counts the games of the league's schedule not in its journal;
// an SPRT match, which stops when its test decides, counts none.
func unplayed(l *arena.Results) int {
	if l.Config.League().SPRTMatch() != nil {
		return 0
	}
	played := make(map[string]bool, len(l.Games))
	for _, g := range l.Games {
		played[tournament.ScheduledID(g)] = true
	}
	n := 0
	for _, s := range tournament.Schedule(l.Config.League(), l.Games) {
		if !played[s.ID] {
			n++
		}
	}
	return n
}

// plays reports whether the group plays in the league: eligible, or
// admitted on purpose.
func (r Row) plays() bool { return r.Eligible || r.Admitted }

// class orders the rows: ranked, then annulled, then playing without a
// game, then not eligible.
func class(r Row) int {
	switch {
	case r.Rank > 0 && r.plays():
		return 0
	case r.Annulled != "":
		return 1
	case r.plays():
		return 2
	}
	return 3
}

// award sets each row's bonus by rule: the places' bonuses go to the
// groups that play (eligible or admitted) with a rank, in rank order,
// counted among them alone; groups that share a rank (tied) share the
// places they cover, each getting their mean rounded to 0.01 (or, with
// ties: best, the best of them); every other group that plays gets the
// participant bonus, and a group not eligible or annulled none. A band's
// bonus is added on top.
func award(rows []Row, rule league.Grading) {
	place := func(p int) float64 { // p from 0
		if p < len(rule.Places) {
			return rule.Places[p]
		}
		return rule.Participant
	}
	var ranked []int
	for i, r := range rows {
		if r.plays() && r.Rank > 0 {
			ranked = append(ranked, i)
		}
	}
	slices.SortStableFunc(ranked, func(a, b int) int { return cmp.Compare(rows[a].Rank, rows[b].Rank) })
	for start := 0; start < len(ranked); {
		end := start + 1
		for end < len(ranked) && rows[ranked[end]].Rank == rows[ranked[start]].Rank {
			end++
		}
		bonus := place(start) // ties: best
		if rule.Ties != league.TiesBest {
			sum := 0.0
			for p := start; p < end; p++ {
				sum += place(p)
			}
			bonus = math.Round(sum/float64(end-start)*100) / 100
		}
		for _, i := range ranked[start:end] {
			rows[i].Bonus = bonus
		}
		start = end
	}
	for i := range rows {
		if rows[i].plays() && rows[i].Rank == 0 {
			rows[i].Bonus = rule.Participant
		}
		if !rows[i].plays() || rows[i].Annulled != "" {
			rows[i].Bonus, rows[i].Band = 0, ""
			continue
		}
		for _, b := range rule.Bands {
			if rows[i].plays() && b.Name == rows[i].Band {
				rows[i].Bonus += b.Bonus
			}
		}
	}
}

// moveTimes returns each bot's move times in ms from the league's move
// logs, by the wall clock and, where the log has it, in CPU time: the
// moves it chose, not those the referee forced. A game without its log
// adds nothing.
func moveTimes(l *arena.Results) (wall, cpu map[string][]float64) {
	wall, cpu = make(map[string][]float64), make(map[string][]float64)
	for _, g := range l.Games {
		lines, err := l.GameLog(g.ID)
		if err != nil {
			continue // the log is optional: its times are unknown
		}
		for _, ln := range lines {
			if ln.Ply > 0 && ln.Bot != "" && !ln.Forced {
				wall[ln.Bot] = append(wall[ln.Bot], ln.TimeMS)
				if ln.CPUMS != nil {
					cpu[ln.Bot] = append(cpu[ln.Bot], *ln.CPUMS)
				}
			}
		}
	}
	return wall, cpu
}

// median returns the median of xs, which is not empty, rounded to 0.1.
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + m) / 2
	}
	return math.Round(m*10) / 10
}

// bands sets each eligible row's band: the first of rule's bands whose
// reference bot the row's bot won at least its share of games against, in
// the reference gauntlet's results directory.
func bands(rows []Row, rule league.Grading) error {
	if len(rule.Bands) == 0 {
		return nil
	}
	ref, err := arena.ReadResults(rule.Reference)
	if err != nil {
		return err
	}
	games := ref.Games
	if len(games) == 0 {
		return fmt.Errorf("grading: reference %s has no games: play the reference gauntlet first (docs/grading.md)", rule.Reference)
	}
	for _, b := range rule.Bands {
		if !slices.ContainsFunc(games, func(g results.Entry) bool { return g.White == b.Beats || g.Black == b.Beats }) {
			return fmt.Errorf("grading: band %s: no game of %s in %s: name a bot of the reference gauntlet", b.Name, b.Beats, rule.Reference)
		}
	}
	for i := range rows {
		if !rows[i].plays() || rows[i].Bot == "" {
			continue
		}
		for _, b := range rule.Bands {
			if won, n := wins(games, rows[i].Bot, b.Beats); n > 0 && float64(won) >= b.Share*float64(n)-1e-9 {
				rows[i].Band = b.Name
				break
			}
		}
	}
	return nil
}

// wins returns the games bot won against opp, and how many they played.
func wins(games []results.Entry, bot, opp string) (won, n int) {
	for _, g := range games {
		if (g.White == bot && g.Black == opp) || (g.White == opp && g.Black == bot) {
			n++
			if g.Outcome(bot) == 1 {
				won++
			}
		}
	}
	return won, n
}
