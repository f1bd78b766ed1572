package results

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/arenabots/arena/referee"
)

// matchGames returns the games of an SPRT match of "new" against "old",
// one board pair a round: pairs[r] is new's pair score in half points (0 to
// 4) in round r+1; it wins its game with White first, then its game with
// Black, draws the odd half point with White, and 'X' makes the pair's
// first game a double forfeit.
func matchGames(pairs string) []Entry {
	var games []Entry
	for i, c := range pairs {
		r := i + 1
		w := game(fmt.Sprintf("%02d-new-old", r), "new", "old", "", referee.Normal, "", 10, 10)
		b := game(fmt.Sprintf("%02d-old-new", r), "old", "new", "", referee.Normal, "", 10, 10)
		w.Round, b.Round, w.Seed, b.Seed = r, r, uint64(r), uint64(r)
		half := int(c - '0')
		switch {
		case c == 'X':
			w.Result, w.Reason, w.Loser, b.Result = DoubleForfeit, referee.Start, BothAtFault, Draw
		case half >= 3:
			w.Result, b.Result = WhiteWins, map[int]string{3: Draw, 4: BlackWins}[half]
		default:
			w.Result, b.Result = map[int]string{0: BlackWins, 1: Draw, 2: WhiteWins}[half], WhiteWins
		}
		games = append(games, w, b)
	}
	return games
}

func TestSPRTMatchResult(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}
	tests := []struct {
		name    string
		pairs   string
		rounds  int
		drop    []string // game ids left out of the journal
		want    Decision
		round   int
		penta   [5]int
		after   int
		decided bool
	}{
		{"no game", "", 20, nil, Running, 0, [5]int{}, 0, false},
		{"wins until H1", "4444444444", 20, nil, AcceptH1, 0, [5]int{}, 0, true},
		{"losses until H0", "0000000000", 20, nil, AcceptH0, 0, [5]int{}, 0, true},
		{"even pairs to the last round", "2222", 4, nil, Inconclusive, 4, [5]int{0, 0, 4, 0, 0}, 0, true},
		{"a half pair stops the count", "4444", 20, []string{"02-old-new"}, Running, 1, [5]int{0, 0, 0, 0, 1}, 0, false},
		{"a double forfeit pair is passed over", "X4", 20, nil, Running, 2, [5]int{0, 0, 0, 0, 1}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games := slices.DeleteFunc(matchGames(tt.pairs), func(g Entry) bool { return slices.Contains(tt.drop, g.ID) })
			m := SPRTMatch{Test: test, Bot: "new", Opponent: "old", Rounds: tt.rounds}
			r := m.Result(games)
			if r.Result != tt.want || r.Decided() != tt.decided {
				t.Fatalf("result %s (decided %v), want %s (%v): %+v", r.Result, r.Decided(), tt.want, tt.decided, r)
			}
			if tt.want == AcceptH1 || tt.want == AcceptH0 {
				// Decided at the first pair past the bound: the pairs
				// after it are left out and counted as After.
				before := m.Result(games[:2*(r.Round-1)])
				if before.Decided() || r.Round == len(tt.pairs) {
					t.Errorf("decided at round %d of %d, and before it: %v", r.Round, len(tt.pairs), before.Result)
				}
				if r.After != 2*(len(tt.pairs)-r.Round) {
					t.Errorf("after = %d, want %d", r.After, 2*(len(tt.pairs)-r.Round))
				}
				return
			}
			if r.Round != tt.round || r.Pentanomial != tt.penta || r.After != tt.after {
				t.Errorf("round %d, pentanomial %v, after %d; want %d, %v, %d", r.Round, r.Pentanomial, r.After, tt.round, tt.penta, tt.after)
			}
		})
	}
}

// TestSPRTMatchOrderIndependent checks that the result depends on the
// games alone, not on the order in which they were journaled, and that a
// game of a round past the decision does not change it.
func TestSPRTMatchOrderIndependent(t *testing.T) {
	m := SPRTMatch{Test: SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}, Bot: "new", Opponent: "old", Rounds: 100}
	games := matchGames("34231424342434143243342342431342")
	want := m.Result(games)
	if !want.Decided() || want.After == 0 {
		t.Fatalf("want a decided match with games after: %+v", want)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		r.Shuffle(len(games), func(i, j int) { games[i], games[j] = games[j], games[i] })
		if got := m.Result(games); got != want {
			t.Fatalf("shuffled journal: %+v, want %+v", got, want)
		}
	}
}

func TestStandingsWriteSPRT(t *testing.T) {
	m := SPRTMatch{Test: SPRT{Elo0: 0, Elo1: 200, Alpha: 0.1, Beta: 0.1}, Bot: "new", Opponent: "old", Rounds: 50}
	games := matchGames("3424444444")
	decided := m.Result(games).Round
	// One pair past the decision, in play when it came.
	games = slices.DeleteFunc(games, func(g Entry) bool { return g.Round > decided+1 })
	s := Compute(games, []string{"new", "old"}, DefaultScoring())
	s.AddSPRT(m, games)
	if s.SPRT.Result != AcceptH1 || s.SPRT.After != 2 {
		t.Fatalf("want H1 with 2 games after it: %+v", s.SPRT)
	}
	for _, f := range Formats() {
		t.Run(f, func(t *testing.T) {
			var b bytes.Buffer
			if err := s.Write(&b, f); err != nil {
				t.Fatal(err)
			}
			golden(t, "standings-sprt."+f, b.Bytes())
		})
	}
	t.Run("brief", func(t *testing.T) {
		var b bytes.Buffer
		if err := s.WriteBrief(&b); err != nil {
			t.Fatal(err)
		}
		golden(t, "standings-sprt.brief", b.Bytes())
	})
}
