package results

import (
	"fmt"
	"slices"
	"testing"

	"github.com/arenabots/arena/referee"
)

// rowsOf returns "rank bot tiebreak" for each row, in order.
func rowsOf(s Standings) []string {
	var out []string
	for _, r := range s.Rows {
		out = append(out, fmt.Sprintf("%d %s %s", r.Rank, r.Bot, r.Tiebreak))
	}
	return out
}

// TestSwissOrder: a Swiss's keys are points, Buchholz, Sonneborn-Berger,
// wins and score difference; bots level on all are tied.
func TestSwissOrder(t *testing.T) {
	g := func(id, w, b, res string, ws, bs int) Entry { return game(id, w, b, res, referee.Normal, "", ws, bs) }
	// Round 1: a beat b by 10, c beat d by 30 (scores 60-50, 80-50).
	// a and c: 1 point, Buchholz 0 (b and d have none), SB 0, 1 win each:
	// the score difference puts c first. b and d: 0 points, level but on
	// the score difference: b (-10) above d (-30).
	games := []Entry{g("01-a-b", "a", "b", WhiteWins, 60, 50), g("01-c-d", "c", "d", WhiteWins, 80, 50)}
	s := ComputeSwiss(games, []string{"a", "b", "c", "d"}, DefaultScoring(), nil)
	want := []string{"1 c score difference", "2 a score difference", "3 b score difference", "4 d score difference"}
	if got := rowsOf(s); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if want := []string{ByPoints, ByBuchholz, BySB, ByWins, ByScoreDiff}; !slices.Equal(s.Order, want) {
		t.Errorf("order %q, want %q", s.Order, want)
	}
	// The same margins: a and c tied, b and d tied.
	games[1].Scores = [2]int{60, 50}
	s = ComputeSwiss(games, []string{"a", "b", "c", "d"}, DefaultScoring(), nil)
	want = []string{"1 a tied", "1 c tied", "3 b tied", "3 d tied"}
	if got := rowsOf(s); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestKnockoutOrder: a knockout ranks by the round reached, then points,
// then score difference; the two first-round losers level on both are
// tied.
func TestKnockoutOrder(t *testing.T) {
	g := func(id, w, b, res string, ws, bs int) Entry { return game(id, w, b, res, referee.Normal, "", ws, bs) }
	games := []Entry{
		g("01-01-a-d", "a", "d", WhiteWins, 70, 50), g("01-01-d-a", "d", "a", BlackWins, 50, 70),
		g("01-01-b-c", "b", "c", WhiteWins, 70, 50), g("01-01-c-b", "c", "b", BlackWins, 50, 70),
		g("02-01-a-b", "a", "b", WhiteWins, 60, 50), g("02-01-b-a", "b", "a", Draw, 50, 50),
	}
	b := &Bracket{Rounds: [][]Tie{
		{{Bots: [2]string{"a", "d"}, Winner: "a"}, {Bots: [2]string{"b", "c"}, Winner: "b"}},
		{{Bots: [2]string{"a", "b"}, Winner: "a"}},
	}, Winner: "a"}
	s := ComputeKnockout(games, []string{"a", "b", "c", "d"}, DefaultScoring(), b)
	want := []string{"1 a ", "2 b ", "3 c tied", "3 d tied"}
	if got := rowsOf(s); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	// d loses by less: the score difference separates the two.
	games[0].Scores, games[1].Scores = [2]int{60, 50}, [2]int{50, 60}
	s = ComputeKnockout(games, []string{"a", "b", "c", "d"}, DefaultScoring(), b)
	want = []string{"1 a ", "2 b ", "3 d score difference", "4 c score difference"}
	if got := rowsOf(s); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if want := []string{ByRound, ByPoints, ByScoreDiff}; !slices.Equal(s.Order, want) {
		t.Errorf("order %q, want %q", s.Order, want)
	}
}

func TestCompareRatings(t *testing.T) {
	r := func(x float64) *float64 { return &x }
	for _, tc := range []struct {
		name string
		a, b *float64
		want int
	}{
		{"higher first", r(1600), r(1500), -1},
		{"lower after", r(-20), r(10), 1},
		{"equal", r(1500), r(1500.0000001), 0},
		{"a rating before none", r(-500), nil, -1},
		{"none after a rating", nil, r(0), 1},
		{"neither", nil, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := CompareRatings(tc.a, tc.b); got != tc.want {
				t.Errorf("CompareRatings = %d, want %d", got, tc.want)
			}
		})
	}
}
