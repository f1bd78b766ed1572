package lisp

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

// BenchmarkJogarOverhead measures the adapter's round trip per move with a
// bot that answers at once: encoding the state, the pipe to SBCL, reading
// it there, calling jogar, writing the answer back and decoding it.
func BenchmarkJogarOverhead(b *testing.B) {
	a, _ := startAdapter(b, Config{Files: []string{"testdata/first.lisp"}})
	st := cavalo.New(1)
	for range 3 {
		st.Play(st.Moves(nil)[0])
	}
	ctx := context.Background()
	var inside int64
	for b.Loop() {
		if _, err := a.Jogar(ctx, &st, time.Second); err != nil {
			b.Fatal(err)
		}
		inside += a.lastMicros
	}
	b.ReportMetric(float64(inside)*1e3/float64(b.N), "ns-in-jogar/op")
}

// BenchmarkFullGameAtTempo1000 plays a whole game at tempo 1000 ms with the
// recommended margin, with a bot that spends 99.5 % of every tempo, and
// reports the time the referee measured beyond the bot's own (mean and
// worst, in ms) and the false timeouts: the margin must absorb the
// transport, which on a busy machine is a matter of measure, not of a
// test (go test -run '^$' -bench FullGame -benchtime 1x ./bots/lisp).
func BenchmarkFullGameAtTempo1000(b *testing.B) {
	a, _ := startAdapter(b, Config{Files: []string{"testdata/slow.lisp"}, IndexBase: 1})
	clock := referee.Clock{Tempo: time.Second, Margin: RecommendedMargin}
	var worst, total time.Duration
	n, falseTimeouts := 0, 0
	opt := referee.MatchOptions{Clock: clock, OnMove: func(m referee.MoveRecord) {
		if m.Side != referee.White || m.Forced {
			return
		}
		over := m.Elapsed - clock.Tempo
		worst, total, n = max(worst, over), total+over, n+1
	}}
	for b.Loop() {
		st := cavalo.New(5)
		rec := referee.Match(context.Background(), &st, [2]referee.Player{bots.Local(a), greedy{}}, opt)
		switch {
		case rec.Reason == referee.Timeout:
			falseTimeouts++
		case rec.Reason != referee.Normal:
			b.Fatalf("game ended with %s: %s", rec.Reason, rec.Detail)
		}
	}
	if n == 0 {
		b.Fatal("the bot played no move")
	}
	b.ReportMetric(float64(total.Microseconds())/float64(n)/1000, "ms-over-tempo-mean")
	b.ReportMetric(float64(worst.Microseconds())/1000, "ms-over-tempo-worst")
	b.ReportMetric(float64(falseTimeouts), "false-timeouts")
}

// BenchmarkLoadHandedIn measures a start of testdata/handedin, whose
// loads are all retried: SBCL, the driver, and the files read by the
// driver's own loader.
func BenchmarkLoadHandedIn(b *testing.B) {
	requireSBCL(b)
	for b.Loop() {
		a, err := New(handedIn, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if err := a.Start(context.Background()); err != nil {
			b.Fatal(err)
		}
		a.Close()
	}
}

// TestBotReadsTheChargedClock plays testdata/clock.lisp, a bot that sleeps
// 300 ms and then computes until its clock (GET-INTERNAL-REAL-TIME) says
// 400 ms passed: under clock: cpu its clock advances with the CPU time
// SBCL uses, so it computes 400 ms of CPU time (the sleep does not count);
// under clock: wall its clock is the wall clock, and the sleep is most of
// its 400 ms. After the call its clock is the wall clock again.
func TestBotReadsTheChargedClock(t *testing.T) {
	a, log := startAdapter(t, Config{Files: []string{"testdata/clock.lisp"}})
	for _, tc := range []struct {
		name string
		cpu  bool
	}{
		{"cpu", true},
		{"wall", false},
		{"cpu again", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			if tc.cpu {
				ctx = bots.WithCPUClock(ctx)
			}
			st := cavalo.New(1)
			before := len(log.String())
			begun := time.Now()
			if _, err := a.Jogar(ctx, &st, time.Second); err != nil {
				t.Fatal(err)
			}
			// Its universal time is the wall's, in whole seconds: it may
			// advance a second more than the call took, however long a
			// busy machine made that.
			wall := 1 + int(time.Since(begun)/time.Second)
			var clock, run, universal, x int
			line := log.String()[before:]
			if _, err := fmt.Sscanf(line, "clock %d run %d universal %d x %d", &clock, &run, &universal, &x); err != nil {
				t.Fatalf("the bot printed %q: %v", line, err)
			}
			t.Logf("its clock %d ms, its CPU time %d ms, its universal time %d s", clock, run, universal)
			if tc.cpu && (run < 390 || clock-run > 10 || universal > wall) {
				t.Errorf("its clock %d ms, its CPU time %d ms, universal %d s (at most %d): want the clock to advance with the CPU time, 400 ms", clock, run, universal, wall)
			}
			if !tc.cpu && (clock < 400 || run > clock-250) {
				t.Errorf("its clock %d ms, its CPU time %d ms: want the wall clock, the 300 ms sleep not in the CPU time", clock, run)
			}
		})
	}
}
