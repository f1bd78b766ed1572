package arena

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/results"
)

func TestKnockout(t *testing.T) {
	for _, tc := range []struct {
		name          string
		head          string
		bots          int
		decide        func(tournament.Scheduled) string
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
		{"lower seed wins", "format: knockout", 6, func(s tournament.Scheduled) string {
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
			st := tournament.Standings(c.League(), games)
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
	first := tournament.Schedule(c.League(), nil)
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
	var played []results.Entry
	for _, s := range first[:2] {
		played = append(played, results.Entry{ID: s.ID, Round: s.Round, Seed: s.Seed, White: c.Bots[s.White].Name, Black: c.Bots[s.Black].Name, Result: strongerWins(s)})
	}
	next := tournament.Schedule(c.League(), played)
	if len(next) != 6 || next[4].Round != 2 || next[4].White != 0 || next[4].Black != 3 {
		t.Errorf("after 4-5: %v, want round 1 and the semi-final 1-4", next)
	}
	if b := tournament.Standings(c.League(), played).Bracket; b.Winner != "" || b.Rounds[1][0].Bots != [2]string{"b00", "b03"} || b.Rounds[1][1].Bots[1] != "" {
		t.Errorf("bracket %+v", b.Rounds[1])
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
		cfg, _, err := league.Parse(filepath.Join(dir, "ko.yaml"), []byte("format: knockout\n"+tc.head+"\n"+bots))
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
