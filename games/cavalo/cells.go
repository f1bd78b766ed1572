package cavalo

import (
	"fmt"

	"github.com/arenabots/arena/referee"
)

// Empty is the cell code of FromCells and Cells for a square that holds
// nothing (its number taken or removed); the other codes are the numbers
// 0..99, WhiteKnight and BlackKnight.
const Empty = -3

// FromCells returns the position whose squares hold cells (indexed as
// Position: row 1 first, column A first), with scores [white, black] and
// toMove to move, after the checks of Decode: at most one knight of each
// colour, distinct numbers 0..99, a side to move of White or Black, scores
// in 0..MaxScore. Its errors start with "position:". It is how a position
// is built outside this package (the wire, adapters), so that a change of
// the position's layout cannot break them silently; Cells is its inverse.
func FromCells(cells [Squares]int, scores [2]int, toMove referee.Side) (Position, error) {
	var board [Squares]int8
	seen := [Squares]bool{}
	knight := [2]int8{noSquare, noSquare}
	for sq, v := range cells {
		board[sq] = noSquare
		switch {
		case v == Empty:
		case v == WhiteKnight || v == BlackKnight:
			i := -v - 1
			if knight[i] != noSquare {
				return Position{}, fmt.Errorf("position: two %s knights (%s and %s)", referee.Side(i+1), SquareName(int(knight[i])), SquareName(sq))
			}
			knight[i] = int8(sq)
		case v < 0 || v > 99:
			return Position{}, fmt.Errorf("position: square %s holds %d: want 0..99, empty, -1 or -2", SquareName(sq), v)
		case seen[v]:
			return Position{}, fmt.Errorf("position: number %d appears twice (second on %s)", v, SquareName(sq))
		default:
			seen[v] = true
			board[sq] = int8(v)
		}
	}
	if toMove != referee.White && toMove != referee.Black {
		return Position{}, fmt.Errorf("position: to_move is %d: want 1 (white) or 2 (black)", toMove)
	}
	for _, sc := range scores {
		if sc < 0 || sc > MaxScore {
			return Position{}, fmt.Errorf("position: score %d: want 0..%d", sc, MaxScore)
		}
	}
	c := cavaloFromBoard(board)
	c.knight = knight
	c.score = [2]int32{int32(scores[0]), int32(scores[1])}
	c.toMove = toMove
	return c, nil
}

// Cells returns what each square of c holds, as FromCells takes it: a
// number 0..99, WhiteKnight, BlackKnight or Empty.
func (c *Position) Cells() [Squares]int {
	var cells [Squares]int
	for sq := range cells {
		// WhiteKnight is also the value of an empty cell: decide from
		// knight, not from cell.
		switch int8(sq) {
		case c.knight[0]:
			cells[sq] = WhiteKnight
		case c.knight[1]:
			cells[sq] = BlackKnight
		default:
			cells[sq] = int(c.cell[sq])
			if c.cell[sq] < 0 {
				cells[sq] = Empty
			}
		}
	}
	return cells
}

// StateFromCells returns the position whose squares hold cells (the codes
// of FromCells), with scores, toMove to move and ply moves played, after
// FromCells' checks: how the wire reads the board it sends (bots/wire's
// CellsGame; Cells is its inverse).
func (Game) StateFromCells(cells [Squares]int, scores [2]int, toMove referee.Side, ply int) (referee.State, error) {
	c, err := FromCells(cells, scores, toMove)
	if err != nil {
		return nil, err
	}
	c.SetPly(ply)
	return &c, nil
}
