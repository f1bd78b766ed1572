//go:build linux

package host

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/arenabots/arena/bots/wire"
)

// minCPUWait is the shortest wait between two readings of a bot's CPU time
// while it thinks: the watch never reads the cgroup's file more often.
const minCPUWait = 2 * time.Millisecond

// chargeCPU readies a call charged the bot's CPU time: it returns ctx
// marked so for the bot (wire.WithCPUClock: the SDK's Deadline and the Lisp
// adapter then read the CPU clock), and ended with an *overCPU cause once
// the bot's cgroup counted more than limit of CPU time since before (see
// watchCPU), and the function that ends the watch. Without a limit (a call
// charged its wall time), or where the cgroup counted nothing before (ok
// false: the call is charged its wall time), it does nothing. ctx must be
// one whose cancel the caller defers.
func (p *Process) chargeCPU(ctx context.Context, limit, before time.Duration, ok bool) (context.Context, func()) {
	if !chargesCPU(limit, ok) {
		return ctx, func() {}
	}
	// The call's own cancel, which its caller defers, releases ctx: the
	// watch's end must not cancel it before the call's error is read.
	ctx, end := context.WithCancelCause(wire.WithCPUClock(ctx))
	stop := watchCPU(p.box.CPUTime, before, limit, func(used time.Duration) { end(&overCPU{used: used, limit: limit}) })
	return ctx, stop
}

// chargesCPU reports whether a call of CPU limit limit is charged the
// bot's CPU time: it has a limit, and the bot's cgroup counted its CPU
// time before the call (ok).
func chargesCPU(limit time.Duration, ok bool) bool { return limit > 0 && ok }

// overCPU is the cause of a call that the host ended because the bot's
// cgroup counted more CPU time than the call's limit.
type overCPU struct {
	used, limit time.Duration
}

func (e *overCPU) Error() string {
	return fmt.Sprintf("used %v of CPU time, limit %v: ended by arena", e.used.Round(time.Millisecond), e.limit)
}

// watchCPU watches a call's CPU time while the bot thinks, as contest
// judges do (isolate, DOMjudge's runguard): read returns the CPU time the
// bot's cgroup counted so far, and before is what it counted when the call
// began. A timer fires when the bot, running on every CPU arena may use,
// could have used what is left of limit; there the watch reads the cgroup
// and either calls over, once, with what the call used, or waits again for
// what is left. So a bot is ended within minCPUWait of CPU time per CPU
// past its limit, and a call that ends first costs a timer, no goroutine.
// The returned stop ends the watch; neither read nor over is called after
// stop returns.
func watchCPU(read func() (time.Duration, bool), before, limit time.Duration, over func(used time.Duration)) (stop func()) {
	cpus := time.Duration(max(runtime.NumCPU(), 1))
	wait := func(left time.Duration) time.Duration { return max(left/cpus, minCPUWait) }
	var (
		mu      sync.Mutex
		stopped bool
		t       *time.Timer
	)
	check := func() {
		// read under mu: once stop returns, the watch reads no more, and
		// its caller may close what read reads (the bot's cgroup).
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return
		}
		now, ok := read()
		if !ok {
			return
		}
		used := now - before
		if used > limit {
			stopped = true
			over(used)
			return
		}
		t.Reset(wait(limit - used))
	}
	mu.Lock()
	t = time.AfterFunc(wait(limit), check)
	mu.Unlock()
	return func() {
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		t.Stop()
	}
}
