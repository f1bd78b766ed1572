package quatro

import (
	"fmt"

	"github.com/arenabots/arena/referee"
)

// WhyIllegal says which rule of the game m breaks in q, a move that is not
// among q's Moves (referee.Explainer): a pass (there is none), any move
// once the game is over, a number that is no move, a cell taken, a piece
// played already.
func (q *Position) WhyIllegal(m referee.Move) string {
	switch {
	case m == referee.Pass:
		return "there is no pass in Jogo do Quatro: place a piece of the reserve on an empty cell"
	case q.winner != 0:
		return fmt.Sprintf("the game is over: %s completed a line", q.winner)
	case q.filled == fullBoard:
		return "the game is over: the board is full"
	case m >= Cells*Pieces:
		return "the move is no cell and piece of the game"
	}
	c, p := split(m)
	var why string
	if on, ok := q.At(c); ok {
		why = fmt.Sprintf("%s is taken (by %s)", CellName(c), on)
	}
	if !q.InReserve(p) {
		if why != "" {
			why += " and "
		}
		why += fmt.Sprintf("%s was played already (on %s)", p, CellName(q.cellOf(p)))
	}
	return why
}

// cellOf returns the cell of piece p, which must be on the board.
func (q *Position) cellOf(p Piece) int {
	for c := range Cells {
		if on, ok := q.At(c); ok && on == p {
			return c
		}
	}
	return -1
}
