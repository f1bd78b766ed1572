package results

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/arenabots/arena/referee"
)

// TestComputeSample checks the sample league against values worked out by
// hand (default scoring):
//
//	alpha: W 300-200, W 60-40 (beta timed out), D 200-200, L 240-260
//	       = 2 W 1 D 1 L, 2.5 points, diff +100-... = +100+20+0-20 = +100
//	beta:  L, L (timeout, at fault), L (both failed to start), L (illegal,
//	       at fault, though ahead 130-120), D 90-90 = 0 W 1 D 4 L, 0.5,
//	       diff -100-20+0+10+0 = -110, faults 3
//	gamma: D 150-150, W 250-100, D, W 120-130 (beta forfeited), D 90-90
//	       while at fault (crash, adjudicated) = 2 W 3 D, 3.5, diff +140,
//	       1 fault but no loss by crash
//	delta: D, L 100-250, L (start, both at fault), W 260-240 = 1 W 1 D 2 L,
//	       1.5, diff -130, 1 start loss
//
// Sonneborn-Berger (game score × opponent's points):
//
//	gamma: .5·1.5 + 1·1.5 + .5·2.5 + 1·.5 + .5·.5 = 4.25
//	alpha: 1·.5 + 1·.5 + .5·3.5 = 2.75
//	delta: .5·3.5 + 1·2.5 = 4.25
//	beta:  .5·3.5 = 1.75
//
// Elo for 2-1-1 (alpha): p = .625, -400·log10(1/.625-1) = 88.74; the games'
// variance is (2·1 + .25)/4 - .625² = .171875, se = √(.171875/4) = .20729;
// p + 1.96·se = 1.031 is clamped to 1 - 1/(2·5) = .9 (381.70) and
// p - 1.96·se = .21871 gives -221.17, so the margin is (381.70+221.17)/2 =
// 301.44.
func TestComputeSample(t *testing.T) {
	s := Compute(sampleGames(), []string{"alpha", "beta", "gamma", "delta", "idle"}, DefaultScoring())
	want := []Row{
		{Rank: 1, Bot: "gamma", Games: 5, Wins: 2, Draws: 3, Points: 3.5, ScoreDiff: 140, Elo: 147.2, EloMargin: 211.2, SB: 4.25, Faults: 1},
		{Rank: 2, Bot: "alpha", Games: 4, Wins: 2, Draws: 1, Losses: 1, Points: 2.5, ScoreDiff: 100, Elo: 88.7, EloMargin: 301.4, SB: 2.75},
		{Rank: 3, Bot: "delta", Games: 4, Wins: 1, Draws: 1, Losses: 2, Points: 1.5, ScoreDiff: -130, Elo: -88.7, EloMargin: 301.4, SB: 4.25, Start: 1, Faults: 1},
		{Rank: 4, Bot: "beta", Games: 5, Draws: 1, Losses: 4, Points: 0.5, ScoreDiff: -110, Elo: -381.7, EloMargin: 124.2, SB: 1.75, Timeouts: 1, Illegal: 1, Start: 1, Faults: 3},
		{Rank: 5, Bot: "idle"},
	}
	if s.Games != 9 || s.Scoring != DefaultScoring() {
		t.Errorf("Games, Scoring = %d, %+v; want 9, default", s.Games, s.Scoring)
	}
	if len(s.Rows) != len(want) {
		t.Fatalf("got %d rows, want %d", len(s.Rows), len(want))
	}
	for i := range want {
		if s.Rows[i] != want[i] {
			t.Errorf("row %d:\ngot  %+v\nwant %+v", i, s.Rows[i], want[i])
		}
	}
}

func TestComputeScoring(t *testing.T) {
	// Football scoring: 3 for a win, 1 for a draw. gamma 2·3+3 = 9, alpha
	// 2·3+1 = 7, delta 3+1 = 4, beta 1.
	s := Compute(sampleGames(), nil, Scoring{Win: 3, Draw: 1})
	got := map[string]float64{}
	for _, r := range s.Rows {
		got[r.Bot] = r.Points
	}
	want := map[string]float64{"gamma": 9, "alpha": 7, "delta": 4, "beta": 1}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("points = %v, want %v", got, want)
	}
	if b := s.Bots(); !slices.Equal(b, []string{"gamma", "alpha", "delta", "beta"}) {
		t.Errorf("order = %v", b)
	}
}

// rr returns the games of a single round robin: results[i] is the outcome
// for the first bot of the i-th pair, "W", "D" or "L".
func rr(pairs [][2]string, results string) []Game {
	var gs []Game
	for i, p := range pairs {
		res := map[byte]string{'W': WhiteWins, 'D': Draw, 'L': BlackWins}[results[i]]
		ws, bs := 100, 100
		if res == WhiteWins {
			ws = 150
		} else if res == BlackWins {
			bs = 150
		}
		gs = append(gs, game(fmt.Sprintf("01-%s-%s", p[0], p[1]), p[0], p[1], res, referee.Normal, "", ws, bs))
	}
	return gs
}

func allPairs(bots string) [][2]string {
	var ps [][2]string
	for i := range bots {
		for j := i + 1; j < len(bots); j++ {
			ps = append(ps, [2]string{bots[i : i+1], bots[j : j+1]})
		}
	}
	return ps
}

// TestTieBreaks checks each tie-break on a round robin where it alone
// decides between A and B, tied on points (pairs in order AB AC AD AE BC BD
// BE CD CE DE).
func TestTieBreaks(t *testing.T) {
	tests := []struct {
		name, bots, results string
		order               string
		ranks               []int
	}{
		// A 1.5, B 1.5; A beat B; SB A 2, B 2.5: head-to-head wins over SB.
		{"head-to-head", "ABCD", "WDLDWL", "DABC", []int{1, 2, 3, 4}},
		// A 1.5, B 1.5 drew; SB A 1.75, B 2.25 (A has more wins).
		{"Sonneborn-Berger", "ABCD", "DWLDDD", "DBAC", []int{1, 2, 3, 4}},
		// A, B 2.5 drew, SB 4.75 each; B 2 wins, A 1. D and E (1.5) are
		// split by D's win over E.
		{"wins", "ABCDE", "DWDDWWLWWW", "BACDE", []int{1, 2, 3, 4, 5}},
		// A and B equal in everything: name order, shared rank.
		{"name", "ABCD", "DWWWWW", "ABCD", []int{1, 1, 3, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Compute(rr(allPairs(tt.bots), tt.results), nil, DefaultScoring())
			var order string
			var ranks []int
			for _, r := range s.Rows {
				order += r.Bot
				ranks = append(ranks, r.Rank)
			}
			if order != tt.order || !slices.Equal(ranks, tt.ranks) {
				t.Errorf("order %s ranks %v, want %s %v", order, ranks, tt.order, tt.ranks)
			}
		})
	}
}

// TestHeadToHeadGroup checks a three-way tie whose head-to-head is a cycle:
// it decides nothing, nor do the later tie-breaks, so the three share a rank.
func TestHeadToHeadGroup(t *testing.T) {
	g := func(id, w, b, res string) Game { return game(id, w, b, res, referee.Normal, "", 0, 0) }
	fix := func(gs ...Game) []Game {
		for i := range gs {
			switch gs[i].Result {
			case WhiteWins:
				gs[i].Scores = [2]int{1, 0}
			case BlackWins:
				gs[i].Scores = [2]int{0, 1}
			}
		}
		return gs
	}
	// A, B, C all 2 points. Among them: A beat B, B beat C, C beat A, so
	// head-to-head is 1 each.
	games := fix(
		g("01-A-B", "A", "B", WhiteWins), g("01-B-C", "B", "C", WhiteWins), g("01-C-A", "C", "A", WhiteWins),
		g("02-A-D", "A", "D", WhiteWins), g("02-B-D", "B", "D", WhiteWins), g("02-C-D", "C", "D", WhiteWins),
	)
	s := Compute(games, nil, DefaultScoring())
	// SB: each beat one tied bot (2 points) and D (0): 2 each; wins 2 each;
	// so name order and one shared rank.
	var got []string
	for _, r := range s.Rows {
		got = append(got, fmt.Sprintf("%d%s", r.Rank, r.Bot))
	}
	if want := []string{"1A", "1B", "1C", "4D"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestComputeEmpty(t *testing.T) {
	s := Compute(nil, []string{"b", "a", "b"}, DefaultScoring())
	if len(s.Rows) != 2 || s.Rows[0].Bot != "a" || s.Rows[0].Rank != 1 || s.Rows[1].Rank != 1 {
		t.Errorf("got %+v", s.Rows)
	}
}

func TestStandingsWrite(t *testing.T) {
	s := Compute(sampleGames(), []string{"alpha", "beta", "gamma", "delta", "idle"}, DefaultScoring())
	for _, f := range Formats() {
		t.Run(f, func(t *testing.T) {
			var b bytes.Buffer
			if err := s.Write(&b, f); err != nil {
				t.Fatal(err)
			}
			golden(t, "standings."+f, b.Bytes())
		})
	}
	if err := s.Write(&bytes.Buffer{}, "html"); err == nil {
		t.Error("format html: no error")
	}
}
