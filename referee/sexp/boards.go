package sexp

import (
	"fmt"
	"strings"
)

// Answers of any shape. A course bot's jogar returns its new state, a move
// and the state, the state with search statistics, or the board alone,
// nested in lists as its author chose: a game's Lisp form looks for the
// boards of the league's size anywhere in the answer (FindBoards) and reads
// the move by board difference against the referee's position. An answer
// in which it reads no move goes to the referee as its shape (see Shape),
// for an illegal verdict that says what jogar returned.

// Found is a list of an answer that has a board's shape, with the list
// that holds it and its place there.
type Found struct {
	Board  Value
	Parent *Value // nil when the board is the whole answer
	Index  int
}

// FindBoards returns the lists of x, at any depth, for which isBoard is
// true, depth first in the order they are written; it does not look inside
// a board.
func FindBoards(x Value, isBoard func(Value) bool) []Found {
	var out []Found
	var walk func(v, parent *Value, i int)
	walk = func(v, parent *Value, i int) {
		if v.Kind != KindList {
			return
		}
		if isBoard(*v) {
			out = append(out, Found{Board: *v, Parent: parent, Index: i})
			return
		}
		for k := range v.Items {
			walk(&v.Items[k], v, k)
		}
	}
	walk(&x, nil, 0)
	return out
}

// Limits of shape.
const (
	shapeItems = 6  // items of a list written before "…"
	shapeDepth = 3  // levels of lists written
	shapeAtom  = 16 // characters of an atom written
)

// Shape writes x compactly, for a verdict on an answer in which no move
// was read: what it is made of rather than its text. Short atoms are
// written as they are; a board of the league's size (isBoard) as (board),
// e.g. (board 10×10); a list of n lists of m atoms as (n lists of m);
// other lists to a few items and levels, e.g. ((board 10×10) 2 196 95) or
// (NEW-STATE (3 lists of 4) 7 … 5 more).
func Shape(x Value, isBoard func(Value) bool, board string) string {
	var b strings.Builder
	writeShape(&b, x, 0, isBoard, board)
	return b.String()
}

// IsGrid reports whether x is a list of rows lists of cols items, each one
// that cell accepts (nil: any item): the shape of a game's board.
func IsGrid(x Value, rows, cols int, cell func(Value) bool) bool {
	if x.Kind != KindList || len(x.Items) != rows {
		return false
	}
	for _, r := range x.Items {
		if r.Kind != KindList || len(r.Items) != cols {
			return false
		}
		if cell == nil {
			continue
		}
		for _, c := range r.Items {
			if !cell(c) {
				return false
			}
		}
	}
	return true
}

// IsInt reports whether x is an integer: a cell of IsGrid.
func IsInt(x Value) bool { return x.Kind == KindInt }

// writeShape writes the shape of x, at depth levels of lists, to b.
func writeShape(b *strings.Builder, x Value, depth int, isBoard func(Value) bool, board string) {
	if x.Kind != KindList || x.IsNil() {
		s := []rune(x.String())
		if len(s) > shapeAtom {
			s = append(s[:shapeAtom-1], '…')
		}
		b.WriteString(string(s))
		return
	}
	if isBoard(x) {
		fmt.Fprintf(b, "(%s)", board)
		return
	}
	if n, m, ok := grid(x); ok {
		fmt.Fprintf(b, "(%d lists of %d)", n, m)
		return
	}
	if depth >= shapeDepth {
		b.WriteString("(…)")
		return
	}
	b.WriteByte('(')
	for i, it := range x.Items {
		if i == shapeItems {
			fmt.Fprintf(b, " … %d more", len(x.Items)-shapeItems)
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		writeShape(b, it, depth+1, isBoard, board)
	}
	b.WriteByte(')')
}

// grid reports whether x is a list of n ≥ 2 lists of the same length m ≥ 1
// whose items are atoms.
func grid(x Value) (n, m int, ok bool) {
	if len(x.Items) < 2 {
		return 0, 0, false
	}
	m = len(x.Items[0].Items)
	for _, row := range x.Items {
		if row.Kind != KindList || len(row.Items) != m || m == 0 {
			return 0, 0, false
		}
		for _, it := range row.Items {
			if it.Kind == KindList && !it.IsNil() {
				return 0, 0, false
			}
		}
	}
	return len(x.Items), m, true
}

// maxQuoted caps how much of an answer the log quotes.
const maxQuoted = 4096

// Quoted writes x for a log, cut to maxQuoted bytes.
func Quoted(x Value) string {
	s := x.String()
	if len(s) > maxQuoted {
		s = s[:maxQuoted] + fmt.Sprintf("…(%d bytes)", len(s))
	}
	return s
}

// Unread is the note for an answer x in which no move was read: why
// (reasons), and what jogar returned.
func Unread(x Value, reasons []string) string {
	why := "no board of the league's size in it"
	if len(reasons) > 0 {
		why = strings.Join(reasons, "; ")
	}
	return fmt.Sprintf("no move read in jogar's answer (%s); it returned: %s", why, Quoted(x))
}

// Short writes x for an error message, cut to a readable length.
func Short(x Value) string {
	s := x.String()
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}
