package referee_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
	. "github.com/arenabots/arena/referee"
)

const ms = time.Millisecond

func TestWallCap(t *testing.T) {
	game := &ClockState{Side: Black, Remaining: [2]time.Duration{9 * time.Second, 2 * time.Second}}
	for _, tc := range []struct {
		name  string
		clock Clock
		want  time.Duration
	}{
		{"no limit", Clock{}, 0},
		{"no limit cpu", Clock{CPU: true}, 0},
		{"wall", Clock{Tempo: 300 * ms, Margin: 50 * ms}, 350 * ms},
		{"cpu", Clock{Tempo: 300 * ms, Margin: 50 * ms, CPU: true}, 5050 * ms},
		{"cpu long", Clock{Tempo: 2 * time.Second, Margin: 50 * ms, CPU: true}, 20050 * ms},
		{"game wall", Clock{Tempo: 100 * ms, Margin: 50 * ms, GameClock: game}, 2050 * ms},
		{"game cpu", Clock{Tempo: 100 * ms, Margin: 50 * ms, GameClock: game, CPU: true}, 5050 * ms},
		{"game cpu: the move's budget", Clock{Tempo: 800 * ms, Margin: 50 * ms, GameClock: game, CPU: true}, 8050 * ms},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.clock.WallCap(); got != tc.want {
				t.Errorf("WallCap() = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestJudgeChargesTheClock judges answers on the figure the clock charges:
// the CPU time under clock: cpu where the player measured it, the wall
// time otherwise.
func TestJudgeChargesTheClock(t *testing.T) {
	st := cavalo.Game{}.New(7)
	move := st.FormatMove(st.Moves(nil)[0])
	wall := Clock{Tempo: 100 * ms, Margin: 50 * ms}
	cpu := wall
	cpu.CPU = true
	game := &ClockState{Side: st.ToMove(), Remaining: [2]time.Duration{100 * ms, 100 * ms}}
	cpuGame := cpu
	cpuGame.GameClock = game
	cutOff := NewFault(FaultTimeout, context.DeadlineExceeded)
	for _, tc := range []struct {
		name    string
		clock   Clock
		call    Call
		charged time.Duration
		reason  Reason // 0: accepted
		detail  string
	}{
		{"cpu: busy machine", cpu, Call{Elapsed: 400 * ms, CPU: 60 * ms, CPUMeasured: true}, 60 * ms, 0, ""},
		{"wall: busy machine", wall, Call{Elapsed: 400 * ms, CPU: 60 * ms, CPUMeasured: true}, 400 * ms, Timeout, "answered after 400ms, limit 150ms"},
		{"cpu: over", cpu, Call{Elapsed: 170 * ms, CPU: 160 * ms, CPUMeasured: true}, 160 * ms, Timeout, "answered after 160ms of CPU time (170ms wall), limit 150ms"},
		{"cpu: not measured", cpu, Call{Elapsed: 200 * ms}, 200 * ms, Timeout, "answered after 200ms, limit"},
		{"cpu: not measured, in time", cpu, Call{Elapsed: 90 * ms}, 90 * ms, 0, ""},
		{"cpu: cut off at the cap", cpu, Call{Elapsed: 350 * ms, CPU: 5 * ms, CPUMeasured: true, Err: cutOff}, 5 * ms, Timeout, "no answer within 5.05s of wall time, the cap of clock: cpu"},
		{"cpu: game clock", cpuGame, Call{Elapsed: 400 * ms, CPU: 140 * ms, CPUMeasured: true}, 140 * ms, 0, ""},
		{"cpu: game clock over", cpuGame, Call{Elapsed: 160 * ms, CPU: 151 * ms, CPUMeasured: true}, 151 * ms, Timeout, "clock ran out: 151ms of CPU time (160ms wall) taken"},
		{"cpu: game clock cut off", cpuGame, Call{Elapsed: 350 * ms, CPU: 1 * ms, CPUMeasured: true, Err: cutOff}, 35 * ms, Timeout, "cut off at 5.05s of wall time"},
		{"cpu: ended on its CPU time", cpu, Call{Elapsed: 180 * ms, CPU: 170 * ms, CPUMeasured: true, Err: cutOff}, 170 * ms, Timeout, "used 170ms of CPU time (180ms wall), limit 150ms"},
		{"cpu: game clock ended on its CPU time", cpuGame, Call{Elapsed: 180 * ms, CPU: 170 * ms, CPUMeasured: true, Err: cutOff}, 170 * ms, Timeout, "ended once it passed the time left"},
		{"cpu: game clock, waiting charged a tenth", cpuGame, Call{Elapsed: 900 * ms, CPU: 2 * ms, CPUMeasured: true}, 90 * ms, 0, ""},
		{"cpu: game clock, waiting over", cpuGame, Call{Elapsed: 2 * time.Second, CPU: 2 * ms, CPUMeasured: true}, 200 * ms, Timeout, "200ms charged, 1/10 of 2s wall (2ms of CPU time)"},
		{"cpu: crash", cpu, Call{Elapsed: 10 * ms, CPU: 1 * ms, CPUMeasured: true, Err: NewFault(FaultCrash, errors.New("exit 3"))}, 1 * ms, Crash, "exit 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.call.Err == nil {
				tc.call.Reply.Move = move
			}
			if got := tc.clock.Charged(tc.call); got != tc.charged {
				t.Errorf("Charged = %v, want %v", got, tc.charged)
			}
			j := Judge(st, tc.clock, tc.call)
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

// TestMatchChargesCPU plays a game whose players take long by the wall
// clock and report little CPU time: under clock: cpu they are not cut off at
// the limit, the record charges their CPU time and keeps both figures;
// under clock: wall the first call loses on time.
func TestMatchChargesCPU(t *testing.T) {
	slow := PlayerFunc(func(ctx context.Context, req Request) (Reply, error) {
		select {
		case <-time.After(req.Tempo * 2):
		case <-ctx.Done():
			return Reply{}, NewFault(FaultTimeout, ctx.Err())
		}
		r, err := firstLegal(ctx, req)
		r.CPU, r.CPUMeasured = req.Tempo/10, true
		return r, err
	})
	for _, tc := range []struct {
		name   string
		cpu    bool
		reason Reason
	}{
		{"cpu", true, Normal},
		{"wall", false, Timeout},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := cavalo.Game{}.New(7)
			clock := Clock{Tempo: 20 * ms, Margin: 5 * ms, CPU: tc.cpu}
			var rec Record
			if tc.cpu {
				// A short game: three moves each.
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				n := 0
				rec = Match(ctx, st, [2]Player{slow, slow}, MatchOptions{Clock: clock, OnMove: func(MoveRecord) {
					if n++; n == 6 {
						cancel()
					}
				}})
				if rec.Reason != Interrupted || len(rec.Moves) < 6 {
					t.Fatalf("reason %v (%s) after %d moves, want interrupted after 6", rec.Reason, rec.Detail, len(rec.Moves))
				}
			} else {
				rec = Match(context.Background(), st, [2]Player{slow, slow}, MatchOptions{Clock: clock})
				if rec.Reason != tc.reason || rec.Loser != White {
					t.Fatalf("reason %v, loser %v (%s), want %v, white", rec.Reason, rec.Loser, rec.Detail, tc.reason)
				}
			}
			if !tc.cpu {
				return
			}
			for _, mr := range rec.Moves[:1] {
				if mr.CPU == nil || *mr.CPU != 2*ms {
					t.Errorf("ply %d: CPU %v, want 2ms", mr.Ply, mr.CPU)
				}
				if mr.Elapsed < 2*clock.Tempo {
					t.Errorf("ply %d: wall %v, want at least %v", mr.Ply, mr.Elapsed, 2*clock.Tempo)
				}
			}
			if rec.Time[0] != 3*2*ms {
				t.Errorf("White charged %v, want 6ms: three calls' CPU time", rec.Time[0])
			}
		})
	}
}

// TestAskSendsTheCPULimit: a call charged CPU time carries its limit, for a
// player that ends the call once the bot passes it; a call charged its
// wall time carries none.
func TestAskSendsTheCPULimit(t *testing.T) {
	st := cavalo.Game{}.New(7)
	for _, tc := range []struct {
		name  string
		clock Clock
		want  time.Duration
	}{
		{"cpu", Clock{Tempo: 100 * ms, Margin: 50 * ms, CPU: true}, 150 * ms},
		{"cpu, game clock", Clock{Tempo: 100 * ms, Margin: 50 * ms, CPU: true, GameClock: &ClockState{Side: st.ToMove(), Remaining: [2]time.Duration{2 * time.Second, 2 * time.Second}}}, 2050 * ms},
		{"wall", Clock{Tempo: 100 * ms, Margin: 50 * ms}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got time.Duration
			p := PlayerFunc(func(ctx context.Context, req Request) (Reply, error) {
				got = req.CPULimit
				return firstLegal(ctx, req)
			})
			Ask(context.Background(), p, st, st.Moves(nil), tc.clock)
			if got != tc.want {
				t.Errorf("CPULimit %v, want %v", got, tc.want)
			}
		})
	}
}
