package results

import (
	"fmt"
	"io"
	"strconv"

	"github.com/arenabots/arena/referee"
)

// Crosstable is the pairwise results of a league: Cells[i][j] is how bot
// Bots[i] fared against bot Bots[j], over all its games against it with
// either colour.
type Crosstable struct {
	Scoring Scoring
	Bots    []string
	Cells   [][]Cell
	// Display are the bots' display names, by name (a league's
	// display:): text and Markdown show them, CSV and JSON the names and,
	// in JSON, the display names beside them.
	Display map[string]string
}

// shown is the name people see of bot b.
func (ct Crosstable) shown(b string) string {
	if d := ct.Display[b]; d != "" {
		return d
	}
	return b
}

// Cell is one bot's record against one opponent, from the first bot's side.
type Cell struct {
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Points float64 `json:"points"` // under the crosstable's Scoring
	// Pentanomial counts the colour-swapped pairs of games on one board by
	// the first bot's score over the pair, 0, 1/2, 1, 3/2 and 2 (see
	// Row.Pentanomial).
	Pentanomial [5]int `json:"pentanomial"`
}

// add counts one game with outcome o (1, 1/2 or 0).
func (c *Cell) add(o float64, sc Scoring) {
	c.Games++
	c.Points += sc.points(o)
	switch o {
	case 1:
		c.Wins++
	case 0.5:
		c.Draws++
	default:
		c.Losses++
	}
}

// NewCrosstable returns the crosstable of games with rows and columns in the
// order of bots (pass Standings.Bots for the standings order). Bots that
// appear in games but not in bots are added at the end, in order of
// appearance.
func NewCrosstable(games []Entry, bots []string, sc Scoring) Crosstable {
	names, idx := allBots(games, bots)
	ct := Crosstable{Scoring: sc, Bots: names, Cells: make([][]Cell, len(names))}
	for i := range ct.Cells {
		ct.Cells[i] = make([]Cell, len(names))
	}
	for _, g := range games {
		w, b := idx[g.White], idx[g.Black]
		ct.Cells[w][b].add(outcome(g, referee.White), sc)
		ct.Cells[b][w].add(outcome(g, referee.Black), sc)
	}
	for pair, counts := range pentanomial(games) {
		ct.Cells[idx[pair[0]]][idx[pair[1]]].Pentanomial = counts
	}
	return ct
}

// total returns bot i's record against the whole field.
func (ct Crosstable) total(i int) Cell {
	var t Cell
	for _, c := range ct.Cells[i] {
		t.Games += c.Games
		t.Wins += c.Wins
		t.Draws += c.Draws
		t.Losses += c.Losses
		t.Points += c.Points
		for k, n := range c.Pentanomial {
			t.Pentanomial[k] += n
		}
	}
	return t
}

// crosstableJSON is the JSON form of a Crosstable: one row per bot, its
// record against each opponent it met keyed by name.
type crosstableJSON struct {
	Scoring Scoring           `json:"scoring"`
	Bots    []string          `json:"bots"`
	Display map[string]string `json:"display,omitempty"`
	Rows    []crosstableRow   `json:"rows"`
}

type crosstableRow struct {
	Bot   string          `json:"bot"`
	Total Cell            `json:"total"`
	Vs    map[string]Cell `json:"vs"`
}

// Write renders the crosstable in format (see Formats). Text and Markdown
// number the bots and head the columns with those numbers to stay narrow;
// a cell reads "points/games" from the row bot's side, blank when the two
// never met. CSV heads the columns with the bots' names; JSON gives each
// row's full record against each opponent it met, pentanomial counts
// included.
func (ct Crosstable) Write(w io.Writer, format string) error {
	if format == FormatJSON {
		out := crosstableJSON{Scoring: ct.Scoring, Bots: ct.Bots, Display: ct.Display, Rows: make([]crosstableRow, len(ct.Bots))}
		for i, b := range ct.Bots {
			r := crosstableRow{Bot: b, Total: ct.total(i), Vs: make(map[string]Cell)}
			for j, c := range ct.Cells[i] {
				if c.Games > 0 {
					r.Vs[ct.Bots[j]] = c
				}
			}
			out.Rows[i] = r
		}
		return writeJSON(w, out)
	}
	if err := CheckFormat(format); err != nil {
		return err
	}
	t := table{header: []string{"#", "bot"}, right: []bool{true, false}}
	if format == FormatCSV {
		t = table{header: []string{"bot"}, right: []bool{false}}
	}
	for i, b := range ct.Bots {
		if format == FormatCSV {
			t.header = append(t.header, b)
		} else {
			t.header = append(t.header, strconv.Itoa(i+1))
		}
		t.right = append(t.right, true)
	}
	t.header = append(t.header, "points")
	t.right = append(t.right, true)
	for i, b := range ct.Bots {
		row := []string{strconv.Itoa(i + 1), ct.shown(b)}
		if format == FormatCSV {
			row = []string{b}
		}
		for j, c := range ct.Cells[i] {
			switch {
			case c.Games > 0:
				row = append(row, fmt.Sprintf("%s/%d", num(c.Points), c.Games))
			case i == j && format != FormatCSV:
				row = append(row, "—")
			default:
				row = append(row, "")
			}
		}
		tot := ct.total(i)
		row = append(row, fmt.Sprintf("%s/%d", num(tot.Points), tot.Games))
		t.rows = append(t.rows, row)
	}
	if format != FormatCSV {
		t.notes = []string{
			"cells: points/games of the row bot against the column bot",
			fmt.Sprintf("points: win %s, draw %s, loss %s", num(ct.Scoring.Win), num(ct.Scoring.Draw), num(ct.Scoring.Loss)),
		}
	}
	return t.render(w, format)
}
