package arena

import (
	"fmt"
	"io"
	"slices"

	"github.com/arenabots/arena/arena/resultsdir"
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

// Knockout is a single-elimination bracket of mini-matches.
const Knockout TournamentName = "knockout"

// Defaults of a knockout.
const (
	defaultGamesPerTie    = 1
	defaultTiebreakBoards = 3
	maxTieBoards          = 999 // board b of round k is the board of seed 1000·k + b
)

// knockoutTournament is a knockout: see Knockout and the draw above.
type knockoutTournament struct{}

func (knockoutTournament) Name() TournamentName { return Knockout }
func (knockoutTournament) Noun() string         { return "knockout" }

func (knockoutTournament) Keys() []TournamentKey {
	return []TournamentKey{
		{Key: "seeding",
			doc:   keyDoc{"a list of results directories whose standings seed the bracket", "seeding: [results/group-a, results/group-b]"},
			entry: keyDoc{"a results directory", "seeding: [results/group-a]"}},
		{Key: "qualifiers", doc: keyDoc{"a whole number of bots taken from each standings of seeding", "qualifiers: 2"}},
		{Key: "games_per_tie", Tie: true, doc: keyDoc{"a whole number of boards a knockout tie plays, both colours each", "games_per_tie: 2"}},
		{Key: "tiebreak_boards", Tie: true, doc: keyDoc{"a whole number of board pairs a level tie may add", "tiebreak_boards: 3"}},
	}
}

func (knockoutTournament) Traits() Traits { return Traits{PairsOnResults: true, DecidesTies: true} }

func (knockoutTournament) Complete(c *Config, dir string) error { return c.completeKnockout(dir) }

func (knockoutTournament) Schedule(c *Config, played map[string]results.Entry) []Scheduled {
	return newKnockout(c, played).games
}

// Standings are a knockout's, with its bracket.
func (knockoutTournament) Standings(c *Config, main []results.Entry) results.Standings {
	return results.ComputeKnockout(main, c.names(), c.Scoring, newKnockout(c, byID(main)).bracket)
}

// Total is the least: no tie-break board.
func (knockoutTournament) Total(c *Config) int { return (len(c.Bots) - 1) * 2 * c.GamesPerTie }

// WriteNotes writes the bracket as far as it is known.
func (knockoutTournament) WriteNotes(w io.Writer, c *Config, _ []Scheduled, played []results.Entry) error {
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	return Standings(c, played).Bracket.WriteText(w)
}

// completeKnockout checks a knockout's keys and resolves its seeding.
func (c *Config) completeKnockout(dir string) error {
	if find(c.root, "rounds") != nil {
		return c.errAt("rounds: a knockout plays games_per_tie boards a tie, as many rounds as the bracket has: remove rounds", "rounds")
	}
	if err := c.completeTies(); err != nil {
		return err
	}
	c.Rounds = 0 // the bracket's
	if c.Qualifiers != 0 && len(c.Seeding) == 0 {
		return c.errAt("qualifiers is the number of bots taken from each standings of seeding: add seeding: [DIR]", "qualifiers")
	}
	if len(c.Seeding) == 0 {
		c.seedByRating()
		return nil
	}
	if err := atLeast("qualifiers", c.Qualifiers, 0); err != nil {
		return c.errAt("qualifiers: "+err.Error()+" (0 or no key: every bot)", "qualifiers")
	}
	var seeded []BotConfig
	for rank := 0; ; rank++ {
		more := false
		for i, d := range c.Seeding {
			order, err := resultsdir.ReadRanking(abs(dir, d))
			if err != nil {
				return c.errAt("seeding: "+err.Error(), "seeding", i)
			}
			if rank >= len(order) || (c.Qualifiers > 0 && rank >= c.Qualifiers) {
				continue
			}
			more = true
			k := c.botIndex(order[rank])
			if k < 0 {
				return c.errAt(fmt.Sprintf("seeding: %s qualifies from %s but is not in bots: add it there", order[rank], d), "seeding", i)
			}
			seeded = append(seeded, c.Bots[k])
		}
		if !more {
			break
		}
	}
	if c.Qualifiers == 0 && len(seeded) != len(c.Bots) {
		for _, b := range c.Bots {
			if !slices.ContainsFunc(seeded, func(s BotConfig) bool { return s.Name == b.Name }) {
				return c.errAt(fmt.Sprintf("seeding: bot %q is in no standings of seeding: remove it from bots, or set qualifiers", b.Name), "seeding")
			}
		}
	}
	if len(seeded) < 2 {
		return c.errAt(fmt.Sprintf("seeding: only %d bot qualifies, a knockout needs 2 or more", len(seeded)), "seeding")
	}
	c.Bots, c.Seeding, c.Qualifiers = seeded, nil, 0
	return nil
}

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
