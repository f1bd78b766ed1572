package lines

import (
	"context"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/referee"
)

func TestGoLine(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		clocks *referee.ClockState
		cpu    bool
		tempo  time.Duration
		want   string
	}{
		{nil, false, 1000 * ms, "go tempo 1000"},
		{nil, true, 1000 * ms, "go tempo 1000 clock cpu"},
		{&referee.ClockState{Side: referee.White, Remaining: [2]time.Duration{1950 * ms, 2000 * ms}, Inc: 50 * ms}, true, 115 * ms, "go tempo 115 wtime 1950 btime 2000 winc 50 binc 50 clock cpu"},
		{&referee.ClockState{Side: referee.White, Remaining: [2]time.Duration{1950 * ms, 2000 * ms}, Inc: 50 * ms}, false, 115 * ms, "go tempo 115 wtime 1950 btime 2000 winc 50 binc 50"},
		{&referee.ClockState{Side: referee.Black, Remaining: [2]time.Duration{60000 * ms, 58210 * ms}, MovesToGo: 38}, false, 1531 * ms, "go tempo 1531 wtime 60000 btime 58210 winc 0 binc 0 movestogo 38"},
	} {
		ctx := context.Background()
		if tc.clocks != nil {
			ctx = bots.WithClocks(ctx, tc.clocks)
		}
		if tc.cpu {
			ctx = bots.WithCPUClock(ctx)
		}
		if got := goLine(ctx, tc.tempo); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
