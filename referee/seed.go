package referee

import "math/bits"

// RoundSeed returns the board seed of round (1-based) of a league seeded
// with league: the round-th draw of the SplitMix64 stream started at league.
// Like every use of SplitMix64, it is frozen.
func RoundSeed(league uint64, round int) uint64 {
	r := SplitMix64{State: league + uint64(round-1)*splitMixGamma}
	return r.Next()
}

// SplitMix64 is Steele, Lea and Flood's SplitMix64 generator, the frozen
// source of every seeded choice of the games (boards, openings): the same
// seed gives the same draws on every machine and in every version, which
// math/rand does not promise. Each draw adds splitMixGamma to State and
// returns it mixed:
//
//	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9; z = (z ^ z>>27) * 0x94D049BB133111EB;
//	z ^ z>>31.
type SplitMix64 struct{ State uint64 }

// splitMixGamma is what each draw of SplitMix64 adds to its state.
const splitMixGamma = 0x9E3779B97F4A7C15

// Next returns the next draw.
func (r *SplitMix64) Next() uint64 {
	r.State += splitMixGamma
	return mix64(r.State)
}

// Fill sets each of keys to the next draw, in order: a game's Zobrist
// keys, drawn from a fixed seed so that hashes are the same in every run.
func (r *SplitMix64) Fill(keys []uint64) {
	for i := range keys {
		keys[i] = r.Next()
	}
}

// mix64 is SplitMix64's finaliser, a bijection of the 64-bit numbers.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// Below returns a uniform number in [0, n), n > 0, by Lemire's
// multiply-shift method with rejection: the high 64 bits of draw*n,
// drawing again while the low 64 bits are below 2^64 mod n.
func (r *SplitMix64) Below(n uint64) uint64 {
	hi, lo := bits.Mul64(r.Next(), n)
	if lo < n {
		threshold := -n % n
		for lo < threshold {
			hi, lo = bits.Mul64(r.Next(), n)
		}
	}
	return hi
}

// PlayOpening plays k plies on st, each drawn from seed's SplitMix64
// stream as a uniform choice among the legal moves that do not end the
// game (in the order of Moves); it stops short when every move would. It
// is how a game whose start is fixed plays a league's seeded opening
// (game_options opening_plies), frozen like every use of SplitMix64. It
// tries each move on a clone: for a game's start, not for a search.
func PlayOpening(st State, k int, seed uint64) {
	r := SplitMix64{State: seed}
	var buf, quiet [MaxMoves]Move
	for range k {
		n := 0
		for _, m := range st.Moves(buf[:0]) {
			c := st.Clone()
			c.Play(m)
			if !c.Terminal() {
				quiet[n] = m
				n++
			}
		}
		if n == 0 {
			return
		}
		st.Play(quiet[r.Below(uint64(n))])
	}
}
