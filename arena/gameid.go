package arena

import (
	"fmt"

	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/results"
)

// scheduledIDs returns the ids in the schedule of games.
func scheduledIDs(games []results.Entry) map[string]bool {
	ids := make(map[string]bool, len(games))
	for _, g := range games {
		ids[tournament.ScheduledID(g)] = true
	}
	return ids
}

// sameGame returns nil when p is the game that games (a journal's)
// already hold under p's id (the same round, seed and bots: a result
// delivered twice, as a queue may), and otherwise an error naming both
// games: two games under one id would leave one of them unrecorded, in
// silence.
func sameGame(games []results.Entry, p results.Entry) error {
	for _, g := range games {
		if g.ID != p.ID {
			continue
		}
		if g.Round == p.Round && g.Seed == p.Seed && g.White == p.White && g.Black == p.Black {
			return nil
		}
		return fmt.Errorf("game %s (%s against %s, round %d) has the id of a game the journal holds (%s against %s, round %d): one of them would not count; the journal keeps the first", p.ID, p.White, p.Black, p.Round, g.White, g.Black, g.Round)
	}
	return nil
}
