package tournament

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// Swiss pairs bots by score, round by round.
const Swiss Name = "swiss"

// swissTournament is a Swiss: see Swiss and the pairing below.
type swissTournament struct{}

func (swissTournament) Name() Name     { return Swiss }
func (swissTournament) Noun() string   { return "Swiss" }
func (swissTournament) Keys() []Key    { return nil }
func (swissTournament) Traits() Traits { return Traits{PairsOnResults: true} }

func (swissTournament) Complete(l *League) error { return l.completeSwiss() }

func (swissTournament) Schedule(l *League, played map[string]results.Entry) []Scheduled {
	return newSwiss(l, played).games
}

// Standings are a Swiss's: Buchholz, Sonneborn-Berger and the byes.
func (swissTournament) Standings(l *League, main []results.Entry) results.Standings {
	s := newSwiss(l, byID(main))
	byes := map[string]int{}
	for _, b := range s.byes {
		byes[l.Bots[b].Name]++
	}
	return results.ComputeSwiss(main, l.names(), l.Scoring, byes)
}

func (swissTournament) Total(l *League) int { return l.Rounds * 2 * (len(l.Bots) / 2) }

// WriteNotes says how many rounds are paired so far, and the byes.
func (swissTournament) WriteNotes(w io.Writer, l *League, games []Scheduled, played []results.Entry) error {
	paired := 0
	for _, g := range games {
		if !PlayoffGame(g.ID) {
			paired = g.Round
		}
	}
	if _, err := fmt.Fprintf(w, "\nswiss: %d of %d rounds paired so far; a round is paired once the round before is complete\n", paired, l.Rounds); err != nil {
		return err
	}
	for _, r := range Standings(l, played).Rows {
		if r.Byes > 0 {
			if _, err := fmt.Fprintf(w, "bye: %s (%d)\n", r.Bot, r.Byes); err != nil {
				return err
			}
		}
	}
	return nil
}

// completeSwiss checks that the rounds can be paired without a repeat,
// and puts the bots in seed order (seedByRating).
func (l *League) completeSwiss() error {
	l.seedByRating()
	n := len(l.Bots)
	most := n - 1
	if n%2 == 1 {
		most = n // one bye a round
	}
	if l.Rounds > most {
		return l.ErrAt(fmt.Sprintf("rounds: a Swiss of %d bots has at most %d rounds without two bots meeting twice, got %d", n, most, l.Rounds), "rounds")
	}
	return nil
}

// A Swiss's pairing (docs/formats.md): before round r, the bots are
// ordered by points over the rounds played (a bye counting as a board pair
// won), equal scores by seed, the order of the bots list. When the number
// of bots is odd, the lowest-placed bot that has had no bye sits the round
// out. Then the bots are paired top down, as the Dutch system does: the
// highest unpaired bot meets, among the bots it has not met, the first of:
// the bot half its score group down (in a group of 8, the 1st meets the
// 5th), then the ones below that in the group, then the ones above it; then
// the bots of the lower score groups, nearest first (the odd bot of a group
// floats down). Where that leaves bots that have all met, the search backs
// up (depth first) to the last choice that has another candidate, and
// failing all, tries the next bye; after maxPairingSteps tries it gives up,
// and the Swiss ends with the rounds paired.
// Each pairing plays round r's board (seed referee.RoundSeed(Seed, r))
// twice, the higher-placed bot White in the first game, so every bot plays
// each colour once a round. A round is paired only once every game of the
// round before is in the journal: the pairings are a pure function of the
// config and the results.

// swissPlan is a Swiss as far as the results go.
type swissPlan struct {
	games []Scheduled // of the rounds paired
	byes  []int       // the bots that had a bye, one for each round paired with one
}

// newSwiss pairs the rounds of a Swiss that played makes known.
func newSwiss(l *League, played map[string]results.Entry) swissPlan {
	n := len(l.Bots)
	points := make([]float64, n)
	met := make(map[[2]int]bool)
	hadBye := make([]bool, n)
	var p swissPlan
	for r := 1; r <= l.Rounds; r++ {
		order := make([]int, n)
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(points[b], points[a]) })
		pairs, bye, ok := (&pairing{met: met, points: points}).pair(order, hadBye)
		if !ok {
			break // no pairing without a repeat is left: the Swiss ends here
		}
		seed := referee.RoundSeed(l.Seed, r)
		complete := true
		for _, pr := range pairs {
			met[pr] = true
			met[[2]int{pr[1], pr[0]}] = true
			for _, s := range pairGames(l, r, seed, pr[0], pr[1], roundID(r)) {
				p.games = append(p.games, s)
				g, ok := played[s.ID]
				if !ok {
					complete = false
					continue
				}
				points[s.White] += l.Scoring.Of(g.Outcome(g.White))
				points[s.Black] += l.Scoring.Of(g.Outcome(g.Black))
			}
		}
		if bye >= 0 {
			hadBye[bye] = true
			points[bye] += 2 * l.Scoring.Win
			p.byes = append(p.byes, bye)
		}
		if !complete {
			break
		}
	}
	return p
}

// maxPairingSteps bounds the search for a round's pairings: where no
// pairing without a repeat exists, a full search of a large Swiss would
// never end. The bound is a count, so every machine gives up at the same
// point.
const maxPairingSteps = 200_000

// pairing is the search for one round's pairings: the pairs met so far,
// the bots' points, and the steps taken.
type pairing struct {
	met    map[[2]int]bool
	points []float64
	steps  int
}

// pair pairs the bots of order (best placed first) with no pair of met,
// giving a bye, when their number is odd, to the lowest-placed bot that has
// not had one. It returns the pairs, higher-placed bot first, the bye (-1
// for none), and false when it finds no such pairing.
func (p *pairing) pair(order []int, hadBye []bool) (pairs [][2]int, bye int, ok bool) {
	if len(order)%2 == 0 {
		pairs, ok = p.down(order)
		return pairs, -1, ok
	}
	for k := len(order) - 1; k >= 0; k-- {
		if hadBye[order[k]] {
			continue
		}
		rest := slices.Delete(slices.Clone(order), k, k+1)
		if pairs, ok := p.down(rest); ok {
			return pairs, order[k], true
		}
	}
	return nil, -1, false
}

// down pairs the bots of order top down, the top bot with the candidate
// that candidates puts first among the bots it has not met, backing up
// where that fails, until maxPairingSteps.
func (p *pairing) down(order []int) ([][2]int, bool) {
	if len(order) == 0 {
		return nil, true
	}
	top := order[0]
	for _, k := range candidates(order, p.points) {
		if p.met[[2]int{top, order[k]}] {
			continue
		}
		if p.steps == maxPairingSteps {
			return nil, false
		}
		p.steps++
		rest := slices.Delete(slices.Clone(order[1:]), k-1, k)
		if pairs, ok := p.down(rest); ok {
			return append([][2]int{{top, order[k]}}, pairs...), true
		}
	}
	return nil, false
}

// candidates returns the positions in order of the top bot's possible
// opponents, best first: in its score group G (the bots of order with its
// points, G[0] the top bot), the bot half the group down, G[len(G)/2],
// then the ones below it, then the ones above it up the group; then the
// bots of the lower groups, nearest first.
func candidates(order []int, points []float64) []int {
	g := 1
	for g < len(order) && math.Round(points[order[g]]*1e6) == math.Round(points[order[0]]*1e6) {
		g++
	}
	var out []int
	for k := g / 2; k < g; k++ {
		if k > 0 {
			out = append(out, k)
		}
	}
	for k := g/2 - 1; k > 0; k-- {
		out = append(out, k)
	}
	for k := g; k < len(order); k++ {
		out = append(out, k)
	}
	return out
}
