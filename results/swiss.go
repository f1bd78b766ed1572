package results

import (
	"github.com/arenabots/arena/referee"
)

// Outcome returns bot's result in g: 1 for a win, 1/2 for a draw, 0 for a
// loss or a game bot did not play. A game of a bot against itself counts
// as White's.
func (g Entry) Outcome(bot string) float64 {
	switch bot {
	case g.White:
		return outcome(g, referee.White)
	case g.Black:
		return outcome(g, referee.Black)
	}
	return 0
}

// ComputeSwiss returns the standings of a Swiss tournament: Compute's, with
// each bye of byes (by bot) worth the points of two wins (a board pair
// won), and the rows ranked by points, then Buchholz (the sum of the
// points of every opponent met, a bye adding nothing), then
// Sonneborn-Berger, then wins, then score difference, then name (see
// order).
func ComputeSwiss(games []Entry, bots []string, sc Scoring, byes map[string]int) Standings {
	s := Compute(games, bots, sc)
	s.Swiss = true
	idx := make(map[string]int, len(s.Rows))
	for i := range s.Rows {
		r := &s.Rows[i]
		idx[r.Bot] = i
		r.Byes = byes[r.Bot]
		r.Points += float64(r.Byes) * 2 * sc.Win
		r.SB, r.Buchholz = 0, 0
	}
	met := make(map[[2]string]bool)
	for _, g := range games {
		for _, side := range bothSides() {
			bot, opp := g.Bot(side), g.Bot(side.Other())
			s.Rows[idx[bot]].SB += outcome(g, side) * s.Rows[idx[opp]].Points
			if bot != opp && !met[[2]string{bot, opp}] {
				met[[2]string{bot, opp}] = true
				s.Rows[idx[bot]].Buchholz += s.Rows[idx[opp]].Points
			}
		}
	}
	s.orderBy([]criterion{
		byPoints(),
		more(ByBuchholz, func(r Row) float64 { return r.Buchholz }),
		bySB(), byWins(), byScoreDiff(),
	})
	for i := range s.Rows {
		s.Rows[i].LOS = 0
	}
	s.Prior = rate(s.Rows, games) // LOS is over the next row down: rows moved
	return s
}

// Of returns the scoring's points for a game outcome (1, 1/2 or 0, see
// Entry.Outcome).
func (sc Scoring) Of(outcome float64) float64 { return sc.points(outcome) }
