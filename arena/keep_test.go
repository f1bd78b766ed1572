package arena

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/host"
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
	cfg := loadLeague(t, `
name: keys
restart: off
bots:
  - {name: a, builtin: greedy}
  - {name: b, builtin: greedy, restart: on}
`)
	if !cfg.Keeps(0) || cfg.Keeps(1) {
		t.Errorf("Keeps = %v, %v; want true (the league's off), false (its own on)", cfg.Keeps(0), cfg.Keeps(1))
	}
	if def := loadLeague(t, "name: d\nbots: [{name: a, builtin: greedy}, {name: b, builtin: greedy}]"); def.Restart != "on" || def.Keeps(0) {
		t.Errorf("default restart %q, Keeps %v; want on, false", def.Restart, def.Keeps(0))
	}
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
		cfg := loadLeague(t, strings.Replace(body, "%s", restart, 1))
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
func gameMoves(t *testing.T, cfg *league.Config, g results.Entry) []string {
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
			cfg := loadLeague(t, strings.ReplaceAll(`
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

// TestKeeperPool takes, hands back, evicts and closes idle processes:
// the last handed back is taken first, the one idle the longest goes
// when MaxIdle is passed, Drain closes the idle ones and keeps on, and
// after Close a process handed back is closed at once.
func TestKeeperPool(t *testing.T) {
	var closed []*host.Process
	var mu sync.Mutex
	k := &Keeper{MaxIdle: 3, end: func(p *host.Process) { mu.Lock(); closed = append(closed, p); mu.Unlock() }}
	ps := make([]*host.Process, 5)
	for i := range ps {
		ps[i] = new(host.Process)
	}
	if p := k.take(0); p != nil {
		t.Fatalf("an empty pool gave %p", p)
	}
	k.give(0, ps[0])
	k.give(1, ps[1])
	k.give(0, ps[2])
	if got := k.take(0); got != ps[2] {
		t.Errorf("take(0) gave process %d, want the last handed back (2)", slices.Index(ps, got))
	}
	k.give(0, ps[2])
	k.give(2, ps[3]) // a fourth: ps[0], idle the longest, goes
	if !slices.Equal(closed, ps[:1]) || k.Idle() != 3 {
		t.Errorf("closed %d processes, %d idle; want process 0 closed, 3 idle", len(closed), k.Idle())
	}
	if got := k.take(0); got != ps[2] || k.take(0) != nil {
		t.Errorf("bot 0 gave process %d, then more; want 2, then none", slices.Index(ps, got))
	}
	k.Drain()
	if len(closed) != 3 || k.Idle() != 0 {
		t.Errorf("after Drain: %d closed, %d idle; want 3, 0", len(closed), k.Idle())
	}
	k.give(1, ps[1])
	if k.take(1) != ps[1] {
		t.Error("a drained pool does not keep a process handed back")
	}
	k.Close()
	k.give(1, ps[4])
	if k.Idle() != 0 || closed[len(closed)-1] != ps[4] {
		t.Errorf("a closed pool holds %d; want the process handed back closed", k.Idle())
	}
}

// TestPoolInRoundRobin plays round robins of three test bots that report
// their process and the new games it was told of, restart: off: each bot
// plays its games in at most as many processes as games at once, each
// process told of each game after its first, in order; a bot whose game
// ends in a verdict against it (third, illegal in its process's third
// game) gets a fresh process for its next game, and its opponent keeps its
// own.
func TestPoolInRoundRobin(t *testing.T) {
	if testing.Short() {
		t.Skip("plays leagues of real bots (-short)")
	}
	_, testbot := hostileDir(t)
	for _, atOnce := range []int{1, 2} {
		t.Run(fmt.Sprint(atOnce), func(t *testing.T) {
			cfg := loadLeague(t, fmt.Sprintf(`
name: pool
seed: 3
rounds: 3
tempo_ms: 1000
concurrency: %d
restart: off
bots:
  - {path: %[2]s, name: first, args: [kept]}
  - {path: %[2]s, name: second, args: [kept]}
  - {path: %[2]s, name: third, args: [kept, "3"]}
`, atOnce, testbot))
			run(t, cfg, nil)
			games := readGames(t, cfg)
			if len(games) != 18 {
				t.Fatalf("%d games, want 18", len(games))
			}
			slices.SortFunc(games, func(a, b results.Entry) int { return a.Start.Compare(b.Start) })
			told := map[string]map[int64][]int64{} // by bot and process: the new games told, game by game
			thirdGames, illegal := 0, 0
			for _, g := range games {
				lines, err := results.ReadGameLog(cfg.Out, g.ID)
				if err != nil {
					t.Fatal(err)
				}
				if g.White == "third" || g.Black == "third" {
					thirdGames++
				}
				if g.Reason == referee.Illegal {
					illegal++
					if g.Loser != "third" {
						t.Errorf("game %s: %s played an illegal move", g.ID, g.Loser)
					}
				} else if g.Reason != referee.Normal {
					t.Errorf("game %s ended %v (%s)", g.ID, g.Reason, g.Detail)
				}
				for _, bot := range []string{g.White, g.Black} {
					for _, l := range lines[1:] {
						if l.Bot == bot && l.Nodes != 0 {
							if told[bot] == nil {
								told[bot] = map[int64][]int64{}
							}
							told[bot][l.Nodes] = append(told[bot][l.Nodes], l.Cuts)
							break
						}
					}
				}
			}
			t.Logf("new games told, by bot and process: %v", told)
			for bot, procs := range told {
				if bot != "third" && len(procs) > atOnce {
					t.Errorf("%s played in %d processes, want at most %d (games at once)", bot, len(procs), atOnce)
				}
				for _, seq := range procs {
					// A game the bot made no move in (its opponent's
					// illegal first move) leaves a gap.
					if !slices.IsSorted(seq) || len(slices.Compact(slices.Clone(seq))) != len(seq) {
						t.Errorf("%s: a process told of %v new games in its games, want a rising count", bot, seq)
					}
					if bot == "third" && len(seq) > 2 {
						t.Errorf("third moved in %d games of one process, want at most 2 (the third is illegal at once)", len(seq))
					}
				}
			}
			// third's processes: one per three games, the last maybe cut short.
			if want := (thirdGames + 2) / 3; atOnce == 1 && (len(told["third"]) != want || illegal != thirdGames/3) {
				t.Errorf("third: %d processes, %d illegal games of %d; want %d, %d", len(told["third"]), illegal, thirdGames, want, thirdGames/3)
			}
		})
	}
}

// TestInPlayPick is the game a free worker gets in a league that keeps
// bots: the first pending one that needs no new process of a kept bot
// (none of whose kept bots plays as many games as it ever did at once),
// else the first; a league that keeps no bot, or plays one game at a time, keeps
// the schedule's order.
func TestInPlayPick(t *testing.T) {
	cfg := loadLeague(t, `
name: pick
restart: off
bots:
  - {name: a, builtin: greedy}
  - {name: b, builtin: greedy}
  - {name: c, builtin: greedy}
  - {name: d, builtin: greedy}
  - {name: fresh, builtin: greedy, restart: on}
`)
	g := func(w, b int) tournament.Scheduled { return tournament.Scheduled{White: w, Black: b} }
	busy := (&Runner{Config: cfg}).inPlay(2)
	busy.add(g(0, 1))
	for _, tc := range []struct {
		queue []tournament.Scheduled
		want  int
	}{
		{[]tournament.Scheduled{g(1, 0), g(0, 2), g(2, 3)}, 2},
		{[]tournament.Scheduled{g(1, 2), g(4, 3)}, 1},
		{[]tournament.Scheduled{g(1, 2), g(2, 0)}, 0}, // none free: the first
	} {
		if got := busy.pick(tc.queue); got != tc.want {
			t.Errorf("pick(%v) with a and b playing = %d, want %d", tc.queue, got, tc.want)
		}
	}
	busy.done(g(0, 1))
	if got := busy.pick([]tournament.Scheduled{g(1, 0), g(2, 3)}); got != 0 {
		t.Errorf("pick once a and b are done = %d, want 0", got)
	}
	// a played two games at once: it has two processes, one may be idle.
	busy.add(g(0, 2))
	busy.add(g(3, 0))
	busy.done(g(3, 0))
	if got := busy.pick([]tournament.Scheduled{g(1, 2), g(1, 0)}); got != 1 {
		t.Errorf("pick with a (two processes) and c playing = %d, want 1 (a's idle process)", got)
	}
	if (&Runner{Config: cfg}).inPlay(1) != nil {
		t.Error("one game at a time: the order changes")
	}
	cfg.Restart = "on"
	if (&Runner{Config: cfg}).inPlay(2) != nil {
		t.Error("a league that keeps no bot: the order changes")
	}
}
