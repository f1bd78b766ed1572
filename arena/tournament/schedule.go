package tournament

// Scheduled is one game of a league's schedule.
type Scheduled struct {
	ID    string // stable id: round-white-black, e.g. "03-greedy-random" (a '-' in a name written '~', see idPart)
	Round int    // 1-based
	Seed  uint64 // the round's board seed
	White int    // index into League.Bots
	Black int
}
