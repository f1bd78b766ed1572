package lisp

import (
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee/sexp"
)

// Answers of any shape. A course bot's jogar returns its new state, a move
// and the state, the state with search statistics, or the board alone,
// nested in lists as its author chose: the adapter looks for the boards of
// the league's size anywhere in the answer and reads the move by board
// difference against the referee's position (translate.go for Cavalo,
// dots.go for Dots and Boxes). An answer in which it reads no move goes to
// the referee as its shape (see shape), for an illegal verdict that says
// what jogar returned.

// found is a list of an answer that has a board's shape, with the list
// that holds it and its place there.
type found struct {
	board  sexp.Value
	parent *sexp.Value // nil when the board is the whole answer
	index  int
}

// findBoards returns the lists of x, at any depth, for which isBoard is
// true, depth first in the order they are written; it does not look inside
// a board.
func findBoards(x sexp.Value, isBoard func(sexp.Value) bool) []found {
	var out []found
	var walk func(v, parent *sexp.Value, i int)
	walk = func(v, parent *sexp.Value, i int) {
		if v.Kind != sexp.KindList {
			return
		}
		if isBoard(*v) {
			out = append(out, found{board: *v, parent: parent, index: i})
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

// shape writes x compactly, for a verdict on an answer in which no move
// was read: what it is made of rather than its text. Short atoms are
// written as they are; a board of the league's size as (board 10×10)
// (boardName names it, or returns ""); a list of n lists of m atoms as
// (n lists of m); other lists to a few items and levels, e.g.
// ((board 10×10) 2 196 95) or (NEW-STATE (3 lists of 4) 7 … 5 more).
func shape(x sexp.Value, boardName func(sexp.Value) string) string {
	var b strings.Builder
	writeShape(&b, x, 0, boardName)
	return b.String()
}

func writeShape(b *strings.Builder, x sexp.Value, depth int, boardName func(sexp.Value) string) {
	if x.Kind != sexp.KindList || x.IsNil() {
		s := []rune(x.String())
		if len(s) > shapeAtom {
			s = append(s[:shapeAtom-1], '…')
		}
		b.WriteString(string(s))
		return
	}
	if name := boardName(x); name != "" {
		fmt.Fprintf(b, "(%s)", name)
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
		writeShape(b, it, depth+1, boardName)
	}
	b.WriteByte(')')
}

// grid reports whether x is a list of n ≥ 2 lists of the same length m ≥ 1
// whose items are atoms.
func grid(x sexp.Value) (n, m int, ok bool) {
	if len(x.Items) < 2 {
		return 0, 0, false
	}
	m = len(x.Items[0].Items)
	for _, row := range x.Items {
		if row.Kind != sexp.KindList || len(row.Items) != m || m == 0 {
			return 0, 0, false
		}
		for _, it := range row.Items {
			if it.Kind == sexp.KindList && !it.IsNil() {
				return 0, 0, false
			}
		}
	}
	return len(x.Items), m, true
}

// maxQuoted caps how much of an answer the log quotes.
const maxQuoted = 4096

// quoted writes x for the log, cut to maxQuoted bytes.
func quoted(x sexp.Value) string {
	s := x.String()
	if len(s) > maxQuoted {
		s = s[:maxQuoted] + fmt.Sprintf("…(%d bytes)", len(s))
	}
	return s
}

// unread is the note for an answer in which no move was read: why, and
// what jogar returned.
func unread(x sexp.Value, reasons []string) string {
	why := "no board of the league's size in it"
	if len(reasons) > 0 {
		why = strings.Join(reasons, "; ")
	}
	return fmt.Sprintf("no move read in jogar's answer (%s); it returned: %s", why, quoted(x))
}
