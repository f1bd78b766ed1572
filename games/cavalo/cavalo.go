package cavalo

import "github.com/arenabots/arena/referee"

// Position is a position of Jogo do Cavalo (see docs/rules.md): a 10x10 board
// of the numbers 00..99, two knights, the scores and the side to move.
//
// Position is a compact value (about 240 bytes, no pointers): copying it is the
// cheapest way to keep a position, and Moves and Play allocate nothing, so
// perft and search run on it directly. Squares are indexed 0..99 as
// (row-1)*10 + column, row 1 (White's home row) first and column A first.
type Position struct {
	cell   [Squares]int8 // the number on each square, or -1 (empty or a knight)
	where  [Squares]int8 // the square of each number, or -1 once it is gone
	nums   SquareSet     // the squares that hold a number
	knight [2]int8       // White's and Black's square, -1 before placement
	score  [2]int32
	toMove referee.Side
	ply    int32
}

// Squares is the number of squares on the board, and of numbers on it.
const Squares = 100

const (
	noSquare   = -1
	moveTo     = 0xff // bits of a Move holding the target square
	moveRemove = 8    // shift of the removed double's square + 1
)

// New returns the initial position on the board made from seed by
// Board: no knight placed, White to move.
func New(seed uint64) Position {
	return cavaloFromBoard(Board(seed))
}

func cavaloFromBoard(board [Squares]int8) Position {
	c := Position{cell: board, knight: [2]int8{noSquare, noSquare}, toMove: referee.White}
	for i := range c.where {
		c.where[i] = noSquare
	}
	for sq, n := range board {
		if n >= 0 {
			c.where[n] = int8(sq)
			c.nums = c.nums.Or(SquareOf(sq))
		}
	}
	return c
}

// Cell returns the number on sq, or -1 when the square is empty or holds a
// knight.
func (c *Position) Cell(sq int) int { return int(c.cell[sq]) }

// Knight returns the square of side's knight, or -1 before its placement.
func (c *Position) Knight(side referee.Side) int { return int(c.knight[side.Index()]) }

// Game returns Game.
func (c *Position) Game() referee.Game { return Game{} }

// ToMove returns the side whose turn it is.
func (c *Position) ToMove() referee.Side { return c.toMove }

// Scores returns White's and Black's points.
func (c *Position) Scores() [2]int { return [2]int{int(c.score[0]), int(c.score[1])} }

// Ply returns the number of moves played since the position was created or
// decoded.
func (c *Position) Ply() int { return int(c.ply) }

// Clone returns a copy of c.
func (c *Position) Clone() referee.State { d := *c; return &d }

// CopyFrom makes c a copy of src, a *Position, without allocating: how a
// search (bots/search's Position) reuses its positions.
func (c *Position) CopyFrom(src referee.State) { *c = *src.(*Position) }

// targets returns the squares side may land on, ignoring double choices:
// the placement square before its knight is placed, else the knight jumps to
// numbered squares the opponent's knight does not attack.
func (c *Position) targets(side referee.Side) SquareSet {
	i := side.Index()
	from := c.knight[i]
	if from < 0 {
		home := 0
		if side == referee.Black {
			home = 90
		}
		best := noSquare
		for sq := home; sq < home+10; sq++ {
			if c.cell[sq] >= 0 && (best == noSquare || c.cell[sq] > c.cell[best]) {
				best = sq
			}
		}
		if best == noSquare {
			return SquareSet{}
		}
		return SquareOf(best)
	}
	t := jumps[from].And(c.nums)
	if opp := c.knight[1-i]; opp >= 0 {
		t = t.AndNot(jumps[opp])
	}
	return t
}

// isDouble reports whether n has two equal digits (00, 11, ..., 99).
func isDouble(n int8) bool { return n%11 == 0 }

// Moves appends the legal moves of the side to move to buf.
func (c *Position) Moves(buf []referee.Move) []referee.Move {
	t := c.targets(c.toMove)
	if t.Empty() {
		if c.targets(c.toMove.Other()).Empty() {
			return buf
		}
		return append(buf, referee.Pass)
	}
	for !t.Empty() {
		sq := t.Pop()
		n := c.cell[sq]
		if !isDouble(n) {
			buf = append(buf, referee.Move(sq))
			continue
		}
		k := len(buf)
		for d := int8(99); d >= 0; d -= 11 {
			if d != n && c.where[d] >= 0 {
				buf = append(buf, referee.Move(sq)|referee.Move(int(c.where[d])+1)<<moveRemove)
			}
		}
		if len(buf) == k {
			buf = append(buf, referee.Move(sq))
		}
	}
	return buf
}

// Play applies m, a move from Moves.
func (c *Position) Play(m referee.Move) {
	c.ply++
	side := c.toMove
	c.toMove = side.Other()
	if m == referee.Pass {
		return
	}
	i := side.Index()
	to := int(m & moveTo)
	n := c.cell[to]
	c.score[i] += int32(n)
	c.take(to)
	c.knight[i] = int8(to)
	if tens, units := n/10, n%10; tens != units {
		if sq := c.where[units*10+tens]; sq >= 0 {
			c.take(int(sq))
		}
	}
	if r := int(m >> moveRemove); r != 0 {
		c.take(r - 1)
	}
}

// take empties sq, which holds a number.
func (c *Position) take(sq int) {
	c.where[c.cell[sq]] = noSquare
	c.cell[sq] = noSquare
	c.nums.Remove(sq)
}

// Terminal reports whether neither side can move.
func (c *Position) Terminal() bool {
	return c.targets(referee.White).Empty() && c.targets(referee.Black).Empty()
}

// Numbers returns the squares that hold a number.
func (c *Position) Numbers() SquareSet { return c.nums }

// Mobility returns the number of squares side could land on now (double
// choices not counted), as a cheap measure for evaluations.
func (c *Position) Mobility(side referee.Side) int { return c.targets(side).Count() }

// Complete fills in what a move may leave to the rules: a landing on a double
// written without a removal (e.g. "C4") removes the highest other double
// still on the board, the rules' default choice. Other moves are returned
// unchanged. It does not check legality.
func (c *Position) Complete(m referee.Move) referee.Move {
	to := int(m & moveTo)
	if m == referee.Pass || m>>moveRemove != 0 || to >= Squares || c.cell[to] < 0 || !isDouble(c.cell[to]) {
		return m
	}
	for d := int8(99); d >= 0; d -= 11 {
		if d != c.cell[to] && c.where[d] >= 0 {
			return m | referee.Move(int(c.where[d])+1)<<moveRemove
		}
	}
	return m
}

// Perft counts the sequences of exactly depth plies from c (referee.Perft).
func (c *Position) Perft(depth int) uint64 { return referee.Perft(c, depth) }
