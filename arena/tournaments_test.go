package arena

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// singleTournament is a tournament written for the test, in this one file: every
// pair of bots meets once a round, the colours alternating by round. It
// proves that a kind of tournament is a type and a line of the table.
type singleTournament struct{}

const single TournamentName = "single"

func (singleTournament) Name() TournamentName               { return single }
func (singleTournament) Noun() string                       { return "single round robin" }
func (singleTournament) Keys() []TournamentKey              { return nil }
func (singleTournament) Traits() Traits                     { return Traits{} }
func (singleTournament) Complete(c *Config, _ string) error { return nil }

func (singleTournament) Schedule(c *Config, _ map[string]results.Entry) []Scheduled {
	var games []Scheduled
	for r := 1; r <= c.Rounds; r++ {
		seed := referee.RoundSeed(c.Seed, r)
		for i := range c.Bots {
			for j := i + 1; j < len(c.Bots); j++ {
				w, b := i, j
				if r%2 == 0 {
					w, b = j, i
				}
				games = append(games, Scheduled{ID: roundID(r)(c.Bots[w].Name, c.Bots[b].Name), Round: r, Seed: seed, White: w, Black: b})
			}
		}
	}
	return games
}

func (singleTournament) Standings(c *Config, main []results.Entry) results.Standings {
	return results.Compute(main, c.names(), c.Scoring)
}

func (singleTournament) Total(c *Config) int { return c.Rounds * len(c.Bots) * (len(c.Bots) - 1) / 2 }

func (singleTournament) WriteNotes(w io.Writer, c *Config, games []Scheduled, _ []results.Entry) error {
	_, err := io.WriteString(w, "single: each pair once a round\n")
	return err
}

// TestTournamentFromOneFile adds singleTournament to the table (the test is not
// parallel, so no other test sees it) and runs a league of it through the
// config, the schedule, the standings and the schedule's notes.
func TestTournamentFromOneFile(t *testing.T) {
	saved := tournaments
	tournaments = append(slices.Clone(tournaments), singleTournament{})
	t.Cleanup(func() { tournaments = saved })

	c := parseFormat(t, "format: single\nrounds: 2", 3)
	games := Schedule(c, nil)
	if len(games) != 6 || Total(c) != 6 {
		t.Fatalf("%d games scheduled, Total %d; want 6 and 6", len(games), Total(c))
	}
	if games[0].White != 0 || games[3].White != 1 {
		t.Errorf("colours: round 1 starts with white %d, round 2 with %d; want 0 and 1", games[0].White, games[3].White)
	}
	played := playOut(t, c, strongerWins)
	if st := Standings(c, played); st.Rows[0].Bot != "b00" || st.Rows[0].Points != 4 {
		t.Errorf("standings: first %s with %v points, want b00 with 4", st.Rows[0].Bot, st.Rows[0].Points)
	}
	var notes strings.Builder
	if err := WriteScheduleNotes(&notes, c, games, played); err != nil || notes.String() != "single: each pair once a round\n" {
		t.Errorf("notes %q, %v", notes.String(), err)
	}

	// The table's other tournaments refuse its league's keys, and it theirs.
	_, _, err := Parse("f.yaml", []byte("format: single\nchallengers: [a]\nbots:\n  - {name: a, builtin: random}\n  - {name: b, builtin: random}\n"))
	if err == nil || !strings.Contains(err.Error(), "challengers is a key of format: gauntlet, and this league's format is single") {
		t.Errorf("a gauntlet's key in a single league: %v", err)
	}
	_, _, err = Parse("f.yaml", []byte("format: double\nbots:\n  - {name: a, builtin: random}\n  - {name: b, builtin: random}\n"))
	if err == nil || !strings.Contains(err.Error(), `format is "double": want round-robin, gauntlet, knockout, swiss or single`) {
		t.Errorf("an unknown format: %v", err)
	}
}
