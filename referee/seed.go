package referee

// RoundSeed returns the board seed of round (1-based) of a league seeded
// with league: the round-th draw of the SplitMix64 stream started at league
// (see Board). Like Board, it is frozen.
func RoundSeed(league uint64, round int) uint64 {
	r := splitMix64{state: league + uint64(round-1)*splitMixGamma}
	return r.next()
}
