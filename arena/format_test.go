package arena

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/results"
)

// parseFormat parses a league of n built-in bots b00, b01, … with the
// format keys of head.
func parseFormat(t testing.TB, head string, n int) *Config {
	t.Helper()
	var b strings.Builder
	b.WriteString(head + "\nbots:\n")
	for i := range n {
		fmt.Fprintf(&b, "  - {name: b%02d, builtin: random}\n", i)
	}
	cfg, _, err := Parse("f.yaml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// playOut plays a league in process: it asks Schedule for the games known,
// gives each unplayed one the result decide returns ("1-0", "0-1" or
// "1/2-1/2"), and again, until every game known is played. It returns the
// games in the order played.
func playOut(t testing.TB, c *Config, decide func(s Scheduled) string) []results.Game {
	t.Helper()
	var played []results.Game
	for stage := 0; ; stage++ {
		if stage > 100 {
			t.Fatal("the schedule never ends")
		}
		have := byID(played)
		n := len(played)
		for _, s := range Schedule(c, played) {
			if _, ok := have[s.ID]; !ok {
				played = append(played, results.Game{ID: s.ID, Round: s.Round, Seed: s.Seed, White: c.Bots[s.White].Name, Black: c.Bots[s.Black].Name, Result: decide(s)})
			}
		}
		if len(played) == n {
			return played
		}
	}
}

// strongerWins makes the bot listed first win; drawn makes every game a
// draw; whiteWins makes White win.
func strongerWins(s Scheduled) string {
	if s.White < s.Black {
		return results.WhiteWins
	}
	return results.BlackWins
}

func whiteWins(Scheduled) string { return results.WhiteWins }

// randomResults decides games from a seeded generator.
func randomResults(seed uint64) func(Scheduled) string {
	r := rand.New(rand.NewPCG(seed, 1))
	return func(Scheduled) string {
		return []string{results.WhiteWins, results.BlackWins, results.Draw}[r.IntN(3)]
	}
}

// checkSwiss checks a finished Swiss: rounds rounds, no pairing twice,
// every bot once a round (or its bye) and each colour once a round, and
// the same pairings from the same results in any order.
func checkSwiss(t *testing.T, c *Config, games []results.Game, rounds int) {
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
	byes := Standings(c, games)
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
	if a, b := Schedule(c, games), Schedule(c, shuffled); !slices.Equal(a, b) {
		t.Error("the pairings depend on the order of the journal")
	}
}

func TestSwissPairing(t *testing.T) {
	for _, tc := range []struct {
		name   string
		bots   int
		rounds int
		decide func(Scheduled) string
	}{
		{"16 bots, stronger wins", 16, 5, strongerWins},
		{"16 bots, random results", 16, 5, randomResults(1)},
		{"16 bots, 15 rounds (every pairing)", 16, 15, randomResults(2)},
		{"16 bots, draws", 16, 5, func(Scheduled) string { return results.Draw }},
		{"7 bots, 7 rounds: one bye each", 7, 7, randomResults(3)},
		{"9 bots, stronger wins", 9, 5, strongerWins},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := parseFormat(t, fmt.Sprintf("format: swiss\nrounds: %d", tc.rounds), tc.bots)
			games := playOut(t, c, tc.decide)
			if want := tc.rounds * 2 * (tc.bots / 2); len(games) != want || Total(c) != want {
				t.Errorf("%d games, Total %d; want %d", len(games), Total(c), want)
			}
			checkSwiss(t, c, games, tc.rounds)
			if tc.bots == 7 {
				for _, r := range Standings(c, games).Rows {
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
	s := Standings(c, games)
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

func TestKnockout(t *testing.T) {
	for _, tc := range []struct {
		name          string
		head          string
		bots          int
		decide        func(Scheduled) string
		winner        string
		games, onSeed int
	}{
		{"6 bots, stronger wins", "format: knockout", 6, strongerWins, "b00", 5 * 2, 0},
		{"6 bots, 2 boards a tie", "format: knockout\ngames_per_tie: 2", 6, strongerWins, "b00", 5 * 4, 0},
		// White always wins: every tie is level after each board pair, so
		// it adds the tie-break boards and the higher seed goes through.
		{"level ties", "format: knockout\ntiebreak_boards: 2", 6, whiteWins, "b00", 5 * 2 * 3, 5},
		{"no tie-break boards", "format: knockout\ntiebreak_boards: 0", 5, whiteWins, "b00", 4 * 2, 4},
		{"8 bots, no byes", "format: knockout", 8, strongerWins, "b00", 7 * 2, 0},
		{"2 bots", "format: knockout", 2, strongerWins, "b00", 2, 0},
		{"lower seed wins", "format: knockout", 6, func(s Scheduled) string {
			if s.White > s.Black {
				return results.WhiteWins
			}
			return results.BlackWins
		}, "b05", 5 * 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := parseFormat(t, tc.head, tc.bots)
			games := playOut(t, c, tc.decide)
			if len(games) != tc.games {
				t.Errorf("%d games, want %d", len(games), tc.games)
			}
			st := Standings(c, games)
			b := st.Bracket
			if b == nil || b.Winner != tc.winner {
				t.Fatalf("bracket %+v, want winner %s", b, tc.winner)
			}
			final := b.Rounds[len(b.Rounds)-1][0]
			loser := final.Bots[0]
			if loser == final.Winner {
				loser = final.Bots[1]
			}
			if st.Rows[0].Bot != tc.winner || st.Rows[0].Rank != 1 || st.Rows[1].Bot != loser || st.Rows[1].Rank != 2 {
				t.Errorf("standings open with %s (#%d), %s (#%d); want the winner %s, then the final's loser %s",
					st.Rows[0].Bot, st.Rows[0].Rank, st.Rows[1].Bot, st.Rows[1].Rank, tc.winner, loser)
			}
			byes, onSeed := 0, 0
			for r, round := range b.Rounds {
				for _, tie := range round {
					if tie.Bye {
						byes++
						if r != 0 || tie.Seeds[0] > byesFor(tc.bots) {
							t.Errorf("round %d: a bye for seed %d", r+1, tie.Seeds[0])
						}
					}
					if tie.OnSeed {
						onSeed++
					}
					if tie.Winner == "" {
						t.Errorf("round %d: tie %v has no winner", r+1, tie.Bots)
					}
				}
			}
			if want := byesFor(tc.bots); byes != want {
				t.Errorf("%d byes, want %d", byes, want)
			}
			if onSeed != tc.onSeed {
				t.Errorf("%d ties won on seed, want %d", onSeed, tc.onSeed)
			}
		})
	}
}

// byesFor returns the byes of a knockout of n bots.
func byesFor(n int) int {
	size := 1
	for size < n {
		size *= 2
	}
	return size - n
}

func TestKnockoutMidRound(t *testing.T) {
	c := parseFormat(t, "format: knockout", 6)
	first := Schedule(c, nil)
	// Round 1: 4-5 and 3-6 (seeds 1 and 2 have byes), two games each.
	var pairs []string
	for _, s := range first {
		pairs = append(pairs, fmt.Sprintf("%d-%d", s.White+1, s.Black+1))
	}
	if want := []string{"4-5", "5-4", "3-6", "6-3"}; !slices.Equal(pairs, want) {
		t.Fatalf("round 1 %v, want %v", pairs, want)
	}
	// With the 4-5 tie decided, the semi-final 1 v 4 is known; the other
	// waits for 3-6.
	var played []results.Game
	for _, s := range first[:2] {
		played = append(played, results.Game{ID: s.ID, Round: s.Round, Seed: s.Seed, White: c.Bots[s.White].Name, Black: c.Bots[s.Black].Name, Result: strongerWins(s)})
	}
	next := Schedule(c, played)
	if len(next) != 6 || next[4].Round != 2 || next[4].White != 0 || next[4].Black != 3 {
		t.Errorf("after 4-5: %v, want round 1 and the semi-final 1-4", next)
	}
	if b := Standings(c, played).Bracket; b.Winner != "" || b.Rounds[1][0].Bots != [2]string{"b00", "b03"} || b.Rounds[1][1].Bots[1] != "" {
		t.Errorf("bracket %+v", b.Rounds[1])
	}
}

func TestSeedOrder(t *testing.T) {
	for size, want := range map[int][]int{
		1: {1}, 2: {1, 2}, 4: {1, 4, 2, 3}, 8: {1, 8, 4, 5, 2, 7, 3, 6},
	} {
		if got := seedOrder(size); !slices.Equal(got, want) {
			t.Errorf("seedOrder(%d) = %v, want %v", size, got, want)
		}
	}
}

func TestGauntlet(t *testing.T) {
	c := parseFormat(t, "format: gauntlet\nchallengers: [b03, b01]\nrounds: 2", 5)
	games := Schedule(c, nil)
	if len(games) != Total(c) || len(games) != 2*2*2*3 {
		t.Fatalf("%d games, Total %d, want 24", len(games), Total(c))
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
	a, _, err := Parse("l.yaml", []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := Parse("l.yaml", []byte("format: round-robin\n"+body))
	if err != nil {
		t.Fatal(err)
	}
	if a.Hash() != b.Hash() {
		t.Error("format: round-robin changes the hash of a league")
	}
	if a.Format != RoundRobin {
		t.Errorf("default format %q, want %q", a.Format, RoundRobin)
	}
}

func TestFormatErrors(t *testing.T) {
	const bots = "bots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: random}\n  - {name: c, builtin: random}\n"
	for _, tc := range []struct {
		name, yaml string
		line       int
		want       string
	}{
		{"unknown format", "format: ladder\n" + bots, 1, `format is "ladder": want round-robin, gauntlet, knockout or swiss`},
		{"format not text", "format: [swiss]\n" + bots, 1, `format: want round-robin, gauntlet, knockout or swiss, e.g. format: swiss, got a list`},
		{"misspelt key", "format: knockout\ngames_per_ties: 2\n" + bots, 2, `unknown key "games_per_ties": did you mean "games_per_tie"?`},
		{"gauntlet without challengers", "format: gauntlet\n" + bots, 1, "a gauntlet needs challengers"},
		{"unknown challenger", "format: gauntlet\nchallengers: [a, zz]\n" + bots, 2, `challenger "zz" is not in bots`},
		{"every bot a challenger", "format: gauntlet\nchallengers: [a, b, c]\n" + bots, 2, "every bot is a challenger"},
		{"challenger twice", "format: gauntlet\nchallengers: [a, a]\n" + bots, 2, `challenger "a" is listed twice`},
		{"key of another format", "challengers: [a]\n" + bots, 1, "challengers is a key of format: gauntlet, and this league's format is round-robin"},
		{"knockout key in a swiss", "format: swiss\ngames_per_tie: 2\n" + bots, 2, "games_per_tie is a key of format: knockout"},
		{"swiss too long", "format: swiss\nrounds: 4\n" + bots, 2, "rounds: a Swiss of 3 bots has at most 3 rounds"},
		{"knockout with rounds", "format: knockout\nrounds: 2\n" + bots, 2, "rounds: a knockout plays games_per_tie boards a tie"},
		{"no boards a tie", "format: knockout\ngames_per_tie: -1\n" + bots, 2, "games_per_tie: want a whole number of boards a knockout tie plays, both colours each, 1 or more, got -1"},
		{"negative tie-breaks", "format: knockout\ntiebreak_boards: -1\n" + bots, 2, "tiebreak_boards: want a whole number of board pairs a level tie may add, 0 or more, got -1"},
		{"qualifiers without seeding", "format: knockout\nqualifiers: 2\n" + bots, 2, "qualifiers is the number of bots taken from each standings of seeding"},
		{"seeding not a list", "format: knockout\nseeding: results/groups\n" + bots, 2, "seeding: want a list of results directories whose standings seed the bracket, e.g. seeding: [results/group-a, results/group-b]"},
		{"seeding of nothing", "format: knockout\nseeding: [no-such-dir]\n" + bots, 2, "no-such-dir has no standings yet: play that league to its end first"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse("f.yaml", []byte(tc.yaml))
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v, want a ConfigError", err)
			}
			if ce.Line != tc.line || !strings.Contains(ce.Msg, tc.want) || strings.Contains(ce.Error(), "\n") {
				t.Errorf("got %q (line %d), want line %d saying %q, on one line", ce.Error(), ce.Line, tc.line, tc.want)
			}
		})
	}
}

func TestKnockoutSeeding(t *testing.T) {
	dir := t.TempDir()
	standings := func(name string, bots ...string) {
		var rows []results.Row
		for i, b := range bots {
			rows = append(rows, results.Row{Rank: i + 1, Bot: b})
		}
		var sb strings.Builder
		if err := (results.Standings{Rows: rows}).Write(&sb, results.FormatJSON); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name, "standings.json"), []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	standings("ga", "a2", "a1", "a3")
	standings("gb", "b1", "b3", "b2")
	const bots = "bots:\n" +
		"  - {name: a1, builtin: random}\n  - {name: a2, builtin: random}\n  - {name: a3, builtin: random}\n" +
		"  - {name: b1, builtin: random}\n  - {name: b2, builtin: random}\n  - {name: b3, builtin: random}\n"
	for _, tc := range []struct{ head, want string }{
		{"seeding: [ga, gb]\nqualifiers: 2", "a2 b1 a1 b3"},
		{"seeding: [ga, gb]", "a2 b1 a1 b3 a3 b2"},
		{"seeding: [gb]\nqualifiers: 1", "ko.yaml:2: seeding: only 1 bot qualifies, a knockout needs 2 or more"},
		{"seeding: [ga]", `ko.yaml:2: seeding: bot "b1" is in no standings of seeding`},
	} {
		cfg, _, err := Parse(filepath.Join(dir, "ko.yaml"), []byte("format: knockout\n"+tc.head+"\n"+bots))
		got := ""
		if err != nil {
			got = "error: " + err.Error()
		} else {
			var names []string
			for _, b := range cfg.Bots {
				names = append(names, b.Name)
			}
			got = strings.Join(names, " ")
			if len(cfg.Seeding) != 0 || cfg.Qualifiers != 0 {
				t.Errorf("%s: seeding %v and qualifiers %d stay in the resolved config", tc.head, cfg.Seeding, cfg.Qualifiers)
			}
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: got %q, want %q", strings.ReplaceAll(tc.head, "\n", "; "), got, tc.want)
		}
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
	} {
		c := parseFormat(t, head, 5)
		data, err := yaml.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		again, _, err := Parse("again.yaml", data)
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
		Schedule(c, games)
	}
}
