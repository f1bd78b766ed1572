package arena

import (
	"fmt"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// A knockout (docs/formats.md): the bots, in seed order (the order of the
// bots list once seeding is resolved), are drawn into a bracket of the
// next power of two, seed 1 meeting the last seed, seed 2 the one before
// it, and so on, top seeds getting the byes (the standard draw: 1-8, 4-5,
// 2-7, 3-6 for eight). A tie is a mini-match of games_per_tie boards, each
// played twice, the higher seed White in the first game; a tie level on
// game points gets one more board pair at a time, up to tiebreak_boards
// more, and is then won by the higher seed (see tie.go). Board b of round
// k has seed referee.RoundSeed(Seed, 1000·k + b), the same for every tie
// of the round. A tie is drawn once both its bots are known: a round's tie can
// start while other ties of the round before still play.

// knockoutPlan is a knockout as far as the results go.
type knockoutPlan struct {
	games   []Scheduled
	bracket *results.Bracket
}

// Entrants of a bracket slot that are not a bot's index.
const (
	unknownBot = -1 // the winner of a tie still playing
	byeSlot    = -2
)

// newKnockout draws the bracket of a knockout and schedules the games of
// the ties whose bots played makes known.
func newKnockout(c *Config, played map[string]results.Entry) knockoutPlan {
	n := len(c.Bots)
	size := 1
	for size < n {
		size *= 2
	}
	entrants := make([]int, size)
	for i, s := range seedOrder(size) {
		entrants[i] = s - 1
		if s > n {
			entrants[i] = byeSlot
		}
	}
	p := knockoutPlan{bracket: &results.Bracket{}}
	for k := 1; len(entrants) > 1; k++ {
		var round []results.Tie
		next := make([]int, len(entrants)/2)
		for m := range next {
			var t results.Tie
			t, next[m] = p.tie(c, played, k, entrants[2*m], entrants[2*m+1])
			round = append(round, t)
		}
		p.bracket.Rounds = append(p.bracket.Rounds, round)
		entrants = next
	}
	if entrants[0] >= 0 {
		p.bracket.Winner = c.Bots[entrants[0]].Name
	}
	return p
}

// tie schedules the games of the tie of round k between entrants x and y
// as far as played makes them known, and returns the tie and the entrant
// that goes through.
func (p *knockoutPlan) tie(c *Config, played map[string]results.Entry, k, x, y int) (results.Tie, int) {
	var t results.Tie
	if x == byeSlot || y == byeSlot {
		x, y = max(x, y), min(x, y)
	} else if y >= 0 && (x < 0 || y < x) {
		x, y = y, x // the higher seed first
	}
	for i, b := range [2]int{x, y} {
		if b >= 0 {
			t.Seeds[i], t.Bots[i] = b+1, c.Bots[b].Name
		}
	}
	switch {
	case y == byeSlot && x == byeSlot:
		return t, byeSlot // cannot happen: byes go to distinct top seeds
	case y == byeSlot:
		t.Bye, t.Winner = x >= 0, t.Bots[0]
		return t, x
	case x < 0 || y < 0:
		return t, unknownBot
	}
	at := tieBoards{
		round: k,
		seed:  func(b int) uint64 { return referee.RoundSeed(c.Seed, 1000*k+b) },
		id: func(b int, white, black string) string {
			return fmt.Sprintf("%02d-%02d-%s-%s", k, b, white, black)
		},
	}
	return playTie(c, played, at, x, y, &p.games)
}

// seedOrder returns the seeds 1..size (a power of two) in bracket order:
// neighbours meet in the first round, and seeds 1 and 2 only in the final.
func seedOrder(size int) []int {
	order := []int{1}
	for len(order) < size {
		m := 2*len(order) + 1
		next := make([]int, 0, 2*len(order))
		for _, s := range order {
			next = append(next, s, m-s)
		}
		order = next
	}
	return order
}
