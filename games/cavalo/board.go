package cavalo

import "github.com/arenabots/arena/referee"

// Board returns the board of seed: the numbers 0..99 shuffled onto the 100
// squares, indexed as in Position (row 1 first, column A first).
//
// The generator is frozen: the same seed gives the same board on every
// machine and in every version of arena, and tests pin seeds to boards. It is
// written out here rather than taken from math/rand, whose streams may change
// between Go releases:
//
//  1. A SplitMix64 stream (referee.SplitMix64) starts at state = seed.
//  2. The board starts as 0, 1, ..., 99 and is shuffled by Fisher-Yates from
//     the last square down: for i = 99 .. 1, swap square i with square j, a
//     uniform draw in [0, i] by Lemire's multiply-shift method with rejection
//     (take the high 64 bits of draw*(i+1); reject while the low 64 bits are
//     below 2^64 mod (i+1)).
func Board(seed uint64) [Squares]int8 {
	var b [Squares]int8
	for i := range b {
		b[i] = int8(i)
	}
	r := referee.SplitMix64{State: seed}
	for i := Squares - 1; i > 0; i-- {
		j := r.Below(uint64(i + 1))
		b[i], b[j] = b[j], b[i]
	}
	return b
}
