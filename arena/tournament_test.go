package arena

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/results"
)

// parseFormat parses a league of n built-in bots b00, b01, … with the
// format keys of head.
func parseFormat(t testing.TB, head string, n int) *league.Config {
	t.Helper()
	var b strings.Builder
	b.WriteString(head + "\nbots:\n")
	for i := range n {
		fmt.Fprintf(&b, "  - {name: b%02d, builtin: random}\n", i)
	}
	cfg, _, err := league.Parse("f.yaml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// playOut plays a league in process: it asks Schedule for the games known,
// gives each unplayed one the result decide returns ("1-0", "0-1" or
// "1/2-1/2"), and again, until every game known is played. It returns the
// games in the order played.
func playOut(t testing.TB, c *league.Config, decide func(s tournament.Scheduled) string) []results.Entry {
	t.Helper()
	var played []results.Entry
	for stage := 0; ; stage++ {
		if stage > 100 {
			t.Fatal("the schedule never ends")
		}
		have := scheduledIDs(played)
		n := len(played)
		for _, s := range tournament.Schedule(c.League(), played) {
			if !have[s.ID] {
				played = append(played, results.Entry{ID: s.ID, Round: s.Round, Seed: s.Seed, White: c.Bots[s.White].Name, Black: c.Bots[s.Black].Name, Result: decide(s)})
			}
		}
		if len(played) == n {
			return played
		}
	}
}

// strongerWins makes the bot listed first win; drawn makes every game a
// draw; whiteWins makes White win.
func strongerWins(s tournament.Scheduled) string {
	if s.White < s.Black {
		return results.WhiteWins
	}
	return results.BlackWins
}

func whiteWins(tournament.Scheduled) string { return results.WhiteWins }

// randomResults decides games from a seeded generator.
func randomResults(seed uint64) func(tournament.Scheduled) string {
	r := rand.New(rand.NewPCG(seed, 1))
	return func(tournament.Scheduled) string {
		return []string{results.WhiteWins, results.BlackWins, results.Draw}[r.IntN(3)]
	}
}

// checkSwiss checks a finished Swiss: rounds rounds, no pairing twice,
// every bot once a round (or its bye) and each colour once a round, and
// the same pairings from the same results in any order.
func checkSwiss(t *testing.T, c *league.Config, games []results.Entry, rounds int) {
	t.Helper()
	type seat struct{ white, black int }
	perRound := map[int]map[string]*seat{}
	met := map[[2]string]int{}
	for _, g := range games {
		if perRound[g.Round] == nil {
			perRound[g.Round] = map[string]*seat{}
		}
		for _, b := range []string{g.White, g.Black} {
			if perRound[g.Round][b] == nil {
				perRound[g.Round][b] = &seat{}
			}
		}
		perRound[g.Round][g.White].white++
		perRound[g.Round][g.Black].black++
		met[[2]string{min(g.White, g.Black), max(g.White, g.Black)}]++
	}
	if len(perRound) != rounds {
		t.Fatalf("%d rounds played, want %d", len(perRound), rounds)
	}
	for pair, n := range met {
		if n != 2 {
			t.Errorf("%s and %s played %d games, want 2 (one pairing, both colours)", pair[0], pair[1], n)
		}
	}
	byes := tournament.Standings(c.League(), games)
	for r, seats := range perRound {
		if want := len(c.Bots) - len(c.Bots)%2; len(seats) != want {
			t.Errorf("round %d: %d bots played, want %d", r, len(seats), want)
		}
		for b, s := range seats {
			if s.white != 1 || s.black != 1 {
				t.Errorf("round %d: %s played %d white, %d black; want 1 each", r, b, s.white, s.black)
			}
		}
	}
	for _, row := range byes.Rows {
		if row.Byes > 1 {
			t.Errorf("%s had %d byes, want at most 1", row.Bot, row.Byes)
		}
	}
	shuffled := slices.Clone(games)
	rand.New(rand.NewPCG(7, 7)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	if a, b := tournament.Schedule(c.League(), games), tournament.Schedule(c.League(), shuffled); !slices.Equal(a, b) {
		t.Error("the pairings depend on the order of the journal")
	}
}

func TestSwissPairing(t *testing.T) {
	for _, tc := range []struct {
		name   string
		bots   int
		rounds int
		decide func(tournament.Scheduled) string
	}{
		{"16 bots, stronger wins", 16, 5, strongerWins},
		{"16 bots, random results", 16, 5, randomResults(1)},
		{"16 bots, 15 rounds (every pairing)", 16, 15, randomResults(2)},
		{"16 bots, draws", 16, 5, func(tournament.Scheduled) string { return results.Draw }},
		{"7 bots, 7 rounds: one bye each", 7, 7, randomResults(3)},
		{"9 bots, stronger wins", 9, 5, strongerWins},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := parseFormat(t, fmt.Sprintf("format: swiss\nrounds: %d", tc.rounds), tc.bots)
			games := playOut(t, c, tc.decide)
			if want := tc.rounds * 2 * (tc.bots / 2); len(games) != want || tournament.Total(c.League()) != want {
				t.Errorf("%d games, Total %d; want %d", len(games), tournament.Total(c.League()), want)
			}
			checkSwiss(t, c, games, tc.rounds)
			if tc.bots == 7 {
				for _, r := range tournament.Standings(c.League(), games).Rows {
					if r.Byes != 1 {
						t.Errorf("%s had %d byes, want 1", r.Bot, r.Byes)
					}
				}
			}
		})
	}
}

func TestSwissPairsScoreGroups(t *testing.T) {
	c := parseFormat(t, "format: swiss\nrounds: 2", 8)
	games := playOut(t, c, strongerWins)
	// Round 1 pairs the top half with the bottom half; round 2 the
	// winners among themselves, 1-3 and 2-4 of the four with 2 points.
	var got []string
	for _, g := range games {
		if g.Round == 2 && g.White < g.Black {
			got = append(got, g.White+"-"+g.Black)
		}
	}
	want := []string{"b00-b02", "b01-b03", "b04-b06", "b05-b07"}
	if !slices.Equal(got, want) {
		t.Errorf("round 2 pairings %v, want %v", got, want)
	}
	if r1 := games[0]; r1.White != "b00" || r1.Black != "b04" {
		t.Errorf("round 1 opens with %s-%s, want b00-b04", r1.White, r1.Black)
	}
}

func TestSwissStandings(t *testing.T) {
	c := parseFormat(t, "format: swiss\nrounds: 3", 5)
	games := playOut(t, c, strongerWins)
	s := tournament.Standings(c.League(), games)
	if !s.Swiss {
		t.Fatal("Standings of a Swiss is not marked Swiss")
	}
	points := map[string]float64{}
	for _, r := range s.Rows {
		points[r.Bot] = r.Points
	}
	for _, r := range s.Rows {
		var buch float64
		met := map[string]bool{}
		for _, g := range games {
			if opp := map[string]string{g.White: g.Black, g.Black: g.White}[r.Bot]; opp != "" && !met[opp] {
				met[opp] = true
				buch += points[opp]
			}
		}
		if r.Buchholz != buch {
			t.Errorf("%s: Buchholz %v, want %v", r.Bot, r.Buchholz, buch)
		}
		if want := float64(r.Wins) + float64(r.Draws)/2 + 2*float64(r.Byes); r.Points != want {
			t.Errorf("%s: %v points, want %v (2 a bye)", r.Bot, r.Points, want)
		}
	}
	for i := 1; i < len(s.Rows); i++ {
		a, b := s.Rows[i-1], s.Rows[i]
		if a.Points < b.Points || (a.Points == b.Points && a.Buchholz < b.Buchholz) {
			t.Errorf("%s above %s: points %v %v, Buchholz %v %v", a.Bot, b.Bot, a.Points, b.Points, a.Buchholz, b.Buchholz)
		}
	}
}

func TestGauntlet(t *testing.T) {
	c := parseFormat(t, "format: gauntlet\nchallengers: [b03, b01]\nrounds: 2", 5)
	games := tournament.Schedule(c.League(), nil)
	if len(games) != tournament.Total(c.League()) || len(games) != 2*2*2*3 {
		t.Fatalf("%d games, Total %d, want 24", len(games), tournament.Total(c.League()))
	}
	count := map[[2]string]int{}
	for _, s := range games {
		w, b := c.Bots[s.White].Name, c.Bots[s.Black].Name
		if (w == "b01" || w == "b03") == (b == "b01" || b == "b03") {
			t.Errorf("%s: a gauntlet game is a challenger against another bot", s.ID)
		}
		count[[2]string{w, b}]++
	}
	for pair, n := range count {
		if n != 2 {
			t.Errorf("%s white against %s: %d games, want 2 (one a board)", pair[0], pair[1], n)
		}
	}
}

func TestRoundRobinHashUnchanged(t *testing.T) {
	const body = "seed: 3\nbots: [{name: a, builtin: greedy}, {name: b, builtin: random}]\n"
	a, _, err := league.Parse("l.yaml", []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := league.Parse("l.yaml", []byte("format: round-robin\n"+body))
	if err != nil {
		t.Fatal(err)
	}
	if a.Hash() != b.Hash() {
		t.Error("format: round-robin changes the hash of a league")
	}
	if a.Tournament != tournament.RoundRobin {
		t.Errorf("default format %q, want %q", a.Tournament, tournament.RoundRobin)
	}
}

// TestFormatConfigRoundTrip parses a config as a worker of a distributed
// league gets it (the resolved config, marshalled): each format's must
// parse again to the same hash.
func TestFormatConfigRoundTrip(t *testing.T) {
	for _, head := range []string{
		"format: swiss\nrounds: 3",
		"format: gauntlet\nchallengers: [b01]",
		"format: knockout",
		"format: knockout\ntiebreak_boards: 0\ngames_per_tie: 2",
		"rounds: 2",
		"tiebreak: playoff",
		"format: swiss\nrounds: 2\ntiebreak: playoff\ngames_per_tie: 2",
	} {
		c := parseFormat(t, head, 5)
		data, err := yaml.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		again, _, err := league.Parse("again.yaml", data)
		if err != nil {
			t.Errorf("%q: the marshalled config does not parse: %v\n%s", head, err, data)
			continue
		}
		if again.Hash() != c.Hash() {
			t.Errorf("%q: hash %s, then %s:\n%s", head, c.Hash(), again.Hash(), data)
		}
	}
}

// BenchmarkSwissSchedule pairs the nine rounds of a Swiss of 40 bots from
// its finished journal: the work of the Runner between two rounds, and of
// the standings after each game.
func BenchmarkSwissSchedule(b *testing.B) {
	c := parseFormat(b, "format: swiss\nrounds: 9", 40)
	games := playOut(b, c, randomResults(9))
	b.ResetTimer()
	for b.Loop() {
		tournament.Schedule(c.League(), games)
	}
}

// TestRatingKeys: the bots' rating keys seed a knockout's bracket and a
// Swiss's first round (the highest first, bots without one after), leave
// a round robin's schedule as it is, and order only bots level on every
// other key of the standings, as its last key.
func TestRatingKeys(t *testing.T) {
	// b01 and b00 rated, b02 and b03 not: the seed order b01, b00, b02, b03.
	ratings := map[string]string{"b00": "1500", "b01": "1612.5"}
	parse := func(head string, rated bool) *league.Config {
		t.Helper()
		var b strings.Builder
		b.WriteString(head + "\nbots:\n")
		for i := range 4 {
			name := fmt.Sprintf("b%02d", i)
			fmt.Fprintf(&b, "  - {name: %s, builtin: random", name)
			if r, ok := ratings[name]; ok && rated {
				fmt.Fprintf(&b, ", rating: %s", r)
			}
			b.WriteString("}\n")
		}
		cfg, _, err := league.Parse("f.yaml", []byte(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	// firstRound names the games of round 1, white-black, as scheduled
	// before any game is played.
	firstRound := func(c *league.Config) []string {
		var out []string
		for _, s := range tournament.Schedule(c.League(), nil) {
			if s.Round == 1 {
				out = append(out, c.Bots[s.White].Name+"-"+c.Bots[s.Black].Name)
			}
		}
		slices.Sort(out)
		return out
	}
	for _, tc := range []struct {
		name        string
		head        string
		plain, seed []string // round 1 without and with the ratings
	}{
		{"round robin", "rounds: 1", []string{"b00-b01", "b00-b02", "b00-b03", "b01-b00", "b01-b02", "b01-b03", "b02-b00", "b02-b01", "b02-b03", "b03-b00", "b03-b01", "b03-b02"}, nil},
		{"swiss", "format: swiss\nrounds: 3", []string{"b00-b02", "b01-b03", "b02-b00", "b03-b01"}, []string{"b00-b03", "b01-b02", "b02-b01", "b03-b00"}},
		{"knockout", "format: knockout", []string{"b00-b03", "b01-b02", "b02-b01", "b03-b00"}, []string{"b00-b02", "b01-b03", "b02-b00", "b03-b01"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plain, rated := parse(tc.head, false), parse(tc.head, true)
			if got := firstRound(plain); !slices.Equal(got, tc.plain) {
				t.Errorf("round 1 without ratings: %v, want %v", got, tc.plain)
			}
			want := tc.seed
			if want == nil {
				want = tc.plain
			}
			if got := firstRound(rated); !slices.Equal(got, want) {
				t.Errorf("round 1 with ratings: %v, want %v", got, want)
			}
			if tc.seed == nil && rated.Hash() != plain.Hash() {
				t.Errorf("the ratings change the hash of a league they do not seed")
			}
			seeded := rated.Bots[0].Name + rated.Bots[1].Name
			if tc.seed != nil && seeded != "b01b00" {
				t.Errorf("seed order opens with %s, want b01b00", seeded)
			}
		})
	}
	drawn := func(tournament.Scheduled) string { return results.Draw }
	for _, tc := range []struct {
		name   string
		decide func(tournament.Scheduled) string
		rated  bool
		want   string // bot:rank:tiebreak, in order
	}{
		{"level, no ratings", drawn, false, "b00:1:tied b01:1:tied b02:1:tied b03:1:tied"},
		{"level, ratings decide", drawn, true, "b01:1:rating b00:2:rating b02:3:tied b03:3:tied"},
		{"points first", strongerWins, true, "b00:1: b01:2: b02:3: b03:4:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := parse("rounds: 1", tc.rated)
			st := tournament.Standings(c.League(), playOut(t, c, tc.decide))
			var got []string
			for _, r := range st.Rows {
				got = append(got, fmt.Sprintf("%s:%d:%s", r.Bot, r.Rank, r.Tiebreak))
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("standings %s, want %s", strings.Join(got, " "), tc.want)
			}
			if last := st.Order[len(st.Order)-1]; (last == results.ByRating) != tc.rated {
				t.Errorf("order %v: rating last is %v, want %v", st.Order, last == results.ByRating, tc.rated)
			}
		})
	}
}
