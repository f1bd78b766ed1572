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

// orderMoves gives each move of the node at ply from slot from on its
// ordering key in the frame's keys (the slots before from the key picked),
// and the frame's blocks their highest (blockKeys), and returns the highest
// key; pick then takes them best first (put the first, with that key).
func (s *Searcher) orderMoves(ply int, pos Position, moves []referee.Move, ttMove referee.Move, from int) int64 {
	fr := &s.stack[ply]
	hints, keys := fr.hints[:len(moves)], fr.keys[:len(moves)]
	s.hints(fr.state, moves, hints)
	hist := &s.history[pos.ToMove().Index()]
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	// Moves whose low six bits are none of the three's are passed over
	// with a test of one bit (noMove's set one costs only a look).
	filter := uint64(1)<<(uint32(ttMove)&63) | 1<<(uint32(k0)&63) | 1<<(uint32(k1)&63)
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
	}
	for i := range from {
		keys[i] = picked
	}
	return fr.blockKeys(len(moves))
}

// hints sets hints[i] to the evaluator's hint of moves[i], with one Hints
// call when the evaluator is a Hinter.
func (s *Searcher) hints(pos referee.State, moves []referee.Move, hints []int32) {
	if s.hinter != nil {
		s.hinter.Hints(pos, moves, hints)
		return
	}
	for i, m := range moves {
		hints[i] = s.eval.Hint(pos, m)
	}
}

// blockSize slots of a frame make a block, whose highest key the frame
// keeps (see pick).
const (
	blockBits = 3
	blockSize = 1 << blockBits
)

// picked is the key of a slot whose move was taken: lower than any move's.
const picked = math.MinInt64

// blockKeys sets the highest key of each block of the frame's first n
// keys, the slots of the last block past n given the key picked, and
// returns the highest key.
func (fr *frame) blockKeys(n int) int64 {
	end := (n + blockSize - 1) >> blockBits
	for i := n; i < end<<blockBits; i++ {
		fr.keys[i] = picked
	}
	top := int64(picked)
	for j := range end {
		fr.blocks[j] = fr.blockHighest(j)
		top = max(top, fr.blocks[j])
	}
	return top
}

// blockHighest returns the highest key of the frame's block j.
func (fr *frame) blockHighest(j int) int64 {
	j &= len(fr.blocks) - 1 // which spares the bounds' checks
	return highest8((*[blockSize]int64)(fr.keys[j*blockSize : j*blockSize+blockSize]))
}

// highest8 returns the highest of a block's keys, in two runs (max takes
// each by a conditional move rather than a branch: the keys come in an
// order the processor could not predict).
func highest8(k *[blockSize]int64) int64 {
	a, b := max(k[0], k[1]), max(k[2], k[3])
	a, b = max(a, k[4]), max(b, k[5])
	a, b = max(a, k[6]), max(b, k[7])
	return max(a, b)
}

// pick moves the move with the highest key among the frame's moves[i:n] to
// i (a selection sort done lazily: most nodes cut after a move or two), the
// first of them when keys tie: the move it swaps with keeps its key in its
// new slot. Keys are orderKey's, all different, so the highest is a plain
// maximum (max, by conditional moves) of the highest keys of the blocks
// from i's (the slots before i hold the key picked).
func (fr *frame) pick(i, n int) {
	best := fr.blocks[i>>blockBits]
	for _, k := range fr.blocks[i>>blockBits+1 : (n+blockSize-1)>>blockBits] {
		best = max(best, k)
	}
	fr.put(i, best)
}

// put moves the move of key best, the highest among the frame's moves from
// i on, to i, as pick does, gives slot i the key picked, and keeps the
// highest keys of the two slots' blocks.
func (fr *frame) put(i int, best int64) {
	b := slotMask - int(best&slotMask)
	fr.moves[i], fr.moves[b] = fr.moves[b], fr.moves[i]
	fr.keys[b] = fr.keys[i]&^slotMask | int64(slotMask-b)
	fr.keys[i] = picked
	fr.blocks[b>>blockBits] = fr.blockHighest(b >> blockBits)
	if i>>blockBits != b>>blockBits {
		fr.blocks[i>>blockBits] = fr.blockHighest(i >> blockBits)
	}
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
