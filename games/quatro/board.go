package quatro

import (
	"math/bits"

	"github.com/arenabots/arena/referee"
)

// Cells and Pieces are the number of cells of the board and of pieces.
const (
	Cells  = 16
	Pieces = 16
)

// Piece is one of the 16 pieces, a 4-bit number: one bit per attribute,
// 0 for the first value, from the highest bit down: colour (BRANCA, PRETA),
// shape (QUADRADA, REDONDA), height (ALTA, BAIXA), fill (CHEIA, OCA). Piece 0
// is BQAC, piece 15 PRBO.
type Piece uint8

// attribute is one of the four attributes of a piece: its two values as
// words and as letters, and its bit in a Piece.
type attribute struct {
	words   [2]string
	letters [2]byte
	bit     Piece
}

// attributes are the attributes in the order they are written.
var attributes = [4]attribute{
	{[2]string{"BRANCA", "PRETA"}, [2]byte{'B', 'P'}, 8},
	{[2]string{"QUADRADA", "REDONDA"}, [2]byte{'Q', 'R'}, 4},
	{[2]string{"ALTA", "BAIXA"}, [2]byte{'A', 'B'}, 2},
	{[2]string{"CHEIA", "OCA"}, [2]byte{'C', 'O'}, 1},
}

// value returns 0 or 1, the value of attribute a of p.
func (p Piece) value(a int) int {
	if p&attributes[a].bit != 0 {
		return 1
	}
	return 0
}

// String returns the piece's letters, e.g. "BQAO".
func (p Piece) String() string {
	var b [4]byte
	for a := range attributes {
		b[a] = attributes[a].letters[p.value(a)]
	}
	return string(b[:])
}

// Words returns the piece's attribute words, e.g. [BRANCA QUADRADA ALTA
// OCA], as the course writes it.
func (p Piece) Words() [4]string {
	var w [4]string
	for a := range attributes {
		w[a] = attributes[a].words[p.value(a)]
	}
	return w
}

// CellName returns the name of cell c (row*4+col, 0-based): "A1" for 0,
// "B3" for 9.
func CellName(c int) string { return string([]byte{'A' + byte(c%4), '1' + byte(c/4)}) }

// lines are the 10 lines of the board as sets of cells: 4 rows, 4 columns,
// the diagonal from A1 and the one from D1.
var lines = [10]uint16{
	0x000F, 0x00F0, 0x0F00, 0xF000,
	0x1111, 0x2222, 0x4444, 0x8888,
	0x8421, 0x1248,
}

// allPieces is the set of every piece, the reserve of the start.
const allPieces = 1<<Pieces - 1

// fullBoard is the set of every cell.
const fullBoard = 1<<Cells - 1

// Position is a position of Jogo do Quatro: the pieces on the board, the
// reserve, the side to move and the winner once a line is complete. It is a
// small value: copying it is Clone and an undo record.
//
// A Move is cell<<4 | piece: the cell row*4+col (0-based, A1 = 0, D4 = 15)
// and the Piece placed there, 0..255.
type Position struct {
	cell    [Cells]Piece // the piece of each filled cell
	filled  uint16       // the cells that hold a piece
	reserve uint16       // the pieces not played yet
	toMove  referee.Side
	winner  referee.Side // the side that completed a line; 0 while none has
	ply     int32
}

// New returns the start: the empty board, every piece in the reserve,
// White to move.
func New() Position {
	return Position{reserve: allPieces, toMove: referee.White}
}

// move returns the move placing piece p on cell c.
func move(c int, p Piece) referee.Move { return referee.Move(c<<4 | int(p)) }

// split returns the cell and the piece of m, which must be below 256.
func split(m referee.Move) (c int, p Piece) { return int(m >> 4), Piece(m & 15) }

// At returns the piece on cell c and whether there is one.
func (q *Position) At(c int) (Piece, bool) { return q.cell[c], q.filled&(1<<c) != 0 }

// InReserve reports whether piece p has not been played.
func (q *Position) InReserve(p Piece) bool { return q.reserve&(1<<p) != 0 }

// Game returns the rules (with no opening plies: a position is past its
// opening).
func (q *Position) Game() referee.Game { return Game{} }

// ToMove returns the side whose turn it is.
func (q *Position) ToMove() referee.Side { return q.toMove }

// Winner returns the side that completed a line, or 0.
func (q *Position) Winner() referee.Side { return q.winner }

// Scores returns 1 for the winner and 0 for the other side; 0 and 0 while
// no line is complete (a draw once the board is full).
func (q *Position) Scores() [2]int {
	switch q.winner {
	case referee.White:
		return [2]int{1, 0}
	case referee.Black:
		return [2]int{0, 1}
	}
	return [2]int{}
}

// Ply returns the number of moves played since the game's initial state,
// the position after the opening plies (see Game.New): Play counts them on
// from 0 after New, or from a position file's ply.
func (q *Position) Ply() int { return int(q.ply) }

// SetPly sets the number of moves q counts as played, for adapters that
// rebuild a position whose move number travels beside it.
func (q *Position) SetPly(n int) { q.ply = int32(n) }

// Clone returns a copy of q.
func (q *Position) Clone() referee.State { c := *q; return &c }

// Terminal reports whether a line is complete or the board is full.
func (q *Position) Terminal() bool { return q.winner != 0 || q.filled == fullBoard }

// Moves appends every pair of an empty cell and a piece of the reserve to
// buf, cell by cell (A1, B1, ... D4), pieces in number order; none once the
// game is over. There is no pass.
func (q *Position) Moves(buf []referee.Move) []referee.Move {
	if q.winner != 0 {
		return buf
	}
	for empty := ^q.filled; empty != 0; empty &= empty - 1 {
		c := bits.TrailingZeros16(empty)
		for res := q.reserve; res != 0; res &= res - 1 {
			buf = append(buf, move(c, Piece(bits.TrailingZeros16(res))))
		}
	}
	return buf
}

// Play places the piece of m on its cell; m must be one of Moves. The
// mover wins if that completes a line.
func (q *Position) Play(m referee.Move) {
	c, p := split(m)
	if q.completes(c, p) {
		q.winner = q.toMove
	}
	q.cell[c] = p
	q.filled |= 1 << c
	q.reserve &^= 1 << p
	q.toMove = q.toMove.Other()
	q.ply++
}

// completes reports whether placing piece p on the empty cell c completes
// a line whose four pieces share an attribute value.
func (q *Position) completes(c int, p Piece) bool {
	filled := q.filled | 1<<c
	for _, l := range lines {
		if l&(1<<c) == 0 || filled&l != l {
			continue
		}
		and, or := p, p
		for rest := l &^ (1 << c); rest != 0; rest &= rest - 1 {
			x := q.cell[bits.TrailingZeros16(rest)]
			and &= x
			or |= x
		}
		if and != 0 || or != 15 {
			return true
		}
	}
	return false
}

// winningLines returns the set of lines (bit i: lines[i]) whose four pieces
// share an attribute value.
func (q *Position) winningLines() uint16 {
	var out uint16
	for i, l := range lines {
		if q.filled&l != l {
			continue
		}
		and, or := Piece(15), Piece(0)
		for rest := l; rest != 0; rest &= rest - 1 {
			x := q.cell[bits.TrailingZeros16(rest)]
			and &= x
			or |= x
		}
		if and != 0 || or != 15 {
			out |= 1 << i
		}
	}
	return out
}

// Perft counts the sequences of exactly depth moves from q (referee.Perft).
func (q *Position) Perft(depth int) uint64 { return referee.Perft(q, depth) }
