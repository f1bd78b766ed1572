package arena

import (
	"io"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// RoundRobin plays every pair of bots on every board, both colours.
const RoundRobin TournamentName = "round-robin"

// roundRobinTournament is the default format: see RoundRobin.
type roundRobinTournament struct{}

func (roundRobinTournament) Name() TournamentName  { return RoundRobin }
func (roundRobinTournament) Noun() string          { return "round robin" }
func (roundRobinTournament) Keys() []TournamentKey { return nil }
func (roundRobinTournament) Traits() Traits        { return Traits{TwoBotMatch: true} }

func (roundRobinTournament) Complete(*Config, string) error { return nil }

func (roundRobinTournament) Schedule(c *Config, _ map[string]results.Entry) []Scheduled {
	return roundRobin(c)
}

func (roundRobinTournament) Standings(c *Config, main []results.Entry) results.Standings {
	return results.Compute(main, c.names(), c.Scoring)
}

func (roundRobinTournament) Total(c *Config) int {
	n := len(c.Bots)
	return c.Rounds * n * (n - 1)
}

func (roundRobinTournament) WriteNotes(io.Writer, *Config, []Scheduled, []results.Entry) error {
	return nil
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
				p := pairGames(c, r, seed, i, j, roundID(r))
				games = append(games, p[:]...)
			}
		}
	}
	return games
}
