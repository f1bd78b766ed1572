package search

import (
	"math"

	"github.com/arenabots/arena/referee"
)

// Ordering keys: the table's move first, then the killers, then the rest
// by history and the evaluator's hint, which stay below killerKey.
const (
	ttKey      = 1 << 30
	killerKey  = 1 << 29
	historyCap = 1 << 24
)

// histIndex maps a move to its history slot (Fibonacci hashing: a game's
// moves need not be small numbers).
func histIndex(m referee.Move) int {
	return int((uint32(m) * 0x9E3779B1) >> (32 - histBits))
}

// slotBits low bits of an ordering key hold the move's slot (see orderKey).
const (
	slotBits = 16
	slotMask = 1<<slotBits - 1
)

// orderKey is the ordering key of the move in slot i of its frame with key
// k: k above, and below a number that is higher the lower the slot, so that
// the highest of a frame's keys is the first slot of the highest k, and
// comparing keys needs no tie-break.
func orderKey(k int32, i int) int64 {
	return int64(k)<<slotBits | int64(slotMask-i)
}

// orderMoves gives each move of the node at ply its ordering key in the
// frame's keys, and returns the highest; pick then takes them best first
// (put the first, with that key).
func (s *Searcher) orderMoves(ply int, pos Position, moves []referee.Move, ttMove referee.Move) int64 {
	fr := &s.stack[ply]
	hints, keys := fr.hints[:len(moves)], fr.keys[:len(moves)]
	s.hints(pos, moves, hints)
	hist := &s.history[pos.ToMove().Index()]
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	// Moves whose low six bits are none of the three's are passed over
	// with a test of one bit (noMove's set one costs only a look).
	filter := uint64(1)<<(uint32(ttMove)&63) | 1<<(uint32(k0)&63) | 1<<(uint32(k1)&63)
	top := int64(math.MinInt32) << slotBits // no key is lower
	for i, m := range moves {
		k := hints[i]
		switch {
		case filter>>(uint32(m)&63)&1 == 0:
			k += hist[histIndex(m)]
		case m == ttMove:
			k = ttKey
		case m == k0:
			k = killerKey + 1
		case m == k1:
			k = killerKey
		default:
			k += hist[histIndex(m)]
		}
		keys[i] = orderKey(k, i)
		top = higher(top, keys[i])
	}
	return top
}

// hints sets hints[i] to the evaluator's hint of moves[i], with one Hints
// call when the evaluator is a Hinter.
func (s *Searcher) hints(pos Position, moves []referee.Move, hints []int32) {
	if s.hinter != nil {
		s.hinter.Hints(pos, moves, hints)
		return
	}
	for i, m := range moves {
		hints[i] = s.eval.Hint(pos, m)
	}
}

// pick moves the move with the highest key among moves[i:] to i (a
// selection sort done lazily: most nodes cut after a move or two), the
// first of them when keys tie: the move it swaps with keeps its key in its
// new slot. Keys are orderKey's, all different, so the highest is a plain
// maximum, taken without a branch (the keys come in an order the processor
// could not predict) and in four independent runs.
func pick(moves []referee.Move, keys []int64, i int) {
	put(moves, keys, i, highest(keys[i:len(moves)]))
}

// highest returns the highest of keys, at least one: in four runs, eight
// keys a step, then four, then one.
func highest(keys []int64) int64 {
	m0 := keys[0]
	m1, m2, m3 := m0, m0, m0
	r := keys[1:]
	for ; len(r) >= 8; r = r[8:] {
		k := (*[8]int64)(r)
		m0 = higher(higher(m0, k[0]), k[4])
		m1 = higher(higher(m1, k[1]), k[5])
		m2 = higher(higher(m2, k[2]), k[6])
		m3 = higher(higher(m3, k[3]), k[7])
	}
	if len(r) >= 4 {
		k := (*[4]int64)(r)
		m0 = higher(m0, k[0])
		m1 = higher(m1, k[1])
		m2 = higher(m2, k[2])
		m3 = higher(m3, k[3])
		r = r[4:]
	}
	for _, k := range r {
		m0 = higher(m0, k)
	}
	return higher(higher(m0, m1), higher(m2, m3))
}

// put moves the move of key best, the highest among moves[i:], to i, as
// pick does.
func put(moves []referee.Move, keys []int64, i int, best int64) {
	b := slotMask - int(best&slotMask)
	if b != i {
		moves[i], moves[b] = moves[b], moves[i]
		keys[b] = keys[i]&^slotMask | int64(slotMask-b)
		keys[i] = best
	}
}

// higher returns the higher of two ordering keys, by a conditional move
// rather than a branch (the keys come in an order the processor could not
// predict).
func higher(a, b int64) int64 {
	if b > a {
		a = b
	}
	return a
}

// reward records that m refuted the opponent at ply, searched to depth: a
// killer of the ply and a history bonus for the side that played it.
func (s *Searcher) reward(ply, depth int, side referee.Side, m referee.Move) {
	if k := &s.killers[ply]; k[0] != m {
		k[1], k[0] = k[0], m
	}
	h := &s.history[side.Index()]
	i := histIndex(m)
	h[i] += int32(depth * depth)
	if h[i] > historyCap {
		for j := range h {
			h[j] /= 2
		}
	}
}
