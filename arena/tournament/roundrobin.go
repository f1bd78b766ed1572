package tournament

import (
	"io"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// RoundRobin plays every pair of bots on every board, both colours.
const RoundRobin Name = "round-robin"

// roundRobinTournament is the default format: see RoundRobin.
type roundRobinTournament struct{}

func (roundRobinTournament) Name() Name     { return RoundRobin }
func (roundRobinTournament) Noun() string   { return "round robin" }
func (roundRobinTournament) Keys() []Key    { return nil }
func (roundRobinTournament) Traits() Traits { return Traits{TwoBotMatch: true} }

func (roundRobinTournament) Complete(*League) error { return nil }

func (roundRobinTournament) Schedule(l *League, _ map[string]results.Entry) []Scheduled {
	return roundRobin(l)
}

func (roundRobinTournament) Standings(l *League, main []results.Entry) results.Standings {
	return results.Compute(main, l.names(), l.Scoring)
}

func (roundRobinTournament) Total(l *League) int {
	n := len(l.Bots)
	return l.Rounds * n * (n - 1)
}

func (roundRobinTournament) WriteNotes(io.Writer, *League, []Scheduled, []results.Entry) error {
	return nil
}

// roundRobin returns the games of a double round robin: for each round r (1..Rounds) the board seed is
// referee.RoundSeed(Seed, r), and every pair of bots (in the order of the
// bots list) plays that board twice, each bot once as White. Games are
// listed round by round, pair by pair, the first-listed bot of a pair white
// in the first of its two games.
func roundRobin(l *League) []Scheduled {
	n := len(l.Bots)
	games := make([]Scheduled, 0, l.Rounds*n*(n-1))
	for r := 1; r <= l.Rounds; r++ {
		seed := referee.RoundSeed(l.Seed, r)
		for i := range n {
			for j := i + 1; j < n; j++ {
				p := pairGames(l, r, seed, i, j, roundID(r))
				games = append(games, p[:]...)
			}
		}
	}
	return games
}
