package results

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

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
// Ratings leave out the double forfeit beta-delta; the other games give,
// by Zermelo's iteration (as in TestFitThreeBots), gamma +123.8, delta
// +96.0, alpha +40.1, beta -259.9. The fit needs no prior: gamma never lost
// but drew with every other rated bot.
func TestComputeSample(t *testing.T) {
	s := Compute(sampleGames(), []string{"alpha", "beta", "gamma", "delta", "idle"}, DefaultScoring())
	want := []Row{
		{Rank: 1, Bot: "gamma", Games: 5, Wins: 2, Draws: 3, Points: 3.5, ScoreDiff: 140, Rated: true, Elo: 123.8, EloMargin: 281.6, LOS: 0.634, SB: 4.25, Faults: 1},
		{Rank: 2, Bot: "alpha", Games: 4, Wins: 2, Draws: 1, Losses: 1, Points: 2.5, ScoreDiff: 100, Rated: true, Elo: 40.1, EloMargin: 297.7, LOS: 0.415, SB: 2.75},
		{Rank: 3, Bot: "delta", Games: 4, Wins: 1, Draws: 1, Losses: 2, Points: 1.5, ScoreDiff: -130, Rated: true, Elo: 96, EloMargin: 331.6, LOS: 0.854, SB: 4.25, Start: 1, Faults: 1},
		{Rank: 4, Bot: "beta", Games: 5, Draws: 1, Losses: 4, Points: 0.5, ScoreDiff: -110, Rated: true, Elo: -259.9, EloMargin: 403.2, SB: 1.75, Timeouts: 1, Illegal: 1, Start: 1, Faults: 3},
		{Rank: 5, Bot: "idle"},
	}
	if s.Games != 9 || s.Scoring != DefaultScoring() || s.Prior {
		t.Errorf("Games, Scoring, Prior = %d, %+v, %v; want 9, default, false", s.Games, s.Scoring, s.Prior)
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
func rr(pairs [][2]string, results string) []Entry {
	var gs []Entry
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
// BE CD CE DE), and the tie-break each row shows.
func TestTieBreaks(t *testing.T) {
	tests := []struct {
		name, bots, results string
		scores              map[int][2]int // board points of some games, else 150-100 or 100-100
		order               string
		ranks               []int
		tiebreaks           []string
	}{
		// A 1.5, B 1.5; A beat B; SB A 2, B 2.5: head-to-head wins over SB.
		{"head-to-head", "ABCD", "WDLDWL", nil, "DABC", []int{1, 2, 3, 4}, []string{"", ByHeadToHead, ByHeadToHead, ""}},
		// A 1.5, B 1.5 drew; SB A 1.75, B 2.25 (A has more wins).
		{"Sonneborn-Berger", "ABCD", "DWLDDD", nil, "DBAC", []int{1, 2, 3, 4}, []string{"", BySB, BySB, ""}},
		// A, B 2.5 drew, SB 4.75 each; B 2 wins, A 1. D and E (1.5) are
		// split by D's win over E.
		{"wins", "ABCDE", "DWDDWWLWWW", nil, "BACDE", []int{1, 2, 3, 4, 5}, []string{ByWins, ByWins, "", ByHeadToHead, ByHeadToHead}},
		// A and B drew and beat C and D, A by more board points.
		{"score difference", "ABCD", "DWWWWW", map[int][2]int{1: {200, 100}}, "ABCD", []int{1, 2, 3, 4}, []string{ByScoreDiff, ByScoreDiff, "", ""}},
		// A and B equal in everything: name order, shared rank, tied.
		{"name", "ABCD", "DWWWWW", nil, "ABCD", []int{1, 1, 3, 4}, []string{Tied, Tied, "", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games := rr(allPairs(tt.bots), tt.results)
			for i, sc := range tt.scores {
				games[i].Scores = sc
			}
			s := Compute(games, nil, DefaultScoring())
			var order string
			var ranks []int
			var tbs []string
			for _, r := range s.Rows {
				order += r.Bot
				ranks = append(ranks, r.Rank)
				tbs = append(tbs, r.Tiebreak)
			}
			if order != tt.order || !slices.Equal(ranks, tt.ranks) || !slices.Equal(tbs, tt.tiebreaks) {
				t.Errorf("order %s ranks %v tie-breaks %q, want %s %v %q", order, ranks, tbs, tt.order, tt.ranks, tt.tiebreaks)
			}
			if want := []string{ByPoints, ByHeadToHead, BySB, ByWins, ByScoreDiff}; !slices.Equal(s.Order, want) {
				t.Errorf("order keys %q, want %q", s.Order, want)
			}
		})
	}
}

// TestHeadToHeadGroup checks a three-way tie whose head-to-head is a cycle:
// it decides nothing, nor do the later tie-breaks, so the three share a rank.
func TestHeadToHeadGroup(t *testing.T) {
	g := func(id, w, b, res string) Entry { return game(id, w, b, res, referee.Normal, "", 0, 0) }
	fix := func(gs ...Entry) []Entry {
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
	for _, r := range s.Rows {
		got = append(got, r.Tiebreak)
	}
	if want := []string{"1A", "1B", "1C", "4D", Tied, Tied, Tied, ""}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestComputeEmpty(t *testing.T) {
	s := Compute(nil, []string{"b", "a", "b"}, DefaultScoring())
	if len(s.Rows) != 2 || s.Rows[0].Bot != "a" || s.Rows[0].Rank != 1 || s.Rows[1].Rank != 1 {
		t.Errorf("got %+v", s.Rows)
	}
}

// TestPentanomial checks the pair counts: A-B and A-C played both colours
// on the boards of rounds 1 and 2, B-C on round 1's board only once without
// a double forfeit, and A-C's second board is half played.
func TestPentanomial(t *testing.T) {
	g := func(round int, white, black, result string) Entry {
		ws, bs := map[string][2]int{WhiteWins: {2, 1}, BlackWins: {1, 2}, Draw: {1, 1}}[result][0], 0
		bs = map[string][2]int{WhiteWins: {2, 1}, BlackWins: {1, 2}, Draw: {1, 1}}[result][1]
		gm := game(fmt.Sprintf("0%d-%s-%s", round, white, black), white, black, result, referee.Normal, "", ws, bs)
		gm.Seed = uint64(100 + round)
		return gm
	}
	forfeit := game("01-B-C", "B", "C", DoubleForfeit, referee.Start, BothAtFault, 0, 0)
	forfeit.Seed = 101
	games := []Entry{
		g(1, "A", "B", WhiteWins), g(1, "B", "A", Draw), // A 1.5, B .5
		g(2, "A", "B", BlackWins), g(2, "B", "A", WhiteWins), // A 0, B 2
		g(1, "C", "A", Draw), g(1, "A", "C", Draw), // A 1, C 1
		g(2, "A", "C", WhiteWins),          // its pair is not played yet
		forfeit, g(1, "C", "B", BlackWins), // a pair with a double forfeit
		g(1, "A", "A", WhiteWins), // a bot against itself
	}
	pairs := map[[2]string][5]int{
		{"A", "B"}: {1, 0, 0, 1, 0}, {"B", "A"}: {0, 1, 0, 0, 1},
		{"A", "C"}: {0, 0, 1, 0, 0}, {"C", "A"}: {0, 0, 1, 0, 0},
	}
	if got := pentanomial(games); fmt.Sprint(got) != fmt.Sprint(pairs) {
		t.Errorf("got %v, want %v", got, pairs)
	}
	bots := map[string][5]int{"A": {1, 0, 1, 1, 0}, "B": {0, 1, 0, 0, 1}, "C": {0, 0, 1, 0, 0}}
	for _, r := range Compute(games, nil, DefaultScoring()).Rows {
		if r.Pentanomial != bots[r.Bot] {
			t.Errorf("%s: Pentanomial = %v, want %v", r.Bot, r.Pentanomial, bots[r.Bot])
		}
	}
	ct := NewCrosstable(games, []string{"A", "B", "C"}, DefaultScoring())
	for i, a := range ct.Bots {
		for j, b := range ct.Bots {
			if got := ct.Cells[i][j].Pentanomial; got != pairs[[2]string{a, b}] {
				t.Errorf("crosstable %s against %s: Pentanomial = %v, want %v", a, b, got, pairs[[2]string{a, b}])
			}
		}
		if got := ct.total(i).Pentanomial; got != bots[a] {
			t.Errorf("crosstable total of %s: Pentanomial = %v, want %v", a, got, bots[a])
		}
	}
}

// TestComputePerfectScore checks that a bot that won every game gets a
// finite rating from the prior, above the others, and that a bot whose only
// games were double forfeits is unrated.
func TestComputePerfectScore(t *testing.T) {
	games := rr(allPairs("ABC"), "WWD")
	games = append(games, game("02-A-D", "A", "D", DoubleForfeit, referee.Start, BothAtFault, 0, 0))
	s := Compute(games, nil, DefaultScoring())
	if !s.Prior {
		t.Error("Prior = false, want true")
	}
	var got string
	for _, r := range s.Rows {
		got += fmt.Sprintf("%s %v %v; ", r.Bot, r.Rated, r.LOS > 0.5)
		if math.IsInf(r.Elo, 0) || math.IsNaN(r.Elo) || math.IsNaN(r.EloMargin) {
			t.Errorf("%s: elo %v ± %v", r.Bot, r.Elo, r.EloMargin)
		}
	}
	if want := "A true true; B true false; C true false; D false false; "; got != want {
		t.Errorf("bot, rated, LOS > 1/2 = %q, want %q", got, want)
	}
	if a, b := s.Rows[0], s.Rows[1]; a.Elo <= b.Elo || a.LOS <= 0.5 {
		t.Errorf("A %v (LOS %v), B %v: want A above B", a.Elo, a.LOS, b.Elo)
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
	t.Run("brief", func(t *testing.T) {
		var b bytes.Buffer
		if err := s.WriteBrief(&b); err != nil {
			t.Fatal(err)
		}
		golden(t, "standings.brief", b.Bytes())
	})
	if err := s.Write(&bytes.Buffer{}, "html"); err == nil {
		t.Error("format html: no error")
	}
}

// TestWriteBriefWidth checks that the brief table fits in 80 columns with
// long bot names and the prior's note, and that the full one does not.
func TestWriteBriefWidth(t *testing.T) {
	long := strings.Repeat("very-long-bot-name-", 4)
	games := rr([][2]string{{long + "a", long + "b"}, {long + "a", "c"}, {long + "b", "c"}}, "WWW")
	s := Compute(games, nil, DefaultScoring())
	var brief, full bytes.Buffer
	if err := s.WriteBrief(&brief); err != nil {
		t.Fatal(err)
	}
	if err := s.Write(&full, FormatText); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(brief.String(), "\n"), "\n") {
		if n := utf8.RuneCountInString(line); n > BriefWidth {
			t.Errorf("line of %d columns:\n%s", n, line)
		}
	}
	if !strings.Contains(brief.String(), "very-long-b…bot-name-a") || !strings.Contains(brief.String(), "very-long-b…bot-name-b") || !strings.Contains(brief.String(), "virtual draw") {
		t.Errorf("no shortened name or no prior note:\n%s", brief.String())
	}
	if !strings.Contains(full.String(), long+"a") {
		t.Errorf("full table shortened a name:\n%s", full.String())
	}
}

// TestComputeOrderIndependent checks that the standings do not depend on
// the order of the journal's lines, which concurrent games shuffle.
func TestComputeOrderIndependent(t *testing.T) {
	games := append(sampleGames(), rr(allPairs("ABCDE"), "WDLDWWLWDL")...)
	want := Compute(games, nil, DefaultScoring())
	slices.Reverse(games)
	got := Compute(games, nil, DefaultScoring())
	if !slices.Equal(got.Rows, want.Rows) {
		t.Errorf("reversed journal:\ngot  %+v\nwant %+v", got.Rows, want.Rows)
	}
}
