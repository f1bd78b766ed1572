package referee

// Values of a position for the side to move, the scale a game's evaluation
// and a search engine (bots/search) share: a game's package computes them
// without importing the engine, and a value means the same in every game.
const (
	// Unit is the value of one point of score difference.
	Unit = 100
	// Win is the base of the value of a decided game: Decided(margin) is
	// ±Win plus the margin in Units. Heuristic values stay within ±Win.
	Win = 1 << 24
)

// Decided returns the value of a game that ends with the side to move ahead
// by margin points (behind when negative): a win is worth more than any
// heuristic value, and a bigger margin more than a smaller one.
func Decided(margin int) int32 {
	switch {
	case margin > 0:
		return Win + int32(margin)*Unit
	case margin < 0:
		return -Win + int32(margin)*Unit
	}
	return 0
}

// IsDecided reports whether v is the value of a proven outcome other than
// a draw.
func IsDecided(v int32) bool { return v >= Win || v <= -Win }

// Points converts a value to points of score difference, for people: the
// margin of a decided game, or the heuristic estimate.
func Points(v int32) float64 {
	switch {
	case v >= Win:
		v -= Win
	case v <= -Win:
		v += Win
	}
	return float64(v) / Unit
}

// LeadKey is the hash component of White's lead (negative when Black
// leads), for the Zobrist hashes of the games' evaluations: SplitMix64's
// finaliser of lead, a bijection, so that different leads never share a
// key. A position's value depends on the score, and the same board is often
// reached with different scores.
func LeadKey(lead int) uint64 { return mix64(uint64(lead) * splitMixGamma) }

// TurnKey is a game's Zobrist key of Black to move, drawn after its other
// keys (SplitMix64.Next). A position's hash starts from Start, to which the
// game adds its board's keys; a move that passes the turn toggles the key
// (After).
type TurnKey uint64

// Start returns the part of a position's hash that every game's has: White's
// lead (LeadKey) and, where Black is to move, k.
func (k TurnKey) Start(toMove Side, lead int) uint64 {
	h := LeadKey(lead)
	if toMove == Black {
		h ^= uint64(k)
	}
	return h
}

// After returns h, the hash of a position, with the turn passed by m, the
// start of a game's HashAfter; done is true when m is a Pass, which changes
// nothing else.
func (k TurnKey) After(h uint64, m Move) (_ uint64, done bool) {
	return h ^ uint64(k), m == Pass
}
