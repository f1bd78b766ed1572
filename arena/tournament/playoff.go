package tournament

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// A playoff (docs/formats.md) decides the bots that a round robin, a
// gauntlet or a Swiss leaves level on every key of its standings, in a
// league with tiebreak: playoff. Once every game of the main event is in
// the journal, each group of bots sharing a rank, the best-placed group
// first, gets a playoff, numbered p = 1, 2, …: every pair of its bots, in
// seed order (the order of the bots list), plays a tie as a knockout does
// (tie.go): games_per_tie boards, both colours, then up to tiebreak_boards
// more board pairs while level, then the higher seed. Board b of playoff p
// has seed referee.RoundSeed(Seed, −(1000·p + b)), the same for every tie
// of the playoff: RoundSeed is one-to-one in its round, and the main
// event's rounds are positive, so no playoff board is one of the main
// event's. Its games are recorded under Round p, with ids
// "po<p>-<board>-<white>-<black>" ("po1-01-greedy-random"), which no main
// game's id (it starts with its round's number) can be. results.Playoff
// ranks the group from the ties; the games count in nothing else: not in
// points, tie-breaks, ratings or the crosstable (see MainGames).

// Values of the tiebreak key.
const (
	// TiebreakTied leaves bots level on every key of the standings
	// sharing a rank, marked tied: the default.
	TiebreakTied = "tied"
	// TiebreakPlayoff has such bots play a playoff.
	TiebreakPlayoff = "playoff"
)

// playoffPrefix starts the id of every game of a playoff.
const playoffPrefix = "po"

// completeTiebreak checks the tiebreak key, and fills in the keys of a
// playoff's ties. It runs before the keys of the tournaments are checked.
func (l *League) completeTiebreak() error {
	if l.Tiebreak == "" {
		l.Tiebreak = TiebreakTied
	}
	switch {
	case l.Tiebreak != TiebreakTied && l.Tiebreak != TiebreakPlayoff:
		return l.ErrAt(fmt.Sprintf("tiebreak is %q: want %q (bots level on every key share a rank) or %q (they play it out)", l.Tiebreak, TiebreakTied, TiebreakPlayoff), "tiebreak")
	case !l.playoff():
		return nil
	case l.kind().Traits().DecidesTies:
		return l.ErrAt(fmt.Sprintf("tiebreak: playoff is for %s: a %s decides each tie itself (tiebreak_boards), so remove tiebreak",
			tournamentNouns(func(t Traits) bool { return !t.DecidesTies }), l.kind().Noun()), "tiebreak")
	case l.SPRT != nil:
		return l.ErrAt("tiebreak: playoff has no place in an SPRT match, which stops when its test decides: remove tiebreak or sprt", "tiebreak")
	}
	return l.completeTies()
}

// MainGames returns the games of games that count in a league's standings,
// ratings and crosstable: every game but a playoff's, whose games only
// order the bots they decide.
func MainGames(l *League, games []results.Entry) []results.Entry {
	if !l.playoff() {
		return games
	}
	return slices.DeleteFunc(slices.Clone(games), func(g results.Entry) bool { return PlayoffGame(g.ID) })
}

// PlayoffGame reports whether the game of id id is a playoff's.
func PlayoffGame(id string) bool { return strings.HasPrefix(id, playoffPrefix) }

// playoffPlan is the playoffs of a league as far as the results go.
type playoffPlan struct {
	games    []Scheduled
	playoffs []results.Playoff
}

// newPlayoffs schedules the playoffs of the bots that share a rank in st,
// the standings of the main event, once every game of main, its schedule,
// is in played; before that, none.
func newPlayoffs(l *League, st results.Standings, main []Scheduled, played map[string]results.Entry) playoffPlan {
	var p playoffPlan
	for _, s := range main {
		if _, ok := played[s.ID]; !ok {
			return p
		}
	}
	for i := 0; i < len(st.Rows); {
		j := i + 1
		for j < len(st.Rows) && st.Rows[j].Rank == st.Rows[i].Rank {
			j++
		}
		if j-i > 1 {
			p.add(l, played, st.Rows[i:j])
		}
		i = j
	}
	return p
}

// add schedules the next playoff, between the bots of rows, level on
// every key, as far as played makes its games known.
func (p *playoffPlan) add(l *League, played map[string]results.Entry, rows []results.Row) {
	var group []int // in seed order
	for _, r := range rows {
		if k := l.botIndex(r.Bot); k >= 0 {
			group = append(group, k)
		}
	}
	if len(group) < 2 {
		return // bots of the journal that the league does not have
	}
	slices.Sort(group)
	n := len(p.playoffs) + 1
	po := results.Playoff{Number: n, Rank: rows[0].Rank}
	for _, k := range group {
		po.Bots = append(po.Bots, l.Bots[k].Name)
	}
	at := tieBoards{
		round: n,
		seed:  func(b int) uint64 { return referee.RoundSeed(l.Seed, -(1000*n + b)) },
		id: func(b int, white, black string) string {
			return fmt.Sprintf("%s%d-%02d-%s-%s", playoffPrefix, n, b, white, black)
		},
	}
	for i, x := range group {
		for _, y := range group[i+1:] {
			t, _ := playTie(l, played, at, x, y, &p.games)
			po.Ties = append(po.Ties, t)
		}
	}
	p.playoffs = append(p.playoffs, po)
}
