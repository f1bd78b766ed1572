package results

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
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
	note   string // a line under text and Markdown tables
}

// render writes t as text, Markdown or CSV.
func (t table) render(w io.Writer, format string) error {
	switch format {
	case FormatCSV:
		cw := csv.NewWriter(w)
		if err := cw.Write(t.header); err != nil {
			return err
		}
		if err := cw.WriteAll(t.rows); err != nil {
			return err
		}
		return cw.Error()
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
	rows := t.rows
	if format == FormatMarkdown {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
		rows = make([][]string, len(t.rows))
		for i, r := range t.rows {
			rows[i] = make([]string, len(r))
			for j, c := range r {
				rows[i][j] = strings.ReplaceAll(c, "|", `\|`)
			}
		}
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
	if t.note == "" {
		return nil
	}
	if format == FormatMarkdown {
		_, err := fmt.Fprintf(w, "\n%s\n", t.note)
		return err
	}
	_, err := fmt.Fprintln(w, t.note)
	return err
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

// Write renders the standings in format (see Formats): text and Markdown
// show a table with the tie-break and fault columns and a note on scoring,
// CSV the same columns under machine names, JSON the Standings value.
func (s Standings) Write(w io.Writer, format string) error {
	if format == FormatJSON {
		return writeJSON(w, s)
	}
	if err := CheckFormat(format); err != nil {
		return err
	}
	t := table{
		header: []string{"#", "bot", "games", "W", "D", "L", "points", "diff", "elo", "±95%", "SB", "timeouts", "illegal", "crashes", "start", "faults"},
		right:  []bool{true, false, true, true, true, true, true, true, true, true, true, true, true, true, true, true},
		note: fmt.Sprintf("%d games; points: win %s, draw %s, loss %s; elo: performance against the field; SB: Sonneborn-Berger",
			s.Games, num(s.Scoring.Win), num(s.Scoring.Draw), num(s.Scoring.Loss)),
	}
	if format == FormatCSV {
		t.header = []string{"rank", "bot", "games", "wins", "draws", "losses", "points", "score_diff", "elo", "elo_margin", "sonneborn_berger", "timeouts", "illegal", "crashes", "start", "faults"}
	}
	for _, r := range s.Rows {
		elo, margin := "-", "-"
		switch {
		case format == FormatCSV:
			elo, margin = num(r.Elo), num(r.EloMargin)
		case r.Games > 0:
			elo, margin = fmt.Sprintf("%+.0f", r.Elo), fmt.Sprintf("%.0f", r.EloMargin)
			if elo == "+0" || elo == "-0" {
				elo = "0"
			}
		}
		diff := strconv.Itoa(r.ScoreDiff)
		if format != FormatCSV && r.ScoreDiff > 0 {
			diff = "+" + diff
		}
		t.rows = append(t.rows, []string{
			strconv.Itoa(r.Rank), r.Bot, strconv.Itoa(r.Games),
			strconv.Itoa(r.Wins), strconv.Itoa(r.Draws), strconv.Itoa(r.Losses),
			num(r.Points), diff, elo, margin, num(r.SB),
			strconv.Itoa(r.Timeouts), strconv.Itoa(r.Illegal), strconv.Itoa(r.Crashes),
			strconv.Itoa(r.Start), strconv.Itoa(r.Faults),
		})
	}
	return t.render(w, format)
}
