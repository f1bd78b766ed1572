package lisp

import (
	"context"
	"testing"
	"time"

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

// TestFullGameAtTempo1000 plays a whole game at tempo 1000 ms with the
// recommended margin, with a bot that spends 99.5 % of every tempo: it must
// end normally, without a false timeout. It reports the largest overhead
// the referee measured beyond the bot's own time.
func TestFullGameAtTempo1000(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game at 1 s per move")
	}
	a, _ := startAdapter(t, Config{Files: []string{"testdata/slow.lisp"}, IndexBase: 1})
	clock := referee.Clock{Tempo: time.Second, Margin: RecommendedMargin}
	var worst, total time.Duration
	n := 0
	opt := referee.MatchOptions{Clock: clock, OnMove: func(m referee.MoveRecord) {
		if m.Side != referee.White || m.Forced {
			return
		}
		over := m.Elapsed - clock.Tempo
		worst, total, n = max(worst, over), total+over, n+1
	}}
	st := cavalo.New(5)
	rec := referee.Match(context.Background(), &st, [2]referee.Player{botPlayer{a}, greedy{}}, opt)
	if rec.Reason != referee.Normal {
		t.Fatalf("game ended with %s: %s", rec.Reason, rec.Detail)
	}
	if n < 10 {
		t.Fatalf("the bot played %d moves; want a real game", n)
	}
	t.Logf("%d moves at 99.5%% of 1000 ms: time beyond tempo mean %v, worst %v (margin %v)",
		n, (total / time.Duration(n)).Round(time.Microsecond), worst.Round(time.Microsecond), RecommendedMargin)
}
