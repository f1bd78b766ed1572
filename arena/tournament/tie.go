package tournament

import (
	"fmt"

	"github.com/arenabots/arena/results"
)

// A tie (docs/formats.md) is a mini-match of two bots over board pairs:
// games_per_tie boards, each played twice, the higher seed White in the
// first game. The bot with more game points (1 a win, 1/2 a draw) wins the
// tie; a tie level after its boards adds one board pair at a time, up to
// tiebreak_boards more, and is then won by the higher seed. A knockout
// plays a tie for each match of its bracket (knockout.go), a playoff one
// for each pair of the bots it separates (playoff.go); where the boards
// are and what the games are called is theirs to say (tieBoards).

// tieBoards places a tie's games: the Round they are recorded under, the
// seed of board b (1-based) and the id of the game of board b between
// white and black.
type tieBoards struct {
	round int
	seed  func(b int) uint64
	id    func(b int, white, black string) string
}

// playTie schedules the games of the tie between the bots x and y
// (indexes into l.Bots, x the higher seed) on the boards at, as far as
// played makes them known, appending them to games. It returns the tie and
// the bot that won it: x, y, or unknownBot while the tie plays.
func playTie(l *League, played map[string]results.Entry, at tieBoards, x, y int, games *[]Scheduled) (results.Tie, int) {
	t := results.Tie{Seeds: [2]int{x + 1, y + 1}, Bots: [2]string{l.Bots[x].Name, l.Bots[y].Name}}
	for b := 1; ; b++ {
		id := func(white, black string) string { return at.id(b, white, black) }
		for _, s := range pairGames(l, at.round, at.seed(b), x, y, id) {
			*games = append(*games, s)
			if g, ok := played[s.ID]; ok {
				t.Games++
				t.Points[0] += g.Outcome(t.Bots[0])
				t.Points[1] += g.Outcome(t.Bots[1])
			}
		}
		t.Boards, t.Tiebreaks = b, max(0, b-l.GamesPerTie)
		if b < l.GamesPerTie {
			continue
		}
		switch {
		case t.Games < 2*b:
			return t, unknownBot
		case t.Points[0] > t.Points[1]:
			t.Winner = t.Bots[0]
			return t, x
		case t.Points[1] > t.Points[0]:
			t.Winner = t.Bots[1]
			return t, y
		case b >= l.GamesPerTie+l.tiebreaks():
			t.Winner, t.OnSeed = t.Bots[0], true
			return t, x
		}
	}
}

// completeTies fills in and checks the keys of a tie (see tie.go):
// games_per_tie and tiebreak_boards.
func (l *League) completeTies() error {
	if l.GamesPerTie == 0 {
		l.GamesPerTie = defaultGamesPerTie // 0 or no key: the default
	}
	if err := atLeast("games_per_tie", l.GamesPerTie, 1); err != nil {
		return l.ErrAt("games_per_tie: "+err.Error(), "games_per_tie")
	}
	if l.TiebreakBoards == nil {
		l.TiebreakBoards = new(int)
		*l.TiebreakBoards = defaultTiebreakBoards
	}
	if err := atLeast("tiebreak_boards", l.tiebreaks(), 0); err != nil {
		return l.ErrAt("tiebreak_boards: "+err.Error(), "tiebreak_boards")
	}
	if l.GamesPerTie+l.tiebreaks() > maxTieBoards {
		return l.ErrAt(fmt.Sprintf("games_per_tie + tiebreak_boards: want %d boards a tie at most, got %d", maxTieBoards, l.GamesPerTie+l.tiebreaks()), "games_per_tie")
	}
	return nil
}

// tiebreaks returns the tie-break boards of a tie: 0 when not set.
func (l *League) tiebreaks() int {
	if l.TiebreakBoards == nil {
		return 0
	}
	return *l.TiebreakBoards
}
