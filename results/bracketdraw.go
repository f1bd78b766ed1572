package results

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mattn/go-runewidth"
)

// WriteText draws the bracket for a terminal: a column a round, each tie's
// two bots (seed, name and game points) joined to the bot that went
// through in the next column, the winner last; then a line for each tie
// that was level, or is playing, and the winner. Names are shortened in
// the middle when the drawing would pass BriefWidth.
func (b *Bracket) WriteText(w io.Writer) error {
	var sb strings.Builder
	sb.WriteString("knockout bracket\n")
	if len(b.Rounds) > 0 {
		b.draw(&sb)
	}
	for r, round := range b.Rounds {
		for _, t := range round {
			if note := t.note(); note != "" {
				fmt.Fprintf(&sb, "%s: %s %s %s%s\n", roundName(r+1, len(b.Rounds)), t.entrant(0), strings.TrimSpace(t.score()), t.entrant(1), note)
			}
		}
	}
	fmt.Fprintf(&sb, "winner: %s\n", b.winner())
	_, err := io.WriteString(w, sb.String())
	return err
}

// draw writes the bracket's drawing. Column r holds the entrants of round
// r+1 (the last, the winner); entrant i of column r stands on line
// 2^(r+1)·i + 2^r − 1, so a tie's two entrants are joined, half-way
// between them, to the entrant of the next column they make.
func (b *Bracket) draw(sb *strings.Builder) {
	n := len(b.Rounds)
	cells := make([][]string, n+1)
	for r, round := range b.Rounds {
		for _, t := range round {
			cells[r] = append(cells[r], t.cell(0), t.cell(1))
		}
	}
	cells[n] = []string{"?"}
	if final := b.Rounds[n-1][0]; b.Winner != "" {
		cells[n][0] = final.entrant(slices.Index(final.Bots[:], b.Winner))
	}
	names := make([]string, n+1)
	width := 0
	for r, col := range cells {
		names[r] = "winner"
		if r < n {
			names[r] = roundName(r+1, n)
		}
		width = max(width, runewidth.StringWidth(names[r])-2)
		for _, c := range col {
			width = max(width, runewidth.StringWidth(c))
		}
	}
	if fit := BriefWidth/(n+1) - 4; width > fit {
		width = max(fit, 10)
	}
	lines := 4*len(b.Rounds[0]) - 1
	rows := make([]strings.Builder, lines)
	for r, col := range cells {
		step, off := 1<<(r+1), 1<<r-1
		for y := range lines {
			i := -1
			if y >= off && (y-off)%step == 0 && (y-off)/step < len(col) {
				i = (y - off) / step
			}
			prefix, text, join := "  ", strings.Repeat(" ", width), "  "
			if i >= 0 {
				text = runewidth.FillRight(cutMiddle(col[i], width), width)
				if r > 0 {
					prefix = "─ "
				}
			}
			if r < n {
				top := off + 2*step*((y-off)/(2*step))
				switch bottom := top + step; {
				case i >= 0 && i%2 == 0:
					join = "─┐"
				case i >= 0:
					join = "─┘"
				case y > top && y < bottom && y == (top+bottom)/2:
					join = " ├"
				case y > top && y < bottom:
					join = " │"
				}
			}
			rows[y].WriteString(prefix + text + join)
		}
	}
	var head strings.Builder
	for _, name := range names {
		head.WriteString(runewidth.FillRight("  "+cutMiddle(name, width+2), width+4))
	}
	sb.WriteString(strings.TrimRight(head.String(), " ") + "\n")
	for i := range rows {
		sb.WriteString(strings.TrimRight(rows[i].String(), " ") + "\n")
	}
}

// cell is bot k of t as the drawing shows it: its seed, name and game
// points in the tie, "bye" or "?".
func (t Tie) cell(k int) string {
	c := t.entrant(k)
	if t.Games > 0 {
		c += " " + num(t.Points[k])
	}
	return c
}
