package arena

import "github.com/arenabots/arena/referee"

// Scheduled is one game of a league's schedule.
type Scheduled struct {
	ID    string // stable id: round-white-black, e.g. "03-greedy-random" (a '-' in a name written '~', see idPart)
	Round int    // 1-based
	Seed  uint64 // the round's board seed
	White int    // index into Config.Bots
	Black int
}

// roundRobin returns the games of a double round robin: for each round r (1..Rounds) the board seed is
// referee.RoundSeed(Seed, r), and every pair of bots (in the order of the
// bots list) plays that board twice, each bot once as White. Games are
// listed round by round, pair by pair, the first-listed bot of a pair white
// in the first of its two games.
func roundRobin(c *Config) []Scheduled {
	n := len(c.Bots)
	games := make([]Scheduled, 0, c.Rounds*n*(n-1))
	for r := 1; r <= c.Rounds; r++ {
		seed := referee.RoundSeed(c.Seed, r)
		for i := range n {
			for j := i + 1; j < n; j++ {
				for _, p := range [2][2]int{{i, j}, {j, i}} {
					games = append(games, Scheduled{
						ID:    roundID(r)(idPart(c.Bots[p[0]].Name), idPart(c.Bots[p[1]].Name)),
						Round: r,
						Seed:  seed,
						White: p[0],
						Black: p[1],
					})
				}
			}
		}
	}
	return games
}
