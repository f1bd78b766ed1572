package grades

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/results"
)

// Formats are the output formats of Report.Write.
func Formats() []string {
	return []string{results.FormatCSV, results.FormatMarkdown, results.FormatJSON}
}

// CheckFormat returns an error naming the formats when format is not one.
func CheckFormat(format string) error {
	for _, f := range Formats() {
		if f == format {
			return nil
		}
	}
	return fmt.Errorf("unknown format %q: want one of %s", format, strings.Join(Formats(), ", "))
}

// CSVHeader is the header row of the CSV grades: the median times of the
// clock the league charged (median_cpu_ms or median_wall_ms) come first.
func (r *Report) CSVHeader() []string {
	times := []string{"median_cpu_ms", "median_wall_ms"}
	if r.Clock == league.ClockWall {
		times[0], times[1] = times[1], times[0]
	}
	h := []string{"group", "entry", "students", "numbers", "eligible", "admitted", "reason", "rank", "points", "tiebreak", "games",
		"timeouts", "illegal", "crashes", "start", "faults"}
	h = append(h, times...)
	return append(h, "tempo_ms", "similar", "band", "bonus", "annulled")
}

// times returns a row's median move times in ms, empty where unknown, the
// clock the league charged first.
func (r *Report) times(g Row) []string {
	t := []string{"", ""}
	if g.CPUMoves > 0 {
		t[0] = num(g.MedianCPUMS)
	}
	if g.Moves > 0 {
		t[1] = num(g.MedianWallMS)
	}
	if r.Clock == league.ClockWall {
		t[0], t[1] = t[1], t[0]
	}
	return t
}

// Write writes the report in format: CSV (UTF-8, a header row, one row a
// submission, no cell a spreadsheet would run as a formula), Markdown (a
// table and notes on the rule) or JSON (the Report).
func (r *Report) Write(w io.Writer, format string) error {
	switch format {
	case results.FormatJSON:
		b, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	case results.FormatCSV:
		return r.writeCSV(w)
	case results.FormatMarkdown:
		return r.writeMarkdown(w)
	}
	return CheckFormat(format)
}

// writeCSV writes the CSV grades.
func (r *Report) writeCSV(w io.Writer) error {
	rows := make([][]string, len(r.Rows))
	for i, g := range r.Rows {
		names, numbers := students(g.Students)
		row := []string{g.Group, g.Entry, names, numbers, strconv.FormatBool(g.Eligible), strconv.FormatBool(g.Admitted), g.Reason, rank(g), num(g.Points), g.Tiebreak,
			strconv.Itoa(g.Games), strconv.Itoa(g.Timeouts), strconv.Itoa(g.Illegal), strconv.Itoa(g.Crashes), strconv.Itoa(g.Start),
			strconv.Itoa(g.Faults)}
		row = append(row, r.times(g)...)
		rows[i] = append(row, strconv.Itoa(r.TempoMS), strings.Join(g.Similar, "; "), g.Band, num(g.Bonus), g.Annulled)
	}
	return results.WriteTable(w, results.FormatCSV, r.CSVHeader(), nil, rows, nil)
}

// writeMarkdown writes the grades as a Markdown table, the reasons and the
// rule in notes under it.
func (r *Report) writeMarkdown(w io.Writer) error {
	header := []string{"#", "group", "students", "eligible", "points", "tiebreak", "games", "faults", r.thinkColumn(), "similar", "band", "bonus"}
	right := []bool{true, false, false, false, true, false, true, false, true, false, false, true}
	var rows [][]string
	var notes []string
	for _, g := range r.Rows {
		var who []string
		for _, s := range g.Students {
			who = append(who, strings.TrimSpace(s.Name+" "+s.Number))
		}
		eligible := "yes"
		switch {
		case g.Admitted:
			eligible = "admitted"
			notes = append(notes, fmt.Sprintf("%s: admitted on purpose (--admit), not eligible: %s", results.MarkdownText(g.Group), results.MarkdownText(g.Reason)))
		case !g.Eligible:
			eligible = "no"
			notes = append(notes, fmt.Sprintf("%s: not eligible: %s", results.MarkdownText(g.Group), results.MarkdownText(g.Reason)))
		}
		if g.Annulled != "" {
			notes = append(notes, fmt.Sprintf("%s: annulled, bonus 0, its place to the groups below: %s", g.Group, g.Annulled))
		}
		points, games := "", ""
		if g.Rank > 0 || g.Annulled != "" {
			points, games = num(g.Points), strconv.Itoa(g.Games)
		}
		rows = append(rows, []string{rank(g), g.Group, strings.Join(who, ", "), eligible, points, g.Tiebreak, games,
			faults(g), r.times(g)[0], strings.Join(g.Similar, ", "), g.Band, num(g.Bonus)})
	}
	var warnings []string
	for _, w := range r.Warnings {
		warnings = append(warnings, "**warning**: "+results.MarkdownText(w))
	}
	notes = append(warnings, notes...)
	if r.Unplayed > 0 {
		notes = append([]string{fmt.Sprintf("provisional: the league has %d games still to play", r.Unplayed)}, notes...)
	}
	notes = append(notes, r.ruleNotes()...)
	if _, err := fmt.Fprintf(w, "# Grades: %s\n\n", inert.Line(r.Title)); err != nil {
		return err
	}
	return results.WriteTable(w, results.FormatMarkdown, header, right, rows, notes)
}

// ruleNotes explains the order, the bonus rule and the columns.
func (r *Report) ruleNotes() []string {
	var places []string
	for _, p := range r.Rule.Places {
		places = append(places, num(p))
	}
	ties := "share the places they cover (each gets their mean)"
	if r.Rule.Ties == league.TiesBest {
		ties = "each get the best of the places they cover"
	}
	notes := []string{
		fmt.Sprintf("bonus: %s to the first places, %s to every other group that played (eligible, or admitted on purpose), 0 to a group not eligible; groups tied on a rank %s",
			strings.Join(places, ", "), num(r.Rule.Participant), ties),
	}
	if len(r.Order) > 0 {
		notes = append(notes, fmt.Sprintf("ranked by %s; tiebreak: the last of these needed to place the group, %s when still level on all (a shared rank); # is empty for a group that did not play",
			strings.Join(r.Order, ", then "), results.Tied))
	}
	for _, b := range r.Rule.Bands {
		notes = append(notes, fmt.Sprintf("band %s: won %s%% or more of its games against %s in the reference gauntlet%s", b.Name, num(100*b.Share), b.Beats, bandBonus(b.Bonus)))
	}
	notes = append(notes, r.thinkNote(),
		"similar: groups the similarity check flagged with this one: evidence for a person to read, never a verdict (docs/similarity.md)")
	return notes
}

// bandBonus describes a band's bonus, if it has one.
func bandBonus(b float64) string {
	if b == 0 {
		return ""
	}
	return fmt.Sprintf(" (bonus +%s)", num(b))
}

// students returns the names and the numbers of a group's students, each
// joined by "; ".
func students(ss []Student) (names, numbers string) {
	var n, k []string
	for _, s := range ss {
		n, k = append(n, s.Name), append(k, s.Number)
	}
	return strings.Join(n, "; "), strings.Join(k, "; ")
}

// rank is a row's rank, "annulled" when the lecturer annulled it, empty
// when the group did not play.
func rank(g Row) string {
	switch {
	case g.Annulled != "":
		return "annulled"
	case g.Rank == 0:
		return ""
	}
	return strconv.Itoa(g.Rank)
}

// thinkColumn is the Markdown grades' column of the median move time, on
// the clock the league charged.
func (r *Report) thinkColumn() string { return "think ms (" + r.Clock + ")" }

// thinkNote explains thinkColumn.
func (r *Report) thinkNote() string {
	if r.Clock == league.ClockWall {
		return fmt.Sprintf("%s: the median wall time of the group's moves, the time the league charged (clock: wall), against the tempo of %d ms; the median CPU time, where measured, is in the CSV and JSON grades",
			r.thinkColumn(), r.TempoMS)
	}
	return fmt.Sprintf("%s: the median CPU time of the group's moves, the time the league charged (clock: cpu), against the tempo of %d ms; the median wall time is in the CSV and JSON grades",
		r.thinkColumn(), r.TempoMS)
}

// faults describes a row's faults: the total, and the games lost by each
// kind.
func faults(g Row) string {
	if g.Faults == 0 {
		return ""
	}
	var kinds []string
	for _, k := range []struct {
		n    int
		name string
	}{{g.Timeouts, "timeout"}, {g.Illegal, "illegal"}, {g.Crashes, "crash"}, {g.Start, "start"}} {
		if k.n > 0 {
			kinds = append(kinds, fmt.Sprintf("%d %s", k.n, k.name))
		}
	}
	if len(kinds) == 0 {
		return strconv.Itoa(g.Faults)
	}
	return fmt.Sprintf("%d (%s)", g.Faults, strings.Join(kinds, ", "))
}

// num formats a number as briefly as it can.
func num(x float64) string {
	return strconv.FormatFloat(x, 'f', -1, 64)
}
