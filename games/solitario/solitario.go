package solitario

import (
	"math/bits"

	"github.com/arenabots/arena/referee"
)

// Position is a position of Solitário 2: the pegs of both sides, whether
// each side has made its first move, the pegs each side has captured, the
// side to move and the plies played against the move cap.
//
// Position is a compact value (40 bytes, no pointers): copying it is
// the cheapest way to keep a position, and Moves and Play allocate nothing,
// so perft and search run on it directly.
//
// A Move is op<<6 | cell: cell the origin of the peg, (row-1)*7 + (col-1),
// and op the operator's index in c, b, e, d, cc, cb, ce, cd (0..7).
type Position struct {
	pegs     [2]bitset // White's and Black's pegs
	captures [2]int8   // the pegs White and Black have taken
	moved    [2]bool   // whether White and Black have made their first move
	toMove   referee.Side
	ply      int32 // plies played in the game, opening included (the cap counts these)
	start    int32 // ply of the position's creation or decoding (Ply counts from it)
	maxPlies int32 // the move cap: the game ends when ply reaches it
}

// Move bits: the origin cell in the low 6 bits, the op above them.
const (
	moveCell = 0x3f
	moveOp   = 6
	jumpOp   = 4 // ops from jumpOp on are jumps
)

// Pegs is the number of pegs each side starts with.
const Pegs = 6

// WinBonus is what a side scores, besides its captures, when one of its
// pegs reaches one of the opponent's start holes: more than the opponent
// can capture, so that the side that reaches them has more points.
const WinBonus = 10

// New returns the start of the game with a cap of maxPlies plies: player 1
// (White, to move) on rows 1-2, player 2 (Black) on rows 6-7, columns 3-5.
func New(maxPlies int) Position {
	return Position{pegs: startHoles, toMove: referee.White, maxPlies: int32(maxPlies)}
}

// move returns the Move of op from cell sq.
func move(op, sq int) referee.Move { return referee.Move(op<<moveOp | sq) }

// Game returns the rules with p's move cap (and no opening plies: a
// position is past its opening).
func (p *Position) Game() referee.Game { return Game{MaxPlies: int(p.maxPlies)} }

// ToMove returns the side whose turn it is.
func (p *Position) ToMove() referee.Side { return p.toMove }

// Ply returns the number of moves played (passes included) since the
// position was created or decoded; the opening plies of Game.New are not
// counted, though the move cap counts them (see GamePly).
func (p *Position) Ply() int { return int(p.ply - p.start) }

// GamePly returns the number of plies played in the game, opening plies
// included: the count the move cap applies to, and the ply of the
// position file.
func (p *Position) GamePly() int { return int(p.ply) }

// MaxPlies returns the move cap: the game is over once GamePly reaches it.
func (p *Position) MaxPlies() int { return int(p.maxPlies) }

// SetPly sets the number of moves p counts as played (Ply), for adapters
// that rebuild a position whose move number travels beside it. The move
// cap still counts GamePly.
func (p *Position) SetPly(n int) { p.start = p.ply - int32(n) }

// Clone returns a copy of p.
func (p *Position) Clone() referee.State { q := *p; return &q }

// Peg returns the side whose peg stands in (row col), counted from 1, or 0
// when the hole is empty or off the board.
func (p *Position) Peg(row, col int) referee.Side {
	if !OnBoard(row, col) {
		return 0
	}
	b := bit((row-1)*Size + col - 1)
	switch {
	case p.pegs[0]&b != 0:
		return referee.White
	case p.pegs[1]&b != 0:
		return referee.Black
	}
	return 0
}

// Captures returns the number of the opponent's pegs side has taken.
func (p *Position) Captures(side referee.Side) int { return int(p.captures[side.Index()]) }

// Moved reports whether side has made its first move (a pass is not one).
func (p *Position) Moved(side referee.Side) bool { return p.moved[side.Index()] }

// Winner returns the side one of whose pegs stands on one of the
// opponent's start holes, or 0 when neither does.
func (p *Position) Winner() referee.Side {
	switch {
	case p.pegs[0]&startHoles[1] != 0:
		return referee.White
	case p.pegs[1]&startHoles[0] != 0:
		return referee.Black
	}
	return 0
}

// Scores returns the points of White and Black: the pegs each has
// captured, plus WinBonus for the side that reached the opponent's start
// holes.
func (p *Position) Scores() [2]int {
	s := [2]int{int(p.captures[0]), int(p.captures[1])}
	if w := p.Winner(); w != 0 {
		s[w.Index()] += WinBonus
	}
	return s
}

// over reports whether the game has ended whatever the sides could play:
// a side has won, or the move cap is reached.
func (p *Position) over() bool { return p.Winner() != 0 || p.ply >= p.maxPlies }

// Moves appends the legal moves of the side to move to buf: its steps and
// jumps, cell by cell in index order, ops in the order c, b, e, d, cc, cb,
// ce, cd. It appends exactly [referee.Pass] when that side has no move
// and its opponent then has one, and nothing when the game is over (a
// win, the move cap, or neither side able to move).
func (p *Position) Moves(buf []referee.Move) []referee.Move {
	if p.over() {
		return buf
	}
	n := len(buf)
	buf = p.appendMoves(buf, p.toMove)
	if len(buf) > n || p.ply+1 >= p.maxPlies || !p.canMove(p.toMove.Other()) {
		return buf
	}
	return append(buf, referee.Pass)
}

// appendMoves appends side's legal moves to buf.
func (p *Position) appendMoves(buf []referee.Move, side referee.Side) []referee.Move {
	i := side.Index()
	own, opp := p.pegs[i], p.pegs[1-i]
	empty := onBoard &^ (own | opp)
	if !p.moved[i] {
		for from := own & firstRow[i]; from != 0; from &= from - 1 {
			sq := bits.TrailingZeros64(uint64(from))
			if to := neighbour[sq][firstDir[i]]; to >= 0 && empty&bit(int(to)) != 0 {
				buf = append(buf, move(firstDir[i], sq))
			}
		}
		return buf
	}
	for from := own; from != 0; from &= from - 1 {
		sq := bits.TrailingZeros64(uint64(from))
		var jumps [directions]referee.Move
		nj := 0
		for d := range directions {
			over := neighbour[sq][d]
			switch {
			case over < 0:
			case empty&bit(int(over)) != 0:
				buf = append(buf, move(d, sq))
			case opp&bit(int(over)) != 0:
				if to := neighbour[over][d]; to >= 0 && empty&bit(int(to)) != 0 {
					jumps[nj] = move(jumpOp+d, sq)
					nj++
				}
			}
		}
		buf = append(buf, jumps[:nj]...)
	}
	return buf
}

// canMove reports whether side has a legal move, the game going on.
func (p *Position) canMove(side referee.Side) bool {
	var buf [4 * directions * Pegs]referee.Move
	return len(p.appendMoves(buf[:0], side)) > 0
}

// Play applies m, a move from Moves: the peg goes from its origin to the
// hole one step, or two in a jump, in the op's direction; a jump removes
// the opponent's peg it passes over. A pass only hands the turn over.
func (p *Position) Play(m referee.Move) {
	p.ply++
	side := p.toMove
	p.toMove = side.Other()
	if m == referee.Pass {
		return
	}
	i := side.Index()
	sq, op := int(m&moveCell), int(m>>moveOp)
	d := op % directions
	to := int(neighbour[sq][d])
	if op >= jumpOp {
		p.pegs[1-i] &^= bit(to)
		p.captures[i]++
		to = int(neighbour[to][d])
	}
	p.pegs[i] = p.pegs[i]&^bit(sq) | bit(to)
	p.moved[i] = true
}

// Terminal reports whether the game is over: a side has reached the
// opponent's start holes, the move cap is reached, or the side to move
// has no move and its opponent none either (or the pass would reach the
// cap).
func (p *Position) Terminal() bool {
	if p.over() {
		return true
	}
	return !p.canMove(p.toMove) && (p.ply+1 >= p.maxPlies || !p.canMove(p.toMove.Other()))
}

// Perft counts the sequences of exactly depth plies from p (referee.Perft).
func (p *Position) Perft(depth int) uint64 { return referee.Perft(p, depth) }
