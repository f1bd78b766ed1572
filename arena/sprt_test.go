package arena

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/results"
)

func TestParseSPRT(t *testing.T) {
	const two = "bots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: random}\n"
	t.Run("defaults", func(t *testing.T) {
		cfg, _, err := league.Parse("l.yaml", []byte("sprt: {elo1: 50}\n"+two))
		if err != nil {
			t.Fatal(err)
		}
		want := results.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05} // the defaults but elo1
		if *cfg.SPRT != want || cfg.Rounds != 500 {
			t.Errorf("sprt %+v, rounds %d; want %+v, %d", *cfg.SPRT, cfg.Rounds, want, 500)
		}
		m := cfg.League().SPRTMatch()
		if m == nil || m.Bot != "a" || m.Opponent != "b" || m.Rounds != 500 {
			t.Errorf("SPRTMatch() = %+v", m)
		}
	})
	t.Run("gauntlet: the challenger is tested", func(t *testing.T) {
		cfg, _, err := league.Parse("l.yaml", []byte("format: gauntlet\nchallengers: [b]\nsprt: {elo1: 50}\n"+two))
		if err != nil {
			t.Fatal(err)
		}
		if m := cfg.League().SPRTMatch(); m == nil || m.Bot != "b" || m.Opponent != "a" {
			t.Errorf("SPRTMatch() = %+v, want b tested against a", m)
		}
	})
	t.Run("rounds kept", func(t *testing.T) {
		cfg, _, err := league.Parse("l.yaml", []byte("rounds: 30\nsprt: {elo0: -5, elo1: 5, alpha: 0.1, beta: 0.2}\n"+two))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Rounds != 30 || *cfg.SPRT != (results.SPRT{Elo0: -5, Elo1: 5, Alpha: 0.1, Beta: 0.2}) {
			t.Errorf("rounds %d, sprt %+v", cfg.Rounds, *cfg.SPRT)
		}
	})
	t.Run("no sprt, same hash as before", func(t *testing.T) {
		cfg, _, err := league.Parse("l.yaml", []byte(two))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.League().SPRTMatch() != nil || cfg.League().Decided(nil) {
			t.Error("a league without sprt is an SPRT match")
		}
		if data, _ := json.Marshal(cfg); strings.Contains(string(data), "SPRT") {
			t.Errorf("the hashed config names SPRT without one: %s", data)
		}
	})
	for _, tc := range []struct {
		name, yaml string
		line       int
		want       string
	}{
		{"three bots", "sprt: {elo1: 5}\n" + two + "  - {name: c, builtin: random}\n", 1, "an SPRT match is between two bots"},
		{"elo0 above elo1", "name: x\nsprt: {elo0: 5, elo1: 0}\n" + two, 2, "elo0 (5) must be below elo1 (0)"},
		{"alpha 0", "sprt: {alpha: 0}\n" + two, 1, "alpha is 0: want a number between 0 and 1"},
		{"unknown key", "sprt:\n  elo_1: 5\n" + two, 2, `did you mean "elo1"`},
		{"swiss", "format: swiss\nrounds: 1\nsprt: {elo1: 5}\n" + two, 3, "an SPRT match is a round robin of two bots or a gauntlet of one challenger and one opponent, not a swiss"},
		{"not a number", "sprt: {beta: high}\n" + two, 1, `beta: want a probability between 0 and 1, e.g. beta: 0.05, got "high"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := league.Parse("l.yaml", []byte(tc.yaml))
			var ce *league.ConfigError
			if !errors.As(err, &ce) || ce.Line != tc.line || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want l.yaml:%d: …%s", err, tc.line, tc.want)
			}
		})
	}
}

// readStandings reads a league's standings.json.
func readStandings(t *testing.T, cfg *league.Config) results.Standings {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(cfg.Out, resultsdir.StandingsFile+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var st results.Standings
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// sprtResult reads the SPRT line of a league's standings.json.
func sprtResult(t *testing.T, cfg *league.Config) results.SPRTResult {
	t.Helper()
	st := readStandings(t, cfg)
	if st.SPRT == nil {
		t.Fatalf("standings.json has no sprt: %+v", st)
	}
	return *st.SPRT
}

// TestSPRTStrongerStops plays alphabeta against greedy, as a gauntlet of
// one challenger listed second, each kept from game to game (a bot's start
// is most of a game): the match tests alphabeta and stops with H1 long
// before its 60 pairs; the games after the decision are at most those in
// play; a second run plays nothing.
func TestSPRTStrongerStops(t *testing.T) {
	skipIfShort(t, "plays an SPRT match of real bots")
	cfg := loadLeague(t, `
name: sprt-h1
seed: 3
rounds: 60
tempo_ms: 20
concurrency: 2
restart: off
sprt: {elo0: 0, elo1: 100}
format: gauntlet
challengers: [alphabeta]
bots:
  - {name: greedy, builtin: greedy}
  - {name: alphabeta, builtin: alphabeta}
`)
	sum := run(t, cfg, nil)
	r := sprtResult(t, cfg)
	t.Logf("%d games played; %s", sum.Played, r.Line())
	if r.Result != results.AcceptH1 || r.Bot != "alphabeta" {
		t.Fatalf("alphabeta vs greedy: %s, want H1", r.Line())
	}
	if r.Round > 30 {
		t.Errorf("decided after %d pairs of 60", r.Round)
	}
	games := readGames(t, cfg)
	// After the decision, the games the workers went on with while the
	// deciding game was being recorded: the recorder's queue (playAll's
	// played, Concurrency deep) fills with finished games, and each worker
	// plays one more, then waits for room in it. How many get that far is
	// how long the recording takes (an fsync, on a busy disk), not the
	// test's to judge: at most two a worker.
	if max := 2*r.Round + 2*cfg.Concurrency; len(games) > max {
		t.Errorf("%d games in the journal, want at most %d: the decision at pair %d and the games in play", len(games), max, r.Round)
	}
	if r.After != len(games)-2*r.Round {
		t.Errorf("%d games after the decision, want %d", r.After, len(games)-2*r.Round)
	}
	again := run(t, cfg, nil)
	if again.Played != 0 || sprtResult(t, cfg) != r {
		t.Errorf("a decided match played %d more games on resume: %+v", again.Played, sprtResult(t, cfg))
	}
}

// equalMatch is an SPRT match of two random movers, each seeded, kept
// from game to game (up to 40 games: a bot's start is most of a game).
const equalMatch = `
name: sprt-equal
seed: 5
rounds: 20
tempo_ms: 50
concurrency: 2
restart: off
sprt: {elo0: 0, elo1: 100}
bots:
  - {name: random-1, builtin: random, options: {seed: 1}}
  - {name: random-2, builtin: random, options: {seed: 2}}
`

// TestSPRTEqualStops plays two seeded random movers: the match ends with
// H0 or inconclusive, and a match cancelled midway and resumed ends the
// same: the test counts the same pairs whatever the interruption.
func TestSPRTEqualStops(t *testing.T) {
	skipIfShort(t, "plays an SPRT match of real bots twice")
	whole := loadLeague(t, equalMatch)
	run(t, whole, nil)
	want := sprtResult(t, whole)
	t.Log(want.Line())
	if want.Result != results.AcceptH0 && want.Result != results.Inconclusive {
		t.Fatalf("random vs random: %s, want H0 or inconclusive", want.Line())
	}

	cut := loadLeague(t, equalMatch)
	ctx, cancel := context.WithCancel(context.Background())
	r := &Runner{Config: cut, Self: arenaBin, Events: func(e Event) {
		if e.End != nil && e.Done == 5 {
			cancel()
		}
	}}
	if _, err := r.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: %v", err)
	}
	run(t, cut, nil)
	got := sprtResult(t, cut)
	got.After, want.After = 0, 0 // the games in play differ
	if got != want {
		t.Errorf("resumed match: %s, want %s", got.Line(), want.Line())
	}
}
