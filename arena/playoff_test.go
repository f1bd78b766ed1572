package arena

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/results"
)

// inPlayoff decides a playoff's games by playoff and the others by main.
func inPlayoff(main, playoff func(tournament.Scheduled) string) func(tournament.Scheduled) string {
	return func(s tournament.Scheduled) string {
		if tournament.PlayoffGame(s.ID) {
			return playoff(s)
		}
		return main(s)
	}
}

// placing returns "rank bot tiebreak" for each row of st, in order, with
// the bot's playoff score when it has one.
func placing(st results.Standings) []string {
	var out []string
	for _, r := range st.Rows {
		out = append(out, strings.TrimSpace(fmt.Sprintf("%d %s %s %s", r.Rank, r.Bot, r.Tiebreak, r.Playoff)))
	}
	return out
}

// TestPlayoff plays leagues whose main event leaves bots level on every
// key: with tiebreak: playoff, the schedule adds a playoff once the main
// games are in the journal, and its games order the level bots in the
// standings, with the reason playoff, and change nothing else.
func TestPlayoff(t *testing.T) {
	for _, tc := range []struct {
		name   string
		head   string
		bots   int
		decide func(tournament.Scheduled) string
		// main and playoff count the games of each.
		main, playoff int
		want          []string
	}{
		{"two level, the playoff won", "rounds: 1\ntiebreak: playoff", 2,
			inPlayoff(whiteWins, strongerWins), 2, 2,
			[]string{"1 b00 playoff 2-0", "2 b01 playoff 0-2"}},
		{"two level, the second seed wins", "rounds: 1\ntiebreak: playoff\ngames_per_tie: 2", 2,
			inPlayoff(whiteWins, func(s tournament.Scheduled) string {
				return strongerWins(tournament.Scheduled{White: s.Black, Black: s.White})
			}), 2, 4,
			[]string{"1 b01 playoff 4-0", "2 b00 playoff 0-4"}},
		{"two level after every board: on seed", "rounds: 1\ntiebreak: playoff\ntiebreak_boards: 2", 2,
			whiteWins, 2, 2 * 3,
			[]string{"1 b00 playoff 3-3, on seed", "2 b01 playoff 3-3, on seed"}},
		{"three level", "rounds: 1\ntiebreak: playoff", 3,
			inPlayoff(whiteWins, strongerWins), 6, 3 * 2,
			[]string{"1 b00 playoff 2 of 2 ties, 4 points", "2 b01 playoff 1 of 2 ties, 2 points", "3 b02 playoff 0 of 2 ties, 0 points"}},
		{"a Swiss of four level", "format: swiss\nrounds: 1\ntiebreak: playoff\ntiebreak_boards: 0", 4,
			inPlayoff(whiteWins, strongerWins), 4, 6 * 2,
			[]string{"1 b00 playoff 3 of 3 ties, 6 points", "2 b01 playoff 2 of 3 ties, 4 points",
				"3 b02 playoff 1 of 3 ties, 2 points", "4 b03 playoff 0 of 3 ties, 0 points"}},
		{"a gauntlet: challengers meet in the playoff", "format: gauntlet\nchallengers: [b02, b03]\nrounds: 1\ntiebreak: playoff", 4,
			inPlayoff(whiteWins, strongerWins), 8, 6 * 2,
			[]string{"1 b00 playoff 3 of 3 ties, 6 points", "2 b01 playoff 2 of 3 ties, 4 points",
				"3 b02 playoff 1 of 3 ties, 2 points", "4 b03 playoff 0 of 3 ties, 0 points"}},
		{"two level below a winner", "rounds: 1\ntiebreak: playoff", 3,
			inPlayoff(func(s tournament.Scheduled) string {
				if s.White == 0 || s.Black == 0 {
					return strongerWins(s)
				}
				return whiteWins(s)
			}, func(s tournament.Scheduled) string {
				return strongerWins(tournament.Scheduled{White: s.Black, Black: s.White})
			}), 6, 2,
			[]string{"1 b00", "2 b02 playoff 2-0", "3 b01 playoff 0-2"}},
		{"no level bots, no playoff", "rounds: 1\ntiebreak: playoff", 3, strongerWins, 6, 0,
			[]string{"1 b00", "2 b01", "3 b02"}},
		{"without the key: tied", "rounds: 1", 3, inPlayoff(whiteWins, strongerWins), 6, 0,
			[]string{"1 b00 tied", "1 b01 tied", "1 b02 tied"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := parseFormat(t, tc.head, tc.bots)
			games := playOut(t, c, tc.decide)
			main := tournament.MainGames(c.League(), games)
			if len(main) != tc.main || len(games)-len(main) != tc.playoff {
				t.Errorf("%d main games and %d of a playoff, want %d and %d", len(main), len(games)-len(main), tc.main, tc.playoff)
			}
			st := tournament.Standings(c.League(), games)
			if got := placing(st); !slices.Equal(got, tc.want) {
				t.Errorf("standings %q, want %q", got, tc.want)
			}
			// Without its playoff, the league's standings but for the
			// order of the level bots: the same points, games, ratings.
			plain := *c
			plain.Tiebreak = tournament.TiebreakTied
			before := tournament.Standings(plain.League(), main)
			for _, r := range st.Rows {
				i := slices.IndexFunc(before.Rows, func(b results.Row) bool { return b.Bot == r.Bot })
				b := before.Rows[i]
				if r.Points != b.Points || r.Games != b.Games || r.Wins != b.Wins || r.SB != b.SB || r.ScoreDiff != b.ScoreDiff || r.Elo != b.Elo || r.Pentanomial != b.Pentanomial {
					t.Errorf("%s: %+v with its playoff, %+v without", r.Bot, r, b)
				}
			}
			if tc.playoff > 0 && !slices.Equal(st.Order, append(slices.Clone(before.Order), results.ByPlayoff)) {
				t.Errorf("order %q, want %q then playoff", st.Order, before.Order)
			}
		})
	}
}

// topTwo makes b00 and b01 beat b02 and b03, and White win the games of
// b00 against b01 and of b02 against b03: two pairs of level bots.
func topTwo(s tournament.Scheduled) string {
	if s.White/2 == s.Black/2 {
		return whiteWins(s)
	}
	return strongerWins(s)
}

// TestPlayoffSchedule: the playoffs wait for the main event's last game;
// each group of level bots gets one, the best placed first, with readable
// ids and boards of their own; the same journal, in any order, gives the
// same playoffs.
func TestPlayoffSchedule(t *testing.T) {
	c := parseFormat(t, "rounds: 2\ntiebreak: playoff\nseed: 7", 4)
	main := playOut(t, c, topTwo)[:24]
	if n := len(tournament.Schedule(c.League(), nil)); len(main) != n {
		t.Fatalf("%d main games, want %d", len(main), n)
	}
	for _, missing := range []int{0, 23} {
		partial := slices.Delete(slices.Clone(main), missing, missing+1)
		if got := len(tournament.Schedule(c.League(), partial)); got != len(main) {
			t.Errorf("without %s: %d games known, want the %d of the main event", main[missing].ID, got, len(main))
		}
	}
	games := tournament.Schedule(c.League(), main)[len(main):]
	var ids []string
	for _, s := range games {
		ids = append(ids, s.ID)
	}
	want := []string{"po1-01-b00-b01", "po1-01-b01-b00", "po2-01-b02-b03", "po2-01-b03-b02"}
	if !slices.Equal(ids, want) {
		t.Fatalf("playoff games %q, want %q", ids, want)
	}
	boards := map[uint64]string{}
	for _, s := range tournament.Schedule(c.League(), nil) {
		boards[s.Seed] = "main round " + fmt.Sprint(s.Round)
	}
	for _, s := range games {
		if b, ok := boards[s.Seed]; ok && b != fmt.Sprint("playoff ", s.Round) {
			t.Errorf("%s has the board of %s", s.ID, b)
		}
		boards[s.Seed] = fmt.Sprint("playoff ", s.Round)
	}
	if games[0].Seed != games[1].Seed || games[0].Seed == games[2].Seed {
		t.Errorf("board seeds %d, %d, %d: want one board a playoff, another for the next", games[0].Seed, games[1].Seed, games[2].Seed)
	}
	// The same games, in other orders, and with a playoff game: the same
	// schedule.
	with := append(slices.Clone(main), results.Entry{ID: games[0].ID, White: "b00", Black: "b01", Result: results.WhiteWins})
	wantAll := tournament.Schedule(c.League(), with)
	r := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		shuffled := slices.Clone(with)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		if got := tournament.Schedule(c.League(), shuffled); !slices.Equal(got, wantAll) {
			t.Fatalf("shuffled journal: schedule %v, want %v", got, wantAll)
		}
	}
	st := tournament.Standings(c.League(), with)
	if len(st.Playoffs) != 2 || st.Playoffs[0].Rank != 1 || st.Playoffs[1].Rank != 3 || st.Playoffs[0].Ties[0].Games != 1 {
		t.Errorf("playoffs %+v, want #1 with a game played and #3", st.Playoffs)
	}
}
