package results

import (
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
)

// TestAddPlayoffs: a playoff orders the bots level on every key by ties
// won, then ties won among those level on that, then game points in the
// playoff, then seed; a playoff still playing leaves them tied; points
// and the other rows stay as they were.
func TestAddPlayoffs(t *testing.T) {
	// a, b, c and d each win with White and lose with Black: all level on
	// points, head-to-head, Sonneborn-Berger, wins and score difference;
	// e loses every game.
	var games []Entry
	bots := []string{"a", "b", "c", "d", "e"}
	for i, w := range bots {
		for j, b := range bots {
			if i == j {
				continue
			}
			res := WhiteWins
			switch {
			case w == "e":
				res = BlackWins
			case b == "e":
				res = WhiteWins
			}
			games = append(games, game("01-"+w+"-"+b, w, b, res, referee.Normal, "", 50, 50))
		}
	}
	tie := func(x, y string, px, py float64, winner string, onSeed bool) Tie {
		return Tie{Bots: [2]string{x, y}, Points: [2]float64{px, py}, Games: 2, Boards: 1, Winner: winner, OnSeed: onSeed}
	}
	for _, tc := range []struct {
		name   string
		bots   []string
		ties   []Tie
		want   []string
		detail map[string]string
	}{
		{"two of four still playing", []string{"a", "b"}, nil,
			[]string{"1 a tied", "1 b tied", "1 c tied", "1 d tied", "5 e "}, nil},
		{"one tie undecided", []string{"a", "b", "c", "d"}, []Tie{tie("a", "b", 1, 1, "", false)},
			[]string{"1 a tied", "1 b tied", "1 c tied", "1 d tied", "5 e "}, nil},
		{"ties won, then points", []string{"a", "b", "c", "d"}, []Tie{
			// d wins all; a, b and c beat each other in a cycle, c with
			// the most points, then a.
			tie("a", "b", 1.5, 0.5, "a", false), tie("a", "c", 0.5, 1.5, "c", false), tie("a", "d", 0, 2, "d", false),
			tie("b", "c", 1, 1, "b", true), tie("b", "d", 0, 2, "d", false), tie("c", "d", 0, 2, "d", false),
		}, []string{"1 d playoff", "2 c playoff", "3 a playoff", "4 b playoff", "5 e "},
			map[string]string{"d": "3 of 3 ties, 6 points", "a": "1 of 3 ties, 2 points", "b": "1 of 3 ties, 1.5 points", "c": "1 of 3 ties, 2.5 points"}},
		{"a cycle level on points: seed", []string{"a", "b", "c", "d"}, []Tie{
			tie("a", "b", 1.5, 0.5, "a", false), tie("a", "c", 0.5, 1.5, "c", false), tie("a", "d", 2, 0, "a", false),
			tie("b", "c", 1.5, 0.5, "b", false), tie("b", "d", 2, 0, "b", false), tie("c", "d", 2, 0, "c", false),
		}, []string{"1 a playoff", "2 b playoff", "3 c playoff", "4 d playoff", "5 e "},
			map[string]string{"a": "2 of 3 ties, 4 points", "b": "2 of 3 ties, 4 points", "c": "2 of 3 ties, 4 points", "d": "0 of 3 ties, 0 points"}},
		{"ties won among the level", []string{"a", "b", "c", "d"}, []Tie{
			// a and b win two ties each, b beating a; c and d one each,
			// d beating c.
			tie("a", "b", 0.5, 1.5, "b", false), tie("a", "c", 2, 0, "a", false), tie("a", "d", 2, 0, "a", false),
			tie("b", "c", 0, 2, "c", false), tie("b", "d", 2, 0, "b", false), tie("c", "d", 0, 2, "d", false),
		}, []string{"1 b playoff", "2 a playoff", "3 d playoff", "4 c playoff", "5 e "},
			map[string]string{"a": "2 of 3 ties, 4.5 points", "b": "2 of 3 ties, 3.5 points", "c": "1 of 3 ties, 2 points", "d": "1 of 3 ties, 2 points"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Compute(games, bots, DefaultScoring())
			before := map[string]float64{}
			for _, r := range s.Rows {
				before[r.Bot] = r.Points
			}
			var ps []Playoff
			if tc.ties != nil {
				ps = []Playoff{{Number: 1, Rank: 1, Bots: tc.bots, Ties: tc.ties}}
			}
			s.AddPlayoffs(games, ps)
			if got := rowsOf(s); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if want := []string{ByPoints, ByHeadToHead, BySB, ByWins, ByScoreDiff, ByPlayoff}; !slices.Equal(s.Order, want) {
				t.Errorf("order %q, want %q", s.Order, want)
			}
			for _, r := range s.Rows {
				if r.Points != before[r.Bot] {
					t.Errorf("%s: %v points, %v before the playoff", r.Bot, r.Points, before[r.Bot])
				}
				if r.Playoff != tc.detail[r.Bot] {
					t.Errorf("%s: playoff %q, want %q", r.Bot, r.Playoff, tc.detail[r.Bot])
				}
			}
		})
	}
}

// TestPlayoffOfTwo: a playoff of two bots is one tie; its score shows in
// the tiebreak column of text and Markdown, in CSV's playoff column and in
// JSON, and the notes say how it went.
func TestPlayoffOfTwo(t *testing.T) {
	games := []Entry{
		game("01-a-b", "a", "b", WhiteWins, referee.Normal, "", 50, 40),
		game("01-b-a", "b", "a", WhiteWins, referee.Normal, "", 50, 40),
	}
	s := Compute(games, []string{"a", "b"}, DefaultScoring())
	s.AddPlayoffs(games, []Playoff{{Number: 1, Rank: 1, Bots: []string{"a", "b"}, Ties: []Tie{
		{Seeds: [2]int{1, 2}, Bots: [2]string{"a", "b"}, Points: [2]float64{0.5, 1.5}, Games: 4, Boards: 2, Tiebreaks: 1, Winner: "b"},
	}}})
	if got, want := rowsOf(s), []string{"1 b playoff", "2 a playoff"}; !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	if s.Rows[0].Playoff != "1.5-0.5" || s.Rows[1].Playoff != "0.5-1.5" {
		t.Errorf("playoff scores %q, %q; want 1.5-0.5 and 0.5-1.5", s.Rows[0].Playoff, s.Rows[1].Playoff)
	}
	for format, wants := range map[string][]string{
		FormatText:     {"playoff 1.5-0.5", "playoff 1, of the bots level at #1: (1) a 0.5-1.5 (2) b (after 1 tie-break board)", "then playoff"},
		FormatMarkdown: {"| playoff 0.5-1.5 |"},
		FormatCSV:      {",tiebreak,", ",playoff,", ",playoff,1.5-0.5,"},
		FormatJSON:     {`"playoff": "1.5-0.5"`, `"playoffs": [`, `"order": [`},
	} {
		var b strings.Builder
		if err := s.Write(&b, format); err != nil {
			t.Fatal(err)
		}
		for _, want := range wants {
			if !strings.Contains(strings.Join(strings.Fields(b.String()), " "), want) {
				t.Errorf("%s does not have %q:\n%s", format, want, b.String())
			}
		}
	}
}
