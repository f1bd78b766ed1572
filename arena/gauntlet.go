package arena

import (
	"fmt"
	"io"
	"slices"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// Gauntlet plays each challenger against every other bot, on every board,
// both colours; challengers do not meet.
const Gauntlet TournamentName = "gauntlet"

// gauntletTournament is a gauntlet: see Gauntlet.
type gauntletTournament struct{}

func (gauntletTournament) Name() TournamentName { return Gauntlet }
func (gauntletTournament) Noun() string         { return "gauntlet" }
func (gauntletTournament) Keys() []TournamentKey {
	return []TournamentKey{{Key: "challengers",
		doc:   keyDoc{"a list of the names of bots in bots", "challengers: [mine]"},
		entry: keyDoc{"a bot's name", "challengers: [mine]"}}}
}
func (gauntletTournament) Traits() Traits { return Traits{TwoBotMatch: true} }

func (gauntletTournament) Complete(c *Config, _ string) error { return c.completeGauntlet() }

func (gauntletTournament) Schedule(c *Config, _ map[string]results.Entry) []Scheduled {
	return gauntlet(c)
}

func (gauntletTournament) Standings(c *Config, main []results.Entry) results.Standings {
	return results.Compute(main, c.names(), c.Scoring)
}

func (gauntletTournament) Total(c *Config) int {
	n, k := len(c.Bots), len(c.Challengers)
	return c.Rounds * 2 * k * (n - k)
}

func (gauntletTournament) WriteNotes(io.Writer, *Config, []Scheduled, []results.Entry) error {
	return nil
}

// completeGauntlet checks the challengers.
func (c *Config) completeGauntlet() error {
	if len(c.Challengers) == 0 {
		return c.errAt("a gauntlet needs challengers: the bots that play every other bot, e.g. challengers: [mine]", "format")
	}
	seen := map[string]bool{}
	for i, name := range c.Challengers {
		if c.botIndex(name) < 0 {
			return c.errAt(fmt.Sprintf("challenger %q is not in bots: add it there, or fix the name", name), "challengers", i)
		}
		if seen[name] {
			return c.errAt(fmt.Sprintf("challenger %q is listed twice", name), "challengers", i)
		}
		seen[name] = true
	}
	if len(c.Challengers) == len(c.Bots) {
		return c.errAt("every bot is a challenger, so no game is left to play: leave at least one bot out of challengers", "challengers")
	}
	return nil
}

// gauntlet returns the games of a gauntlet: as a round robin's, each
// challenger (in the order of challengers) against every bot that is not
// one (in the order of bots), the challenger white in the first game of a
// pair.
func gauntlet(c *Config) []Scheduled {
	var games []Scheduled
	for r := 1; r <= c.Rounds; r++ {
		seed := referee.RoundSeed(c.Seed, r)
		for _, name := range c.Challengers {
			i := c.botIndex(name)
			for j, b := range c.Bots {
				if !slices.Contains(c.Challengers, b.Name) {
					p := pairGames(c, r, seed, i, j, roundID(r))
					games = append(games, p[:]...)
				}
			}
		}
	}
	return games
}
