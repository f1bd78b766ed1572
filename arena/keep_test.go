package arena

import (
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// TestFaulted is which side of a finished game a worker may keep.
func TestFaulted(t *testing.T) {
	for _, tc := range []struct {
		reason       referee.Reason
		loser        referee.Side
		white, black bool
	}{
		{referee.Normal, 0, false, false},
		{referee.Resigned, referee.Black, false, false},
		{referee.Illegal, referee.White, true, false},
		{referee.Timeout, referee.Black, false, true},
		{referee.Crash, 0, true, true}, // both at fault
		{referee.Interrupted, 0, true, true},
	} {
		rec := referee.Record{Reason: tc.reason, Loser: tc.loser}
		if got := [2]bool{faulted(rec, referee.White), faulted(rec, referee.Black)}; got != [2]bool{tc.white, tc.black} {
			t.Errorf("%v, loser %v: faulted white, black = %v, want %v", tc.reason, tc.loser, got, [2]bool{tc.white, tc.black})
		}
	}
}

// TestRestartKey reads restart, league-wide and per bot, and refuses
// other values naming the key.
func TestRestartKey(t *testing.T) {
	cfg := league(t, `
name: keys
restart: off
bots:
  - {name: a, builtin: greedy}
  - {name: b, builtin: greedy, restart: on}
`)
	if !cfg.Keeps(0) || cfg.Keeps(1) {
		t.Errorf("Keeps = %v, %v; want true (the league's off), false (its own on)", cfg.Keeps(0), cfg.Keeps(1))
	}
	if def := league(t, "name: d\nbots: [{name: a, builtin: greedy}, {name: b, builtin: greedy}]"); def.Restart != "on" || def.Keeps(0) {
		t.Errorf("default restart %q, Keeps %v; want on, false", def.Restart, def.Keeps(0))
	}
	wantConfigError(t, "name: bad\nrestart: never\nbots: [{name: a, builtin: greedy}, {name: b, builtin: greedy}]", 2, `restart is "never": want "on" or "off"`)
	wantConfigError(t, "name: bad\nbots: [{name: a, builtin: greedy}, {name: b, builtin: greedy, restart: sometimes}]", 2, `bot "b": restart is "sometimes": want "on" or "off"`)
}

// TestKeptBotsPlayTheSameGames plays one league of deterministic built-in
// bots twice, with restart on and off, two workers: the journals hold the
// same games, move for move.
func TestKeptBotsPlayTheSameGames(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two leagues of real bots (-short)")
	}
	const body = `
name: same
seed: 5
rounds: 2
tempo_ms: 1000
concurrency: 2
restart: %s
bots:
  - {name: greedy, builtin: greedy}
  - {name: random, builtin: random, options: {seed: 9}}
  - {name: ab, builtin: alphabeta, options: {nodes: 3000}}
`
	moves := map[string]map[string][]string{}
	for _, restart := range []string{"on", "off"} {
		cfg := league(t, strings.Replace(body, "%s", restart, 1))
		run(t, cfg, nil)
		moves[restart] = map[string][]string{}
		for _, g := range readGames(t, cfg) {
			if g.Reason != referee.Normal {
				t.Errorf("restart %s: game %s ended %v (%s)", restart, g.ID, g.Reason, g.Detail)
			}
			moves[restart][g.ID] = gameMoves(t, cfg, g)
		}
	}
	if len(moves["on"]) != 12 {
		t.Fatalf("restart on: %d games, want 12", len(moves["on"]))
	}
	for id, on := range moves["on"] {
		if off := moves["off"][id]; !slices.Equal(on, off) {
			t.Errorf("game %s:\n restart on  %v\n restart off %v", id, on, off)
		}
	}
}

// gameMoves returns the moves of g, from its move log.
func gameMoves(t *testing.T, cfg *Config, g results.Entry) []string {
	t.Helper()
	lines, err := results.ReadGameLog(cfg.Out, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, l := range lines[1:] {
		moves = append(moves, l.Move)
	}
	return moves
}

// TestKeptBotsLiveAcrossGames plays leagues of two test bots on one worker
// and reads, in each move's statistics, which process played it and how
// many new games it was told of: a kept bot (restart: off) plays all its
// games in one process, told of each new game; a bot whose game ended in a
// verdict against it, one whose NewGame fails, and a restart: on bot get a
// fresh process for every game.
func TestKeptBotsLiveAcrossGames(t *testing.T) {
	if testing.Short() {
		t.Skip("plays leagues of real bots (-short)")
	}
	_, testbot := hostileDir(t)
	type seen struct{ process, told, game int64 }
	for _, tc := range []struct {
		name, white, black string
		kept               string // the bot kept across games, if any
	}{
		// faulty answers an illegal move in its process's second game.
		{"verdict", "{name: kept, args: [kept]}", `{name: faulty, args: [kept, "2"]}`, "kept"},
		{"fresh", "{name: fresh, args: [kept], restart: on}", "{name: failing, args: [newgamefail]}", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := league(t, strings.ReplaceAll(`
name: kept
seed: 3
rounds: 4
tempo_ms: 1000
concurrency: 1
restart: off
bots:
  - `+tc.white+`
  - `+tc.black+`
`, "{name:", "{path: "+testbot+", name:"))
			run(t, cfg, nil)
			games := readGames(t, cfg)
			if len(games) < 4 {
				t.Fatalf("%d games, want 4 or more", len(games))
			}
			slices.SortFunc(games, func(a, b results.Entry) int { return a.Start.Compare(b.Start) })
			plays := map[string][]seen{} // per bot, its games with a move, in the order played
			for n, g := range games {
				lines, err := results.ReadGameLog(cfg.Out, g.ID)
				if err != nil {
					t.Fatal(err)
				}
				for _, bot := range []string{g.White, g.Black} {
					for _, l := range lines[1:] {
						if l.Bot == bot && l.Nodes != 0 {
							plays[bot] = append(plays[bot], seen{l.Nodes, l.Cuts, int64(n)})
							break
						}
					}
				}
			}
			t.Logf("games %d, plays %v", len(games), plays)
			for bot, ps := range plays {
				for i, s := range ps[1:] {
					same := s.process == ps[0].process
					switch {
					case bot == tc.kept && (!same || s.told != s.game):
						t.Errorf("%s's game %d: process kept %v, told of %d new games; want kept, %d", bot, s.game+1, same, s.told, s.game)
					case bot != tc.kept && (s.process == ps[i].process || s.told != 0):
						t.Errorf("%s's game with moves %d ran in the process of the one before (told of %d new games)", bot, i+2, s.told)
					}
				}
			}
			if tc.name == "verdict" && len(plays["faulty"]) != (len(games)+1)/2 {
				t.Errorf("faulty moved in %d games of %d: want every other one (a fresh process each time)", len(plays["faulty"]), len(games))
			}
		})
	}
}
