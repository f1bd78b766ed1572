package referee

import "math/bits"

// Board returns the board of seed: the numbers 0..99 shuffled onto the 100
// squares, indexed as in Cavalo (row 1 first, column A first).
//
// The generator is frozen: the same seed gives the same board on every
// machine and in every version of arena, and tests pin seeds to boards. It is
// written out here rather than taken from math/rand, whose streams may change
// between Go releases:
//
//  1. A SplitMix64 stream starts at state = seed. Each draw adds
//     0x9E3779B97F4A7C15 to the state and returns it mixed:
//     z = (z ^ z>>30) * 0xBF58476D1CE4E5B9; z = (z ^ z>>27) * 0x94D049BB133111EB;
//     z ^ z>>31.
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
	r := splitMix64{state: seed}
	for i := Squares - 1; i > 0; i-- {
		j := r.below(uint64(i + 1))
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// splitMix64 is Steele, Lea and Flood's SplitMix64 generator.
type splitMix64 struct{ state uint64 }

// splitMixGamma is what each draw of splitMix64 adds to its state.
const splitMixGamma = 0x9E3779B97F4A7C15

func (r *splitMix64) next() uint64 {
	r.state += splitMixGamma
	z := r.state
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// below returns a uniform number in [0, n), n > 0.
func (r *splitMix64) below(n uint64) uint64 {
	hi, lo := bits.Mul64(r.next(), n)
	if lo < n {
		threshold := -n % n
		for lo < threshold {
			hi, lo = bits.Mul64(r.next(), n)
		}
	}
	return hi
}
