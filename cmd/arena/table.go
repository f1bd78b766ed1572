package main

import (
	"io"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/arenabots/arena/internal/inert"
)

// The tables arena prints for people (intake, bot check, bot list) are
// drawn by one helper, sized to the terminal: a column that matters (a
// group's name, whether it can play) is never cut, the others wrap within
// their column, and what does not fit a row's cells (why a submission
// cannot play) goes to a detail line under the row.

// defaultWidth is the width of what arena prints when its output is not a
// terminal (a file, a pipe, a test).
const defaultWidth = 80

// outputWidth returns the width of the terminal w writes to, or
// defaultWidth when w is not one.
func outputWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 0 {
			return cols
		}
	}
	return defaultWidth
}

// table is a boxed table of text cells, each shown on one line as
// inert.Line shows it: a cell may hold what a bot or a submission wrote.
type table struct {
	head []string
	keep []bool // the columns never cut, by index
	rows []tableRow
}

// tableRow is a row's cells and its detail line, if any.
type tableRow struct {
	cells  []string
	detail string
}

// newTable returns a table with the columns of head; the columns named in
// keep are never cut.
func newTable(head []string, keep ...int) *table {
	t := &table{head: head, keep: make([]bool, len(head))}
	for _, k := range keep {
		t.keep[k] = true
	}
	return t
}

// add appends a row of cells, and detail under it unless it is empty.
func (t *table) add(detail string, cells ...string) {
	shown := make([]string, len(cells))
	for i, c := range cells {
		shown[i] = inert.Line(c)
	}
	t.rows = append(t.rows, tableRow{cells: shown, detail: inert.Line(detail)})
}

// minColumn is the narrowest a wrapped column gets.
const minColumn = 8

// layout is how a table fits a width: each column's width, and the
// columns moved to the detail lines under their rows.
type layout struct {
	widths []int
	moved  []bool
}

// layout fits the table to width columns: the natural widths when they
// fit; else the widest columns that may wrap are narrowed, all to the same
// cap, down to minColumn (or their longest word, up to maxFloor); and when even
// that is too wide, the widest of them move, one by one, to the detail
// lines under the rows (a cell that is empty or "-" says nothing there).
// Only the columns never cut may make it wider.
func (t *table) layout(width int) layout {
	n := len(t.head)
	natural := make([]int, n)
	for i, h := range t.head {
		natural[i] = runes(h)
	}
	for _, r := range t.rows {
		for i, c := range r.cells {
			natural[i] = max(natural[i], runes(c))
		}
	}
	// A column is at least as wide as its header's longest word and, up
	// to maxFloor, its cells' longest word (a path's longest part): a
	// word is cut only when even that does not fit.
	floor := make([]int, n)
	for i, h := range t.head {
		floor[i] = max(minColumn, longestWord(h))
	}
	for _, r := range t.rows {
		for i, c := range r.cells {
			floor[i] = max(floor[i], min(longestPart(c), maxFloor))
		}
	}
	for i := range floor {
		floor[i] = min(floor[i], natural[i])
	}
	l := layout{widths: make([]int, n), moved: make([]bool, n)}
	shown := func(i, cap int) int {
		if t.keep[i] {
			return natural[i]
		}
		return max(min(natural[i], cap), floor[i])
	}
	total := func(cap int) int {
		sum, cols := 0, 0
		for i := range n {
			if !l.moved[i] {
				sum, cols = sum+shown(i, cap), cols+1
			}
		}
		return sum + 3*cols + 1 // "│ " before each cell, " │" after the last, " │ " between
	}
	for total(0) > width {
		widest := -1
		for i := range n {
			if !t.keep[i] && !l.moved[i] && (widest < 0 || natural[i] > natural[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			break
		}
		l.moved[widest] = true
	}
	cap := 0
	for c := slices.Max(natural); c > 0; c-- { // the widest cap that fits
		if total(c) <= width {
			cap = c
			break
		}
	}
	for i := range n {
		l.widths[i] = shown(i, cap)
	}
	return l
}

// render writes the table within width columns (wider only when the
// columns never cut take more).
func (t *table) render(w io.Writer, width int) error {
	l := t.layout(width)
	var ws []int // the widths of the columns shown
	var shown []int
	for i, cw := range l.widths {
		if !l.moved[i] {
			ws, shown = append(ws, cw), append(shown, i)
		}
	}
	var b strings.Builder
	rule := func(left, mid, right string) {
		b.WriteString(left)
		for k, cw := range ws {
			if k > 0 {
				b.WriteString(mid)
			}
			b.WriteString(strings.Repeat("─", cw+2))
		}
		b.WriteString(right + "\n")
	}
	line := func(cells []string) {
		cols := make([][]string, len(ws))
		height := 1
		for k, i := range shown {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			cols[k] = wrap(c, ws[k])
			height = max(height, len(cols[k]))
		}
		for row := range height {
			for k, cw := range ws {
				part := ""
				if row < len(cols[k]) {
					part = cols[k][row]
				}
				b.WriteString("│ " + part + strings.Repeat(" ", cw-runes(part)) + " ")
			}
			b.WriteString("│\n")
		}
	}
	inner := -3 // the width of a detail line within the borders
	for _, cw := range ws {
		inner += cw + 3
	}
	detail := func(text string) {
		for k, part := range wrap(text, inner-2) {
			lead := "↳ "
			if k > 0 {
				lead = "  "
			}
			b.WriteString("│ " + lead + part + strings.Repeat(" ", inner-2-runes(part)) + " │\n")
		}
	}
	rule("┌", "┬", "┐")
	line(t.head)
	rule("├", "┼", "┤")
	for _, r := range t.rows {
		line(r.cells)
		for i, moved := range l.moved {
			if moved && i < len(r.cells) && r.cells[i] != "" && r.cells[i] != "-" {
				detail(t.head[i] + ": " + r.cells[i])
			}
		}
		if r.detail != "" {
			detail(r.detail)
		}
	}
	rule("└", "┴", "┘")
	_, err := io.WriteString(w, b.String())
	return err
}

// wrap breaks s into lines of at most width runes, at spaces where it can
// and within a word longer than width.
func wrap(s string, width int) []string {
	width = max(width, 1)
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		for runes(word) > width { // a word longer than a line is cut
			if cur != "" {
				lines, cur = append(lines, cur), ""
			}
			cut := breakAt(word, width)
			lines, word = append(lines, string([]rune(word)[:cut])), string([]rune(word)[cut:])
		}
		switch {
		case cur == "":
			cur = word
		case runes(cur)+1+runes(word) <= width:
			cur += " " + word
		default:
			lines, cur = append(lines, cur), word
		}
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, cur)
	}
	return lines
}

// breakAt returns where to cut word, longer than width: after the last
// "/" within width but the first rune (a path breaks between its parts),
// else at width (a word with nowhere to break).
func breakAt(word string, width int) int {
	r := []rune(word)
	for k := width; k > 1; k-- {
		if r[k-1] == '/' {
			return k
		}
	}
	return width
}

// maxFloor is the widest a column is made to keep its longest word whole.
const maxFloor = 20

// longestPart returns the width of the longest word of s, a path's words
// taken part by part (broken after each "/").
func longestPart(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		for part := range strings.SplitAfterSeq(w, "/") {
			n = max(n, runes(part))
		}
	}
	return n
}

// runes is the width of s in columns: every rune arena prints takes one.
func runes(s string) int { return utf8.RuneCountInString(s) }

// longestWord returns the width of the longest word of s.
func longestWord(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		n = max(n, runes(w))
	}
	return n
}
