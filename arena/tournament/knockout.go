package tournament

import (
	"fmt"
	"io"
	"path/filepath"
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
const Knockout Name = "knockout"

// Defaults of a knockout.
const (
	defaultGamesPerTie    = 1
	defaultTiebreakBoards = 3
	maxTieBoards          = 999 // board b of round k is the board of seed 1000·k + b
)

// knockoutTournament is a knockout: see Knockout and the draw above.
type knockoutTournament struct{}

func (knockoutTournament) Name() Name   { return Knockout }
func (knockoutTournament) Noun() string { return "knockout" }

func (knockoutTournament) Keys() []Key {
	return []Key{
		{Name: "seeding",
			Doc:   Doc{"a list of results directories whose standings seed the bracket", "seeding: [results/group-a, results/group-b]"},
			Entry: Doc{"a results directory", "seeding: [results/group-a]"}},
		{Name: "qualifiers", Doc: Doc{"a whole number of bots taken from each standings of seeding", "qualifiers: 2"}},
		{Name: "games_per_tie", Tie: true, Doc: Doc{"a whole number of boards a knockout tie plays, both colours each", "games_per_tie: 2"}},
		{Name: "tiebreak_boards", Tie: true, Doc: Doc{"a whole number of board pairs a level tie may add", "tiebreak_boards: 3"}},
	}
}

func (knockoutTournament) Traits() Traits { return Traits{PairsOnResults: true, DecidesTies: true} }

func (knockoutTournament) Complete(l *League) error { return l.completeKnockout() }

func (knockoutTournament) Schedule(l *League, played map[string]results.Entry) []Scheduled {
	return newKnockout(l, played).games
}

// Standings are a knockout's, with its bracket.
func (knockoutTournament) Standings(l *League, main []results.Entry) results.Standings {
	return results.ComputeKnockout(main, l.names(), l.Scoring, newKnockout(l, byID(main)).bracket)
}

// Total is the least: no tie-break board.
func (knockoutTournament) Total(l *League) int { return (len(l.Bots) - 1) * 2 * l.GamesPerTie }

// WriteNotes writes the bracket as far as it is known.
func (knockoutTournament) WriteNotes(w io.Writer, l *League, _ []Scheduled, played []results.Entry) error {
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	return Standings(l, played).Bracket.WriteText(w)
}

// completeKnockout checks a knockout's keys and resolves its seeding.
func (l *League) completeKnockout() error {
	if l.Has("rounds") {
		return l.ErrAt("rounds: a knockout plays games_per_tie boards a tie, as many rounds as the bracket has: remove rounds", "rounds")
	}
	if err := l.completeTies(); err != nil {
		return err
	}
	l.Rounds = 0 // the bracket's
	if l.Qualifiers != 0 && len(l.Seeding) == 0 {
		return l.ErrAt("qualifiers is the number of bots taken from each standings of seeding: add seeding: [DIR]", "qualifiers")
	}
	if len(l.Seeding) == 0 {
		l.seedByRating()
		return nil
	}
	if err := atLeast("qualifiers", l.Qualifiers, 0); err != nil {
		return l.ErrAt("qualifiers: "+err.Error()+" (0 or no key: every bot)", "qualifiers")
	}
	var seeded []Bot
	for rank := 0; ; rank++ {
		more := false
		for i, d := range l.Seeding {
			path := d
			if !filepath.IsAbs(path) {
				path = filepath.Join(l.Dir, d)
			}
			order, err := resultsdir.ReadRanking(path)
			if err != nil {
				return l.ErrAt("seeding: "+err.Error(), "seeding", i)
			}
			if rank >= len(order) || (l.Qualifiers > 0 && rank >= l.Qualifiers) {
				continue
			}
			more = true
			k := l.botIndex(order[rank])
			if k < 0 {
				return l.ErrAt(fmt.Sprintf("seeding: %s qualifies from %s but is not in bots: add it there", order[rank], d), "seeding", i)
			}
			seeded = append(seeded, l.Bots[k])
		}
		if !more {
			break
		}
	}
	if l.Qualifiers == 0 && len(seeded) != len(l.Bots) {
		for _, b := range l.Bots {
			if !slices.ContainsFunc(seeded, func(s Bot) bool { return s.Name == b.Name }) {
				return l.ErrAt(fmt.Sprintf("seeding: bot %q is in no standings of seeding: remove it from bots, or set qualifiers", b.Name), "seeding")
			}
		}
	}
	if len(seeded) < 2 {
		return l.ErrAt(fmt.Sprintf("seeding: only %d bot qualifies, a knockout needs 2 or more", len(seeded)), "seeding")
	}
	l.Bots, l.Seeding, l.Qualifiers = seeded, nil, 0
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
func newKnockout(l *League, played map[string]results.Entry) knockoutPlan {
	n := len(l.Bots)
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
			t, next[m] = p.tie(l, played, k, entrants[2*m], entrants[2*m+1])
			round = append(round, t)
		}
		p.bracket.Rounds = append(p.bracket.Rounds, round)
		entrants = next
	}
	if entrants[0] >= 0 {
		p.bracket.Winner = l.Bots[entrants[0]].Name
	}
	return p
}

// tie schedules the games of the tie of round k between entrants x and y
// as far as played makes them known, and returns the tie and the entrant
// that goes through.
func (p *knockoutPlan) tie(l *League, played map[string]results.Entry, k, x, y int) (results.Tie, int) {
	var t results.Tie
	if x == byeSlot || y == byeSlot {
		x, y = max(x, y), min(x, y)
	} else if y >= 0 && (x < 0 || y < x) {
		x, y = y, x // the higher seed first
	}
	for i, b := range [2]int{x, y} {
		if b >= 0 {
			t.Seeds[i], t.Bots[i] = b+1, l.Bots[b].Name
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
		seed:  func(b int) uint64 { return referee.RoundSeed(l.Seed, 1000*k+b) },
		id: func(b int, white, black string) string {
			return fmt.Sprintf("%02d-%02d-%s-%s", k, b, white, black)
		},
	}
	return playTie(l, played, at, x, y, &p.games)
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
