package cavalo

import (
	"fmt"

	"github.com/arenabots/arena/referee"
)

// WhyIllegal says which rule of the game m breaks in c, a move that is not
// among c's Moves (referee.Explainer): a pass while a move exists, a first
// move off the placement square, a landing that is not a knight's jump,
// on an empty square, on the other knight or on a square the other knight
// attacks, or a double removed where the double rule removes none or
// another.
func (c *Position) WhyIllegal(m referee.Move) string {
	side := c.toMove
	i := side.Index()
	if m == referee.Pass {
		switch {
		case !c.targets(side).Empty():
			return fmt.Sprintf("%s has a move, and passes only when it has none", side)
		case c.targets(side.Other()).Empty():
			return "the game is over"
		}
		return ""
	}
	to := int(m & moveTo)
	if to >= Squares {
		return "the square is not on the board"
	}
	name := SquareName(to)
	if c.knight[i] < 0 {
		t := c.targets(side)
		if t.Empty() {
			return fmt.Sprintf("%s's home row holds no number to place its knight on", side)
		}
		best := t.Pop()
		if to != best {
			return fmt.Sprintf("the first move places %s's knight on the highest number of its home row, %s (%02d)", side, SquareName(best), c.cell[best])
		}
	} else if from := int(c.knight[i]); !jumps[from].Has(to) {
		return fmt.Sprintf("%s is not a knight's jump from %s, where %s's knight stands", name, SquareName(from), side)
	}
	opp := int(c.knight[1-i])
	switch {
	case to == opp:
		return fmt.Sprintf("%s holds the %s knight", name, side.Other())
	case c.cell[to] < 0:
		return fmt.Sprintf("%s holds no number: it was visited or removed", name)
	case opp >= 0 && jumps[opp].Has(to):
		return fmt.Sprintf("%s is attacked by the %s knight on %s", name, side.Other(), SquareName(opp))
	}
	n := c.cell[to]
	r := int(m >> moveRemove)
	if r == 0 {
		if !isDouble(n) {
			return ""
		}
		return fmt.Sprintf("landing on the double %02d removes another double still on the board: name it (e.g. %s)", n, FormatMove(c.Complete(m)))
	}
	if !isDouble(n) {
		return fmt.Sprintf("%s holds %02d, not a double: the double rule removes nothing", name, n)
	}
	rsq := r - 1
	if rsq >= Squares || rsq == to || c.cell[rsq] < 0 || !isDouble(c.cell[rsq]) {
		what := "no number"
		if rsq < Squares && c.cell[rsq] >= 0 {
			what = fmt.Sprintf("%02d, not a double", c.cell[rsq])
		}
		if rsq >= Squares {
			return "the double removed is not on the board"
		}
		return fmt.Sprintf("the double rule removes another double still on the board, and %s holds %s", SquareName(rsq), what)
	}
	return ""
}
