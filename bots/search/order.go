package search

import "github.com/arenabots/arena/referee"

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

// orderMoves gives each move of the node at ply its ordering key in the
// frame's keys; pick then takes them best first.
func (s *Searcher) orderMoves(ply int, pos Position, moves []referee.Move, ttMove referee.Move) {
	keys := s.stack[ply].keys[:len(moves)]
	s.hints(pos, moves, keys)
	hist := &s.history[pos.ToMove().Index()]
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	for i, m := range moves {
		switch m {
		case ttMove:
			keys[i] = ttKey
		case k0:
			keys[i] = killerKey + 1
		case k1:
			keys[i] = killerKey
		default:
			keys[i] += hist[histIndex(m)]
		}
	}
}

// hints sets keys[i] to the evaluator's hint of moves[i], with one Hints
// call when the evaluator is a Hinter.
func (s *Searcher) hints(pos Position, moves []referee.Move, keys []int32) {
	if s.hinter != nil {
		s.hinter.Hints(pos, moves, keys)
		return
	}
	for i, m := range moves {
		keys[i] = s.eval.Hint(pos, m)
	}
}

// pick moves the move with the highest key among moves[i:] to i (a
// selection sort done lazily: most nodes cut after a move or two).
func pick(moves []referee.Move, keys []int32, i int) {
	b, best := i, keys[i]
	keys = keys[:len(moves)]
	for j := i + 1; j < len(keys); j++ {
		// Without a branch, which the keys' order (as good as random)
		// would mispredict: gt is -1 when keys[j] > best, else 0.
		k := keys[j]
		gt := int((int64(best) - int64(k)) >> 63)
		b ^= (b ^ j) & gt
		best ^= (best ^ k) & int32(gt)
	}
	moves[i], moves[b] = moves[b], moves[i]
	keys[i], keys[b] = keys[b], keys[i]
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
