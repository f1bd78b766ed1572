//go:build linux

package host

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arenabots/arena/bots/wire"
)

// TestWatchCPU runs the watch on a fake cgroup whose CPU time grows by a
// step at every reading: a call that keeps thinking is ended once, with
// more than its limit; a call that answers first is never ended; a cgroup
// that cannot be read ends the watch.
func TestWatchCPU(t *testing.T) {
	const limit = 20 * time.Millisecond
	for _, tc := range []struct {
		name     string
		step     time.Duration // CPU time added at each reading
		unread   bool          // the cgroup cannot be read
		answerIn time.Duration // when the call answers; 0: never
		over     bool
	}{
		{"thinks past its limit", 3 * time.Millisecond, false, 0, true},
		{"thinks little", 0, false, 100 * time.Millisecond, false},
		{"unreadable", time.Millisecond, true, 100 * time.Millisecond, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var now atomic.Int64
			now.Store(int64(time.Second))
			read := func() (time.Duration, bool) {
				return time.Duration(now.Add(int64(tc.step))), !tc.unread
			}
			overs := make(chan time.Duration, 2)
			stop := watchCPU(read, time.Second, limit, func(used time.Duration) { overs <- used })
			var used time.Duration
			ended := false
			if tc.answerIn == 0 {
				used, ended = <-overs, true
			} else {
				select {
				case used, ended = <-overs:
				case <-time.After(tc.answerIn):
				}
			}
			stop()
			if ended != tc.over {
				t.Fatalf("ended %v (used %v), want %v", ended, used, tc.over)
			}
			if ended && used <= limit {
				t.Errorf("ended at %v, want more than %v", used, limit)
			}
			if len(overs) > 0 {
				t.Errorf("ended %d more times", len(overs))
			}
		})
	}
}

// BenchmarkWatchCPU is what chargeCPU adds to a call that answers before
// its first reading: the call's context marked and made cancellable, a
// timer armed and stopped. BenchmarkJogarHost/stopped-watched measures it
// inside a whole call.
func BenchmarkWatchCPU(b *testing.B) {
	parent, cancel := context.WithCancel(context.Background())
	defer cancel()
	read := func() (time.Duration, bool) { return 0, true }
	for b.Loop() {
		ctx, end := context.WithCancelCause(wire.WithCPUClock(parent))
		stop := watchCPU(read, 0, time.Second, func(used time.Duration) { end(&overCPU{used: used}) })
		stop()
		end(nil)
		_ = ctx
	}
}
