package tournament

import (
	"fmt"
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

const single Name = "single"

func (singleTournament) Name() Name               { return single }
func (singleTournament) Noun() string             { return "single round robin" }
func (singleTournament) Keys() []Key              { return nil }
func (singleTournament) Traits() Traits           { return Traits{} }
func (singleTournament) Complete(l *League) error { return nil }

func (singleTournament) Schedule(l *League, _ map[string]results.Entry) []Scheduled {
	var games []Scheduled
	for r := 1; r <= l.Rounds; r++ {
		seed := referee.RoundSeed(l.Seed, r)
		for i := range l.Bots {
			for j := i + 1; j < len(l.Bots); j++ {
				w, b := i, j
				if r%2 == 0 {
					w, b = j, i
				}
				games = append(games, Scheduled{ID: roundID(r)(l.Bots[w].Name, l.Bots[b].Name), Round: r, Seed: seed, White: w, Black: b})
			}
		}
	}
	return games
}

func (singleTournament) Standings(l *League, main []results.Entry) results.Standings {
	return results.Compute(main, l.names(), l.Scoring)
}

func (singleTournament) Total(l *League) int { return l.Rounds * len(l.Bots) * (len(l.Bots) - 1) / 2 }

func (singleTournament) WriteNotes(w io.Writer, l *League, games []Scheduled, _ []results.Entry) error {
	_, err := io.WriteString(w, "single: each pair once a round\n")
	return err
}

// testLeague returns a league of n bots b00, b01, … with the keys of s and
// rounds rounds, whose league file holds the keys has names.
func testLeague(n, rounds int, s Settings, has ...string) *League {
	l := &League{Seed: 1, Rounds: rounds, Scoring: results.DefaultScoring(), Settings: s}
	for i := range n {
		l.Bots = append(l.Bots, Bot{Name: fmt.Sprintf("b%02d", i)})
	}
	l.ErrAt = func(msg string, path ...any) error { return fmt.Errorf("%v: %s", path, msg) }
	l.Has = func(path ...any) bool { return len(path) == 1 && slices.Contains(has, path[0].(string)) }
	return l
}

// TestTournamentFromOneFile adds singleTournament to the table (the test is not
// parallel, so no other test sees it) and runs a league of it through
// Complete, the schedule, the standings and the schedule's notes.
func TestTournamentFromOneFile(t *testing.T) {
	saved := tournaments
	tournaments = append(slices.Clone(tournaments), singleTournament{})
	t.Cleanup(func() { tournaments = saved })

	l := testLeague(3, 2, Settings{Tournament: single}, "format", "rounds")
	if err := Complete(l); err != nil {
		t.Fatal(err)
	}
	games := Schedule(l, nil)
	if len(games) != 6 || Total(l) != 6 {
		t.Fatalf("%d games scheduled, Total %d; want 6 and 6", len(games), Total(l))
	}
	if games[0].White != 0 || games[3].White != 1 {
		t.Errorf("colours: round 1 starts with white %d, round 2 with %d; want 0 and 1", games[0].White, games[3].White)
	}
	var played []results.Entry
	for _, s := range games {
		r := results.BlackWins
		if s.White < s.Black {
			r = results.WhiteWins
		}
		played = append(played, results.Entry{ID: s.ID, Round: s.Round, Seed: s.Seed, White: l.Bots[s.White].Name, Black: l.Bots[s.Black].Name, Result: r})
	}
	if st := Standings(l, played); st.Rows[0].Bot != "b00" || st.Rows[0].Points != 4 {
		t.Errorf("standings: first %s with %v points, want b00 with 4", st.Rows[0].Bot, st.Rows[0].Points)
	}
	var notes strings.Builder
	if err := WriteNotes(&notes, l, games, played); err != nil || notes.String() != "single: each pair once a round\n" {
		t.Errorf("notes %q, %v", notes.String(), err)
	}

	// The table's other tournaments refuse its league's keys, and it theirs.
	err := Complete(testLeague(2, 1, Settings{Tournament: single, Challengers: []string{"b00"}}, "format", "challengers"))
	if err == nil || !strings.Contains(err.Error(), "challengers is a key of format: gauntlet, and this league's format is single") {
		t.Errorf("a gauntlet's key in a single league: %v", err)
	}
	err = Complete(testLeague(2, 1, Settings{Tournament: "double"}, "format"))
	if err == nil || !strings.Contains(err.Error(), `format is "double": want round-robin, gauntlet, knockout, swiss or single`) {
		t.Errorf("an unknown format: %v", err)
	}
}
