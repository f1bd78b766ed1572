package quatro

import (
	"math/bits"

	"github.com/arenabots/arena/referee"
)

// Evaluator is the evaluation of Jogo do Quatro for a game-tree search
// (bots/search's Evaluator, made by Game.SearchEvaluator). The mover picks
// the piece it places, so a position is read by two sets of placements:
//
//   - the winning ones: the mover wins at once when some piece of the
//     reserve completes a line of three pieces that share an attribute
//     value; Evaluate then returns the win, exact;
//   - the safe ones, those after which the opponent has no winning
//     placement: a piece that makes a third piece of a line sharing a value
//     that another piece of the reserve still has is unsafe. A mover with
//     neither loses (every placement hands the opponent a win): Evaluate
//     returns the loss, exact.
//
// Otherwise a position is worth, for the side to move, SafeWeight/64 of a
// point per safe placement it has: the side that runs out of safe
// placements first loses. Lines with three pieces and an empty cell that no
// piece of the reserve completes are dead: pieces never come back.
type Evaluator struct {
	// SafeWeight is the value, in 64ths of a point, of one safe placement.
	SafeWeight int32
}

// DefaultSafeWeight is Evaluator's default SafeWeight.
const DefaultSafeWeight = 4

// SearchEvaluator returns a new Evaluator with the default weight, for a
// game-tree search (bots/search's Game).
func (Game) SearchEvaluator() any { return NewEvaluator() }

// NewEvaluator returns an Evaluator with the default weight.
func NewEvaluator() *Evaluator { return &Evaluator{SafeWeight: DefaultSafeWeight} }

// Prepare does nothing: the evaluation keeps no tables about the root.
func (e *Evaluator) Prepare(referee.State) {}

// Zobrist keys of Jogo do Quatro, from a fixed seed: one per cell and piece
// placed there, and one for Black to move.
var pieceKeys, quatroBlackKey = quatroZobrist(0x6172656171756174) // "areaquat"

// quatroZobrist draws the keys from SplitMix64 seeded with seed.
func quatroZobrist(seed uint64) (keys [Cells][Pieces]uint64, black uint64) {
	r := referee.SplitMix64{State: seed}
	for c := range keys {
		r.Fill(keys[c][:])
	}
	return keys, r.Next()
}

// Hash returns the Zobrist hash of q, a *Position: its pieces on their
// cells and the side to move (the reserve is the pieces not on the board).
func (e *Evaluator) Hash(st referee.State) uint64 {
	q := st.(*Position)
	var h uint64
	for f := q.filled; f != 0; f &= f - 1 {
		c := bits.TrailingZeros16(f)
		h ^= pieceKeys[c][q.cell[c]]
	}
	if q.toMove == referee.Black {
		h ^= quatroBlackKey
	}
	return h
}

// HashAfter returns the hash of q after m from h = Hash(q): the piece is on
// its cell and the turn passes.
func (e *Evaluator) HashAfter(h uint64, _ referee.State, m referee.Move) uint64 {
	c, p := split(m)
	return h ^ pieceKeys[c][p] ^ quatroBlackKey
}

// CopyFrom makes q a copy of src, a *Position, without allocating
// (bots/search's Position).
func (q *Position) CopyFrom(src referee.State) { *q = *src.(*Position) }

// valuePieces[a][v] is the set of pieces whose attribute a has value v.
var valuePieces = func() (out [4][2]uint16) {
	for p := range Piece(Pieces) {
		for a := range attributes {
			out[a][p.value(a)] |= 1 << p
		}
	}
	return out
}()

// cellLines[c] lists the indexes (in lines) of the lines through cell c;
// -1 ends a list of fewer than 3.
var cellLines = func() (out [Cells][3]int8) {
	for c := range Cells {
		n := 0
		for i := range out[c] {
			out[c][i] = -1
		}
		for i, l := range lines {
			if l&(1<<c) != 0 {
				out[c][n] = int8(i)
				n++
			}
		}
	}
	return out
}()

// placements returns, for cell c of q (empty), the pieces of the reserve
// that complete a line through c (win) and those that make a line through
// c three pieces sharing a value that another piece of the reserve has,
// with its fourth cell empty (unsafe: the opponent could complete it).
// unsafe is the whole story only when q has no winning placement: a win
// left on the board is the opponent's too.
func (q *Position) placements(c int) (win, unsafe uint16) {
	for _, li := range cellLines[c] {
		if li < 0 {
			break
		}
		l := lines[li] &^ (1 << c)
		switch bits.OnesCount16(q.filled & l) {
		case 3:
			// The three others: the values they share, completed by any
			// piece of the reserve with one of them.
			and, or := Piece(15), Piece(0)
			for rest := l; rest != 0; rest &= rest - 1 {
				x := q.cell[bits.TrailingZeros16(rest)]
				and &= x
				or |= x
			}
			for a := range attributes {
				bit := attributes[a].bit
				switch {
				case and&bit != 0:
					win |= valuePieces[a][1] & q.reserve
				case or&bit == 0:
					win |= valuePieces[a][0] & q.reserve
				}
			}
		case 2:
			// Two others: a piece sharing a value with both makes a line
			// the opponent completes if another piece with it is left.
			var two [2]Piece
			k := 0
			for rest := q.filled & l; rest != 0; rest &= rest - 1 {
				two[k] = q.cell[bits.TrailingZeros16(rest)]
				k++
			}
			agree := ^(two[0] ^ two[1]) & 15
			for a := range attributes {
				if agree&attributes[a].bit == 0 {
					continue
				}
				with := valuePieces[a][two[0].value(a)] & q.reserve
				if bits.OnesCount16(with) >= 2 {
					unsafe |= with
				}
			}
		}
	}
	return win, unsafe
}

// count returns the number of winning and of safe placements of q (safe:
// neither winning nor handing the opponent a win).
func (q *Position) count() (wins, safe int) {
	for empty := ^q.filled; empty != 0; empty &= empty - 1 {
		win, unsafe := q.placements(bits.TrailingZeros16(empty))
		wins += bits.OnesCount16(win)
		safe += bits.OnesCount16(q.reserve &^ (win | unsafe))
	}
	return wins, safe
}

// Evaluate returns the value of q for the side to move (see Evaluator).
func (e *Evaluator) Evaluate(st referee.State) (int32, bool) {
	q := st.(*Position)
	if q.winner != 0 || q.filled == fullBoard {
		s := q.Scores()
		i := q.toMove.Index()
		return referee.Decided(s[i] - s[1-i]), true
	}
	wins, safe := q.count()
	switch {
	case wins > 0:
		return referee.Decided(1), true
	case safe == 0 && bits.OnesCount16(q.filled) < Cells-1:
		// Every placement hands the opponent a win (with one cell left,
		// the last placement fills the board: a draw, which count calls
		// safe).
		return referee.Decided(-1), true
	}
	return int32(safe) * referee.Unit * e.SafeWeight / 64, false
}

// Hint orders the placements: the winning ones first, then the safe ones,
// those that hand the opponent a win last.
func (e *Evaluator) Hint(st referee.State, m referee.Move) int32 {
	q := st.(*Position)
	c, p := split(m)
	win, unsafe := q.placements(c)
	switch {
	case win&(1<<p) != 0:
		return 4000
	case unsafe&(1<<p) != 0:
		return -1000
	}
	return 0
}

// CourseValue returns the evaluation a course project of Jogo do Quatro
// uses, for the side to move: a point per empty cell where a piece of the
// reserve completes a line (a line of three pieces sharing a value, which
// the mover can complete now). It is what the classic built-in bot plays
// by (bots/builtin's CoursePosition).
func (q *Position) CourseValue() int {
	n := 0
	for empty := ^q.filled; empty != 0; empty &= empty - 1 {
		if win, _ := q.placements(bits.TrailingZeros16(empty)); win != 0 {
			n++
		}
	}
	return n
}
