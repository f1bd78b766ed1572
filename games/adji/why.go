package adji

import (
	"fmt"

	"github.com/arenabots/arena/referee"
)

// WhyIllegal says which rule of the game m breaks in p, a move that is not
// among p's Moves (referee.Explainer): any move once the game is over, a
// pass while the mover's row holds seeds, a hole off the board, on the
// opponent's row, or empty.
func (p *Position) WhyIllegal(m referee.Move) string {
	side := p.toMove
	row := p.Row(side)
	switch {
	case p.over():
		return p.why()
	case m == referee.Pass:
		if p.rowEmpty(row) {
			return ""
		}
		return fmt.Sprintf("%s has seeds on its row %d, and passes only when the row is empty", side, row)
	case m >= Holes:
		return "the hole is not on the board"
	}
	h := int(m)
	switch {
	case h/Cols != row:
		return fmt.Sprintf("hole %s is not on your row: %s sows row %d", lispName(h), side, row)
	case p.holes[h] == 0:
		return fmt.Sprintf("hole %s is empty", lispName(h))
	}
	return ""
}

// why says why the game is over.
func (p *Position) why() string {
	switch {
	case int(p.score[0])+int(p.score[1]) == Seeds:
		return "the game is over: every seed is captured"
	case p.left <= 0:
		return "the game is over: the move cap is reached"
	}
	return fmt.Sprintf("the game is over: %s's row is empty on the last ply before the move cap", p.toMove)
}
