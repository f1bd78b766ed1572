package tournament

import (
	"fmt"
	"io"
	"slices"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// Gauntlet plays each challenger against every other bot, on every board,
// both colours; challengers do not meet.
const Gauntlet Name = "gauntlet"

// gauntletTournament is a gauntlet: see Gauntlet.
type gauntletTournament struct{}

func (gauntletTournament) Name() Name   { return Gauntlet }
func (gauntletTournament) Noun() string { return "gauntlet" }
func (gauntletTournament) Keys() []Key {
	return []Key{{Name: "challengers",
		Doc:   Doc{"a list of the names of bots in bots", "challengers: [mine]"},
		Entry: Doc{"a bot's name", "challengers: [mine]"}}}
}
func (gauntletTournament) Traits() Traits { return Traits{TwoBotMatch: true} }

func (gauntletTournament) Complete(l *League) error { return l.completeGauntlet() }

func (gauntletTournament) Schedule(l *League, _ map[string]results.Entry) []Scheduled {
	return gauntlet(l)
}

func (gauntletTournament) Standings(l *League, main []results.Entry) results.Standings {
	return results.Compute(main, l.names(), l.Scoring)
}

func (gauntletTournament) Total(l *League) int {
	n, k := len(l.Bots), len(l.Challengers)
	return l.Rounds * 2 * k * (n - k)
}

func (gauntletTournament) WriteNotes(io.Writer, *League, []Scheduled, []results.Entry) error {
	return nil
}

// completeGauntlet checks the challengers.
func (l *League) completeGauntlet() error {
	if len(l.Challengers) == 0 {
		return l.ErrAt("a gauntlet needs challengers: the bots that play every other bot, e.g. challengers: [mine]", "format")
	}
	seen := map[string]bool{}
	for i, name := range l.Challengers {
		if l.botIndex(name) < 0 {
			return l.ErrAt(fmt.Sprintf("challenger %q is not in bots: add it there, or fix the name", name), "challengers", i)
		}
		if seen[name] {
			return l.ErrAt(fmt.Sprintf("challenger %q is listed twice", name), "challengers", i)
		}
		seen[name] = true
	}
	if len(l.Challengers) == len(l.Bots) {
		return l.ErrAt("every bot is a challenger, so no game is left to play: leave at least one bot out of challengers", "challengers")
	}
	return nil
}

// gauntlet returns the games of a gauntlet: as a round robin's, each
// challenger (in the order of challengers) against every bot that is not
// one (in the order of bots), the challenger white in the first game of a
// pair.
func gauntlet(l *League) []Scheduled {
	var games []Scheduled
	for r := 1; r <= l.Rounds; r++ {
		seed := referee.RoundSeed(l.Seed, r)
		for _, name := range l.Challengers {
			i := l.botIndex(name)
			for j, b := range l.Bots {
				if !slices.Contains(l.Challengers, b.Name) {
					p := pairGames(l, r, seed, i, j, roundID(r))
					games = append(games, p[:]...)
				}
			}
		}
	}
	return games
}
