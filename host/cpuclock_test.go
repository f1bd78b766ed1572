//go:build linux

package host

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/internal/cpuload"
	"github.com/arenabots/arena/referee"
)

// TestJogarMeasuresCPU checks the CPU time Jogar reports beside the wall
// time: a bot that thinks 120 ms in CPU is charged that, and a little of
// its answer; a bot that sleeps almost nothing; a bot without a cgroup is
// not measured.
func TestJogarMeasuresCPU(t *testing.T) {
	for _, tc := range []struct {
		name     string
		mode     []string
		noCgroup bool
		min, max time.Duration // the CPU time, when measured
	}{
		{"burn", []string{"burn", "60"}, false, 120 * time.Millisecond, 160 * time.Millisecond},
		{"sleep", []string{"punctual", "60"}, false, 0, 20 * time.Millisecond},
		{"no cgroup", []string{"burn", "60"}, true, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := testSpec(tc.mode[0], tc.mode[1:]...)
			spec.noCgroup = tc.noCgroup
			p := startTest(t, spec)
			st := cavalo.Game{}.New(1)
			reply, err := p.Jogar(context.Background(), referee.Request{State: st, Tempo: 200 * time.Millisecond, Legal: st.Moves(nil)})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("wall %v, CPU %v (measured %v), the bot's own CPU %v", reply.Elapsed, reply.CPU, reply.CPUMeasured, time.Duration(reply.Stats.Nodes))
			if _, counted := p.box.CPUTime(); !counted && !tc.noCgroup {
				t.Skip("no cgroup counts a bot's CPU time here")
			}
			if reply.CPUMeasured == tc.noCgroup {
				t.Fatalf("CPU measured %v, want %v", reply.CPUMeasured, !tc.noCgroup)
			}
			if tc.noCgroup {
				return
			}
			if reply.CPU < tc.min || reply.CPU > tc.max {
				t.Errorf("CPU %v, want %v to %v", reply.CPU, tc.min, tc.max)
			}
		})
	}
}

// TestCallSaysItsClock checks that a call charged the bot's CPU time says
// so to the bot (bots.ChargedCPU, from which the SDK's Deadline and the Lisp
// adapter pick their clock), and a call charged its wall time does not.
func TestCallSaysItsClock(t *testing.T) {
	p := startTest(t, testSpec("clock"))
	if _, ok := p.box.CPUTime(); !ok {
		t.Skip("no cgroup counts a bot's CPU time here: every call is charged its wall time")
	}
	for _, tc := range []struct {
		name  string
		limit time.Duration
		want  int64
	}{
		{"cpu", time.Second, 1},
		{"wall", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := cavalo.Game{}.New(1)
			reply, err := p.Jogar(context.Background(), referee.Request{State: st, Tempo: time.Second, Legal: st.Moves(nil), CPULimit: tc.limit})
			if err != nil {
				t.Fatal(err)
			}
			if reply.Stats.Cuts != tc.want {
				t.Errorf("the bot was told %d, want %d", reply.Stats.Cuts, tc.want)
			}
		})
	}
}

// TestCPUClockOnABusyMachine plays a bot that thinks 60 % of its tempo in
// CPU against itself while three busy loops per core, each in a session of
// its own, take the machine: under clock: cpu neither side loses on time
// in eight moves, whatever the wall clock says; under clock: wall the first
// call loses on time. A bot in its sandbox is a session of its own, one
// among 3×NumCPU+1: it gets a fraction of a core, and its 90 ms of CPU take
// several times the tempo by the wall clock (the limit is 2.2 times that CPU
// time, as with a tempo of 300 ms and a margin of 100: the shorter tempo
// shows the same in half the time).
func TestCPUClockOnABusyMachine(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every core for seconds")
	}
	probe := startTest(t, testSpec("ok"))
	if _, ok := probe.box.CPUTime(); !ok {
		t.Skip("no cgroup counts a bot's CPU time here: clock: cpu falls back to the wall clock")
	}
	const tempo, margin = 150 * time.Millisecond, 50 * time.Millisecond
	// Each loop ends when it has used 3 s of CPU time, more than it uses
	// here on a quiet machine (the six of two cores, 5 s in all).
	cpuload.Start(t, 0, 3*time.Second)
	t.Logf("%d busy loops, each in a session of its own", cpuload.PerCPU*runtime.NumCPU())
	for _, tc := range []struct {
		name  string
		cpu   bool
		moves int // moves played before the match is stopped; 0: to its end
	}{
		{"cpu", true, 8},
		{"wall", false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			white, black := startTest(t, testSpec("burn", "60")), startTest(t, testSpec("burn", "60"))
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			n := 0
			rec := referee.Match(ctx, cavalo.Game{}.New(3), [2]referee.Player{white, black}, referee.MatchOptions{
				Clock: referee.Clock{Tempo: tempo, Margin: margin, CPU: tc.cpu},
				OnMove: func(mr referee.MoveRecord) {
					cpu := "-"
					if mr.CPU != nil {
						cpu = mr.CPU.Round(time.Millisecond).String()
					}
					t.Logf("ply %d %s: wall %v, CPU %s", mr.Ply, mr.Side, mr.Elapsed.Round(time.Millisecond), cpu)
					if n++; n == tc.moves {
						cancel()
					}
				},
			})
			var slowest time.Duration
			for _, mr := range rec.Moves {
				slowest = max(slowest, mr.Elapsed)
			}
			t.Logf("%s: reason %v (%s), slowest call %v of wall time", tc.name, rec.Reason, rec.Detail, slowest.Round(time.Millisecond))
			if tc.cpu {
				if rec.Reason != referee.Interrupted || len(rec.Moves) < tc.moves {
					t.Fatalf("reason %v (%s) after %d moves, want %d moves and no verdict", rec.Reason, rec.Detail, len(rec.Moves), tc.moves)
				}
				if slowest <= tempo+margin {
					t.Logf("no call took longer than the limit by the wall clock: the machine was not busy enough to tell the clocks apart")
				}
				return
			}
			if rec.Reason != referee.Timeout || rec.Loser != referee.White || !strings.HasPrefix(rec.Detail, "white: ") {
				t.Errorf("reason %v, loser %v (%s), want white's timeout on its first call", rec.Reason, rec.Loser, rec.Detail)
			}
		})
	}
}

// TestCPUClockVerdicts judges calls of real bots under both clocks: a bot
// that sleeps past its tempo before answering uses no CPU and is on time
// under clock: cpu only; a bot that never answers is cut off at the wall
// cap; a bot that thinks beyond its tempo in CPU loses under both. The
// cases play at once: the cap's wait is the longest, 5 s.
func TestCPUClockVerdicts(t *testing.T) {
	const tempo, margin = 100 * time.Millisecond, 50 * time.Millisecond
	for _, tc := range []struct {
		name   string
		mode   []string
		cpu    bool
		reason referee.Reason // 0: accepted
		detail string
	}{
		{"late cpu", []string{"late", "150"}, true, 0, ""},
		{"late wall", []string{"late", "150"}, false, referee.Timeout, ""},
		{"sleep cpu", []string{"sleep"}, true, referee.Timeout, "no answer within 5.05s of wall time, the cap of clock: cpu"},
		{"burn cpu", []string{"burn", "200"}, true, referee.Timeout, "of CPU time"},
		{"burn wall", []string{"burn", "200"}, false, referee.Timeout, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := startTest(t, testSpec(tc.mode[0], tc.mode[1:]...))
			if _, ok := p.box.CPUTime(); !ok && tc.cpu {
				t.Skip("no cgroup counts a bot's CPU time here")
			}
			st := cavalo.Game{}.New(1)
			clock := referee.Clock{Tempo: tempo, Margin: margin, CPU: tc.cpu}
			call := referee.Ask(context.Background(), p, st, st.Moves(nil), clock)
			j := referee.Judge(st, clock, call)
			t.Logf("wall %v, CPU %v", call.Elapsed, call.CPU)
			switch {
			case tc.reason == 0 && j.Verdict != nil:
				t.Errorf("verdict %v (%s), want the move accepted", j.Verdict.Reason, j.Verdict.Detail)
			case tc.reason != 0 && j.Verdict == nil:
				t.Errorf("move accepted, want %v", tc.reason)
			case tc.reason != 0 && (j.Verdict.Reason != tc.reason || !strings.Contains(j.Verdict.Detail, tc.detail)):
				t.Errorf("verdict %v (%s), want %v with %q", j.Verdict.Reason, j.Verdict.Detail, tc.reason, tc.detail)
			}
		})
	}
}

// TestCPUBudgetEnforced plays, at a tempo of 100 ms under clock: cpu, bots
// that compute past their budget: one that spins on every core, one that
// thinks ten times its tempo on one thread, one that allocates without end.
// The host watches the bot's cgroup during the call and ends it once its
// CPU time passes the limit: each call ends as a timeout that says what
// was used (the allocating bot may end first as a crash, out of memory),
// charged less than the bot would have used unwatched.
func TestCPUBudgetEnforced(t *testing.T) {
	const tempo, margin = 100 * time.Millisecond, 50 * time.Millisecond
	for _, tc := range []struct {
		name   string
		mode   []string
		memory bool // a crash out of memory is a right end too
	}{
		{"every core", []string{"busy"}, false},
		{"one thread", []string{"burn", "1000"}, false},
		{"memory", []string{"memory"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := startTest(t, testSpec(tc.mode[0], tc.mode[1:]...))
			if _, ok := p.box.CPUTime(); !ok {
				t.Skip("no cgroup counts a bot's CPU time here")
			}
			st := cavalo.Game{}.New(1)
			clock := referee.Clock{Tempo: tempo, Margin: margin, CPU: true}
			call := referee.Ask(context.Background(), p, st, st.Moves(nil), clock)
			j := referee.Judge(st, clock, call)
			if j.Verdict == nil {
				t.Fatalf("move accepted, want a verdict")
			}
			t.Logf("%v (%s): wall %v, CPU %v", j.Verdict.Reason, j.Verdict.Detail, call.Elapsed, call.CPU)
			switch {
			case tc.memory && j.Verdict.Reason == referee.Crash && strings.Contains(j.Verdict.Detail, "memory limit"):
			case j.Verdict.Reason != referee.Timeout || !strings.Contains(j.Verdict.Detail, "used ") || !strings.Contains(j.Verdict.Detail, "limit 150ms"):
				t.Errorf("verdict %v (%s), want a timeout that says the CPU time used and the limit", j.Verdict.Reason, j.Verdict.Detail)
			}
			// Ended by the watch, the call is charged its limit and what the
			// bot used before the host's next look, which a busy machine
			// delays: the bound is what none of these bots would stay
			// under unwatched (the one thread thinks 1 s; the others run to
			// the wall cap, 5.05 s), not how promptly the host looked.
			if !call.CPUMeasured || call.CPU >= time.Second {
				t.Errorf("charged %v of CPU time (measured %v), want under %v", call.CPU, call.CPUMeasured, time.Second)
			}
		})
	}
}

// TestGameClockSleeper plays, under game clocks charged in CPU time, bots
// that wait instead of thinking against one that answers at once. One
// sleeps a minute at every move: it uses no CPU, yet under a clock of 6 s
// it is cut off at the cap on its move's budget (10 × 200 ms, at least
// 5 s, plus the margin) and loses on time at its first move, not after 45 s
// or more. One sleeps its budget plus 3 s at every move, under the cap:
// each call is charged a tenth of its wall time, so its clock of 1 s runs
// out (at its fourth move), and its calls last at most 10 times its clock
// plus one cap in all. The two games only wait: they play at once.
func TestGameClockSleeper(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the wall-time cap, 5 s, and a game of 12 s")
	}
	const margin = 50 * time.Millisecond
	for _, tc := range []struct {
		name   string
		mode   []string
		base   time.Duration
		detail string
	}{
		{"sleeps a minute", []string{"sleep"}, 6 * time.Second, "cut off at 5.05s of wall time"},
		{"sleeps under the cap", []string{"late", "3000"}, time.Second, "charged, 1/10 of"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			white, black := startTest(t, testSpec(tc.mode[0], tc.mode[1:]...)), startTest(t, testSpec("ok"))
			if _, ok := white.box.CPUTime(); !ok {
				t.Skip("no cgroup counts a bot's CPU time here")
			}
			clock := referee.Clock{Margin: margin, CPU: true, Control: &referee.TimeControl{Base: tc.base}}
			start := time.Now()
			rec := referee.Match(context.Background(), cavalo.Game{}.New(2), [2]referee.Player{white, black}, referee.MatchOptions{Clock: clock})
			var waited time.Duration
			for _, mr := range rec.Moves {
				if mr.Side == referee.White {
					waited += mr.Elapsed
				}
			}
			t.Logf("reason %v (%s), %d moves, white's calls %v, the game %v", rec.Reason, rec.Detail, len(rec.Moves), waited.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
			if rec.Reason != referee.Timeout || rec.Loser != referee.White || !strings.Contains(rec.Detail, tc.detail) {
				t.Errorf("reason %v, loser %v (%s), want white's timeout with %q", rec.Reason, rec.Loser, rec.Detail, tc.detail)
			}
			cap := referee.Clock{Tempo: tc.base / 30, Margin: margin, CPU: true, GameClock: &referee.ClockState{Side: referee.White}}.WallCap()
			if bound := referee.WallCapFactor*(tc.base+margin) + cap; waited > bound {
				t.Errorf("white's calls took %v in all, more than %d × its clock and margin plus one cap, %v", waited, referee.WallCapFactor, bound)
			}
		})
	}
}
