package solitario

import (
	"math/bits"

	"github.com/arenabots/arena/referee"
)

// Evaluator is the evaluation of Solitário 2 for a game-tree search
// (bots/search's Evaluator, made by Game.SearchEvaluator). A position is
// worth, for the side to move, on referee's scale of values
// (referee.Unit):
//
//   - the difference of the pegs captured, a Unit each;
//   - the race: how many steps the most advanced peg of each side still
//     has to go to one of the opponent's start holes (goal), AdvanceWeight
//     a step, and the steps of all its pegs, SpreadWeight a step;
//   - mobility, the number of moves each side has, MobilityWeight a move.
//
// A finished game is worth its outcome, exact: a side on the opponent's
// start holes has won (referee.Decided, by the margin of the scores); a
// game ended by the move cap or with neither side able to move is a draw,
// worth the difference of the captures (its tie-break in the standings), a
// Unit each, within the values of a draw.
//
// Evaluate, Hash, HashAfter and Hint allocate nothing and depend on their
// arguments alone.
type Evaluator struct {
	// AdvanceWeight, SpreadWeight and MobilityWeight weigh a step of the
	// most advanced peg, a step of any peg and a move of mobility.
	AdvanceWeight, SpreadWeight, MobilityWeight int32
}

// Default weights of the Evaluator, tried against greedy and classic.
const (
	DefaultAdvanceWeight  = 40
	DefaultSpreadWeight   = 4
	DefaultMobilityWeight = 3
)

// NewEvaluator returns an Evaluator with the default weights.
func NewEvaluator() *Evaluator {
	return &Evaluator{AdvanceWeight: DefaultAdvanceWeight, SpreadWeight: DefaultSpreadWeight, MobilityWeight: DefaultMobilityWeight}
}

// SearchEvaluator returns a new Evaluator with the default weights, for a
// game-tree search (bots/search's Game).
func (Game) SearchEvaluator() any { return NewEvaluator() }

// CopyFrom makes p a copy of src, a *Position, without allocating: how a
// search reuses its positions (bots/search's Position).
func (p *Position) CopyFrom(src referee.State) { *p = *src.(*Position) }

// Prepare does nothing: the evaluation needs no tables of the root.
func (e *Evaluator) Prepare(referee.State) {}

// goalDist[i][sq] is the number of steps from cell sq to the nearest of
// the opponent's start holes for side i+1, over the holes of the cross
// (-1 off the board).
var goalDist = func() (d [2][cells]int8) {
	for i := range d {
		for sq := range cells {
			d[i][sq] = -1
		}
		var queue []int
		for sq := range cells {
			if startHoles[1-i]&bit(sq) != 0 {
				d[i][sq] = 0
				queue = append(queue, sq)
			}
		}
		for len(queue) > 0 {
			sq := queue[0]
			queue = queue[1:]
			for dir := range directions {
				if n := neighbour[sq][dir]; n >= 0 && d[i][n] < 0 {
					d[i][n] = d[i][sq] + 1
					queue = append(queue, int(n))
				}
			}
		}
	}
	return d
}()

// race returns the steps to the goal of side i's most advanced peg (99
// with no peg) and of all its pegs.
func race(pegs bitset, i int) (best, sum int32) {
	best = 99
	for b := pegs; b != 0; b &= b - 1 {
		d := int32(goalDist[i][bits.TrailingZeros64(uint64(b))])
		best = min(best, d)
		sum += d
	}
	return best, sum
}

// Evaluate returns the value of p, a *Position, for the side to move (see
// Evaluator), and whether it is the game's outcome.
func (e *Evaluator) Evaluate(st referee.State) (int32, bool) {
	p := st.(*Position)
	me := p.toMove.Index()
	v := int32(p.captures[me]-p.captures[1-me]) * referee.Unit
	if p.Terminal() {
		if p.Winner() == 0 {
			return v, true
		}
		s := p.Scores()
		return referee.Decided(s[me] - s[1-me]), true
	}
	bestMe, sumMe := race(p.pegs[me], me)
	bestOpp, sumOpp := race(p.pegs[1-me], 1-me)
	if bestMe < 99 && bestOpp < 99 {
		v += e.AdvanceWeight * (bestOpp - bestMe)
	}
	v += e.SpreadWeight * (sumOpp - sumMe)
	var buf [4 * directions * Pegs]referee.Move
	mine := len(p.appendMoves(buf[:0], p.toMove))
	theirs := len(p.appendMoves(buf[:0], p.toMove.Other()))
	v += e.MobilityWeight * int32(mine-theirs)
	return v, false
}

// Hint orders moves: those that reach an opponent's start hole (and win)
// first, then jumps (captures), then by the steps they gain towards the
// goal, retreats last.
func (e *Evaluator) Hint(st referee.State, m referee.Move) int32 {
	p := st.(*Position)
	if m == referee.Pass {
		return 0
	}
	i := p.toMove.Index()
	sq, op := int(m&moveCell), int(m>>moveOp)
	d := op % directions
	to := int(neighbour[sq][d])
	h := int32(0)
	if op >= jumpOp {
		to = int(neighbour[to][d])
		h += 1 << 16
	}
	if to < 0 {
		return h
	}
	if startHoles[1-i]&bit(to) != 0 {
		h += 1 << 20
	}
	return h + 64*int32(goalDist[i][sq]-goalDist[i][to])
}
