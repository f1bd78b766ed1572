package results

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mattn/go-runewidth"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/results/csvout"
)

// Output formats of Standings.Write and Crosstable.Write.
const (
	FormatText     = "text" // a box-drawn table for terminals
	FormatMarkdown = "md"   // a GitHub-flavoured Markdown table
	FormatCSV      = "csv"  // a header line, then one record per row
	FormatJSON     = "json" // an indented JSON document
)

// Formats returns the output formats, for flag help and checks.
func Formats() []string {
	return []string{FormatText, FormatMarkdown, FormatCSV, FormatJSON}
}

// MarkdownText returns text, which a bot, a submission or a folder's name
// gave, as Markdown shows it as it is, on one line: inert (internal/inert),
// and with the characters that could end a table's cell, start code, make
// HTML or a link escaped.
func MarkdownText(text string) string { return markdownEscaper.Replace(inert.Line(text)) }

// markdownEscaper escapes Markdown's characters that could change a
// report's layout.
var markdownEscaper = strings.NewReplacer(`|`, `\|`, "`", "\\`", `<`, `&lt;`, `>`, `&gt;`, `[`, `\[`, `]`, `\]`)

// CheckFormat returns an error naming the known formats when format is not
// one of them.
func CheckFormat(format string) error {
	for _, f := range Formats() {
		if f == format {
			return nil
		}
	}
	return fmt.Errorf("unknown format %q: want one of %s", format, strings.Join(Formats(), ", "))
}

// table is what a report looks like before it is rendered: the human
// columns for text and Markdown, the machine columns for CSV.
type table struct {
	header []string
	right  []bool // right-align the column (numbers)
	rows   [][]string
	notes  []string // paragraphs under text and Markdown tables
}

// render writes t as text, Markdown or CSV.
func (t table) render(w io.Writer, format string) error {
	switch format {
	case FormatCSV:
		// Names come from folders and journals: a spreadsheet must not
		// run them (csvout.Cell), the header's included.
		cw := csvout.NewWriter(w)
		if err := cw.Write(t.header); err != nil {
			return err
		}
		return cw.WriteAll(t.rows)
	case FormatText, FormatMarkdown:
	default:
		return CheckFormat(format)
	}
	align := tw.CellAlignment{Global: tw.AlignLeft, PerColumn: make([]tw.Align, len(t.header))}
	for i := range align.PerColumn {
		align.PerColumn[i] = tw.AlignLeft
		if t.right[i] {
			align.PerColumn[i] = tw.AlignRight
		}
	}
	opts := []tablewriter.Option{
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignmentConfig(align),
		tablewriter.WithRowAlignmentConfig(align),
	}
	// A cell may hold a name a journal line gave, so it is shown inert;
	// in Markdown a | would end it, and [x](y) would be a live link.
	rows := make([][]string, len(t.rows))
	for i, r := range t.rows {
		rows[i] = make([]string, len(r))
		for j, c := range r {
			rows[i][j] = inert.Line(c)
			if format == FormatMarkdown {
				rows[i][j] = MarkdownText(c)
			}
		}
	}
	if format == FormatMarkdown {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	}
	tab := tablewriter.NewTable(w, opts...)
	tab.Header(t.header)
	for _, r := range rows {
		if err := tab.Append(r); err != nil {
			return err
		}
	}
	if err := tab.Render(); err != nil {
		return err
	}
	if len(t.notes) == 0 {
		return nil
	}
	if format == FormatMarkdown {
		// One paragraph, a hard line break (a final backslash) between
		// notes.
		_, err := fmt.Fprintf(w, "\n%s\n", strings.Join(t.notes, "\\\n"))
		return err
	}
	for _, n := range t.notes {
		if _, err := fmt.Fprintln(w, wrap(n, BriefWidth, "  ")); err != nil {
			return err
		}
	}
	return nil
}

// wrap breaks s at spaces into lines of at most width columns (a longer
// word keeps its own line), indenting every line but the first.
func wrap(s string, width int, indent string) string {
	var b strings.Builder
	col := 0
	for i, word := range strings.Fields(s) {
		w := runewidth.StringWidth(word)
		switch {
		case i == 0:
		case col+1+w > width:
			b.WriteString("\n" + indent)
			col = runewidth.StringWidth(indent)
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(word)
		col += w
	}
	return b.String()
}

// shorten cuts the cells of column col that are too wide, ending them with
// an ellipsis, so that the text table is at most width columns wide, if
// cutting that column down to its header's width is enough.
func (t table) shorten(col, width int) {
	widths := make([]int, len(t.header))
	total := 1 // a text table is "│ cell │ cell │": 3 columns a cell, and 1
	for i, h := range t.header {
		widths[i] = runewidth.StringWidth(h)
		for _, r := range t.rows {
			widths[i] = max(widths[i], runewidth.StringWidth(r[i]))
		}
		total += widths[i] + 3
	}
	if total <= width {
		return
	}
	limit := max(widths[col]-(total-width), runewidth.StringWidth(t.header[col]), 3)
	for _, r := range t.rows {
		r[col] = cutMiddle(r[col], limit)
	}
}

// cutMiddle shortens s to width columns by putting an ellipsis in place of
// its middle: names that differ only at the end (bot-v1, bot-v2) stay
// apart.
func cutMiddle(s string, width int) string {
	if runewidth.StringWidth(s) <= width {
		return s
	}
	rs := []rune(s)
	tail, w := len(rs), 0
	for tail > 0 && w+runewidth.RuneWidth(rs[tail-1]) <= (width-1)/2 {
		tail--
		w += runewidth.RuneWidth(rs[tail])
	}
	return runewidth.Truncate(string(rs[:tail]), width-1-w, "") + "…" + string(rs[tail:])
}

// writeJSON writes v indented, with a final newline.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// num formats a number of points as briefly as it can, to six decimals at
// most: 3, 2.5, 0.25, and 0.3 for 0.1+0.2.
func num(x float64) string {
	r := math.Round(x*1e6) / 1e6
	if r == 0 {
		r = 0 // not -0
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// column is one column of the standings: its header for people and its
// header for CSV, and its cell of a row for people and for CSV.
type column struct {
	head, csv string
	right     bool
	brief     bool // shown in the 80-column table
	cell      func(s Standings, i int, csv bool) string
}

// standingsColumns are every column of the standings, in order.
func standingsColumns() []column {
	count := func(f func(Row) int) func(Standings, int, bool) string {
		return func(s Standings, i int, _ bool) string { return strconv.Itoa(f(s.Rows[i])) }
	}
	cols := []column{
		{"#", "rank", true, true, count(func(r Row) int { return r.Rank })},
		{"bot", "bot", false, true, func(s Standings, i int, csv bool) string {
			if csv {
				return s.Rows[i].Bot
			}
			return s.Rows[i].shown()
		}},
		{"", "display", false, false, func(s Standings, i int, _ bool) string { return s.Rows[i].Display }},
		{"games", "games", true, false, count(func(r Row) int { return r.Games })},
		{"W", "wins", true, true, count(func(r Row) int { return r.Wins })},
		{"D", "draws", true, true, count(func(r Row) int { return r.Draws })},
		{"L", "losses", true, true, count(func(r Row) int { return r.Losses })},
		{"points", "points", true, true, func(s Standings, i int, _ bool) string { return num(s.Rows[i].Points) }},
		{"diff", "score_diff", true, false, func(s Standings, i int, csv bool) string {
			d := s.Rows[i].ScoreDiff
			if !csv && d > 0 {
				return "+" + strconv.Itoa(d)
			}
			return strconv.Itoa(d)
		}},
		{"tiebreak", "tiebreak", false, false, func(s Standings, i int, csv bool) string {
			r := s.Rows[i]
			if csv || r.Playoff == "" {
				return r.Tiebreak
			}
			return r.Tiebreak + " " + r.Playoff
		}},
		{"", "playoff", false, false, func(s Standings, i int, _ bool) string { return s.Rows[i].Playoff }},
		{"elo", "elo", true, true, func(s Standings, i int, csv bool) string {
			r := s.Rows[i]
			switch {
			case !r.Rated:
				return unknown(csv)
			case csv:
				return num(r.Elo)
			case math.Round(r.Elo) == 0:
				return "0"
			}
			return fmt.Sprintf("%+.0f", r.Elo)
		}},
		{"±95%", "elo_margin", true, true, func(s Standings, i int, csv bool) string {
			r := s.Rows[i]
			switch {
			case !r.Rated:
				return unknown(csv)
			case csv:
				return num(r.EloMargin)
			}
			return fmt.Sprintf("%.0f", r.EloMargin)
		}},
		{"LOS", "los", true, true, func(s Standings, i int, csv bool) string {
			switch {
			case i+1 == len(s.Rows) || !s.Rows[i].Rated || !s.Rows[i+1].Rated:
				return unknown(csv)
			case csv:
				return num(s.Rows[i].LOS)
			}
			return fmt.Sprintf("%.0f%%", 100*s.Rows[i].LOS)
		}},
		{"byes", "byes", true, false, count(func(r Row) int { return r.Byes })},
		{"Buch", "buchholz", true, false, func(s Standings, i int, _ bool) string { return num(s.Rows[i].Buchholz) }},
		{"SB", "sonneborn_berger", true, false, func(s Standings, i int, _ bool) string { return num(s.Rows[i].SB) }},
		{"timeouts", "timeouts", true, false, count(func(r Row) int { return r.Timeouts })},
		{"illegal", "illegal", true, false, count(func(r Row) int { return r.Illegal })},
		{"crashes", "crashes", true, false, count(func(r Row) int { return r.Crashes })},
		{"start", "start", true, false, count(func(r Row) int { return r.Start })},
		{"faults", "faults", true, true, count(func(r Row) int { return r.Faults })},
	}
	// The pentanomial counts: one column for people, five for CSV.
	cols = append(cols, column{head: "pentanomial", right: true, cell: func(s Standings, i int, _ bool) string {
		return strings.Trim(fmt.Sprint(s.Rows[i].Pentanomial), "[]")
	}})
	for k, name := range []string{"penta_0", "penta_05", "penta_1", "penta_15", "penta_2"} {
		cols = append(cols, column{csv: name, right: true, cell: count(func(r Row) int { return r.Pentanomial[k] })})
	}
	return cols
}

// swissColumn reports whether the column of CSV name csv is a Swiss's
// tie-break: in a Swiss's table alone, and always there.
func swissColumn(csv string) bool {
	return csv == "byes" || csv == "buchholz" || csv == "sonneborn_berger"
}

// showSwiss reports whether the column of CSV name csv belongs in the
// table: the Swiss-only columns in a Swiss's, byes only when a bot had one,
// playoff (CSV's; people read it in the tiebreak column) only when the
// standings have a playoff, and in a Swiss's brief table no Elo margin and
// LOS, making room for its tie-breaks.
func (s Standings) showSwiss(csv string, brief bool) bool {
	switch csv {
	case "display":
		return slices.ContainsFunc(s.Rows, func(r Row) bool { return r.Display != "" })
	case "byes":
		return s.Swiss && slices.ContainsFunc(s.Rows, func(r Row) bool { return r.Byes > 0 })
	case "buchholz":
		return s.Swiss
	case "playoff":
		return len(s.Playoffs) > 0
	case "elo_margin", "los":
		return !(brief && s.Swiss)
	}
	return true
}

// unknown is the cell of an undefined number: "-" for people, empty in CSV.
func unknown(csv bool) string {
	if csv {
		return ""
	}
	return "-"
}

// BriefWidth is the width that WriteBrief keeps to: a terminal's.
const BriefWidth = 80

// Write renders the standings in format (see Formats) with every column:
// text and Markdown show a table with the ratings, tie-break, fault and
// pentanomial columns and notes on what they mean, CSV the same columns
// under machine names (an undefined rating or LOS is an empty field), JSON
// the Standings value.
func (s Standings) Write(w io.Writer, format string) error {
	if format == FormatJSON {
		return writeJSON(w, s)
	}
	if err := CheckFormat(format); err != nil {
		return err
	}
	if err := s.table(format, false).render(w, format); err != nil {
		return err
	}
	return s.writeBracket(w, format)
}

// WriteBrief writes the standings as a text table no wider than
// BriefWidth: rank, bot, wins, draws, losses, points, Elo with its margin,
// LOS and faults, with notes on them. Bot names too long for that width are
// shortened with an ellipsis.
func (s Standings) WriteBrief(w io.Writer) error {
	t := s.table(FormatText, true)
	t.shorten(1, BriefWidth)
	if err := t.render(w, FormatText); err != nil {
		return err
	}
	return s.writeBracket(w, FormatText)
}

// writeBracket writes a knockout's bracket under its table, in text or
// Markdown; CSV has the table alone.
func (s Standings) writeBracket(w io.Writer, format string) error {
	switch {
	case s.Bracket == nil:
		return nil
	case format == FormatText:
		if _, err := fmt.Fprintln(w); err != nil {
			return err
		}
		return s.Bracket.WriteText(w)
	case format == FormatMarkdown:
		return s.Bracket.writeMarkdown(w)
	}
	return nil
}

// table returns the standings' table for format, with only the brief
// columns when brief is true.
func (s Standings) table(format string, brief bool) table {
	csv := format == FormatCSV
	var t table
	var cols []column
	for _, c := range standingsColumns() {
		if !s.showSwiss(c.csv, brief) {
			continue
		}
		if (brief && !c.brief && !(s.Swiss && swissColumn(c.csv))) || (csv && c.csv == "") || (!csv && c.head == "") {
			continue
		}
		cols = append(cols, c)
		if csv {
			t.header = append(t.header, c.csv)
		} else {
			t.header = append(t.header, c.head)
		}
		t.right = append(t.right, c.right)
	}
	for i := range s.Rows {
		row := make([]string, len(cols))
		for k, c := range cols {
			row[k] = c.cell(s, i, csv)
		}
		t.rows = append(t.rows, row)
	}
	if csv {
		if s.SPRT != nil {
			s.addSPRTColumns(&t)
		}
		return t
	}
	games := fmt.Sprintf("%d games", s.Games)
	if n := s.playoffGames(); n > 0 {
		games += fmt.Sprintf(" (and %d playoff games, counted in the playoff alone)", n)
	}
	notes := []string{
		fmt.Sprintf("%s; points: win %s, draw %s, loss %s", games, num(s.Scoring.Win), num(s.Scoring.Draw), num(s.Scoring.Loss)),
		"elo ±95%: Bradley-Terry rating fitted to all games (draw = half a win), mean 0",
	}
	if s.showSwiss("los", brief) {
		notes = append(notes, "LOS: likelihood that the bot is stronger than the next one down")
	}
	if s.Prior {
		notes = append(notes, "elo: some bots never scored against others, so each bot has one virtual draw against the mean to keep the ratings finite")
	}
	if s.Bracket != nil {
		notes = append(notes, "knockout: round reached: how far the bot went, the winner first")
	}
	if len(s.Challengers) > 0 {
		notes = append(notes, fmt.Sprintf("gauntlet: the table ranks the challengers (%s) by their games against every other bot; the others, the references, played the challengers alone, so their rows and their places say how they fared against them, not how they compare with a challenger",
			strings.Join(s.Challengers, ", ")))
	}
	notes = append(notes, s.playoffNotes()...)
	if slices.Contains(s.Order, ByRating) {
		notes = append(notes, "rating: the bots' rating keys in the league file (a ladder's, at its freeze), the last tie-break; a bot without one after those with one")
	}
	if s.Swiss {
		notes = append(notes, "Swiss: ranked by points (a bye counts as a board pair won), then Buch (Buchholz: the sum of the points of the opponents met), then SB (Sonneborn-Berger)")
	}
	if !brief && len(s.Order) > 0 {
		notes = append(notes, fmt.Sprintf("ranked by %s; tiebreak: the last of these needed to place the bot among those level with it on %s, %s when still level on all (a shared rank)",
			strings.Join(s.Order, ", then "), s.Order[0], Tied))
	}
	if !brief {
		notes = append(notes, "SB: Sonneborn-Berger", "pentanomial: colour-swapped pairs of games on one board by the bot's pair score 0, 1/2, 1, 3/2, 2")
	}
	if n := clockNote(s.Clock); n != "" {
		notes = append(notes, n)
	}
	if s.SPRT != nil {
		notes = append(s.SPRT.lines(), notes...)
	}
	t.notes = notes
	return t
}

// WriteTable writes a table of header and rows in format (text, Markdown
// or CSV), as Standings.Write does: right-aligns the columns where right is
// true, shows every cell inert and writes the notes under text and Markdown
// tables. CSV cells are neutralised, as in every CSV arena writes (see
// results/csvout).
func WriteTable(w io.Writer, format string, header []string, right []bool, rows [][]string, notes []string) error {
	return table{header: header, right: right, rows: rows, notes: notes}.render(w, format)
}

// clockNote says which clock a league charged, for the standings' notes.
func clockNote(clock string) string {
	switch clock {
	case "cpu":
		return "time charged: each call's CPU time, all of the bot's threads and processes (clock: cpu); the wall clock only caps a call"
	case "wall":
		return "time charged: each call's wall time, request to answer (clock: wall)"
	}
	return ""
}
