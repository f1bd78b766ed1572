package bots

import (
	"context"
	"time"
)

// cpuClockKey is the context key of a call charged the bot's CPU time.
type cpuClockKey struct{}

// WithCPUClock returns ctx marked as the context of a call that arena
// charges the bot's CPU time (what Serve does under a league's clock: cpu).
func WithCPUClock(ctx context.Context) context.Context {
	return context.WithValue(ctx, cpuClockKey{}, true)
}

// ChargedCPU reports whether arena charges the call whose context is ctx
// the CPU time the bot uses (a league's clock: cpu, the default: all the
// bot's threads and processes, whatever else the machine runs), rather
// than the wall time from request to answer (clock: wall).
func ChargedCPU(ctx context.Context) bool {
	cpu, _ := ctx.Value(cpuClockKey{}).(bool)
	return cpu
}

// A Deadline is when a call's budget runs out on the clock arena charges
// the call by: the process's CPU time under clock: cpu, the wall clock
// under clock: wall. A bot that searches until its Deadline has Passed
// stops at its budget in charged time, on a quiet machine or a busy one:
//
//	d := bots.NewDeadline(ctx, tempo-tempo/10)
//	for depth := 1; !d.Passed(); depth++ { ... }
//
// Where the process's CPU time cannot be read (an OS other than Linux,
// macOS and the BSDs), the wall clock stands in.
type Deadline struct {
	budget time.Duration
	cpu    bool
	start  time.Time     // the wall clock's start
	used   time.Duration // the process's CPU time at the start, when cpu
}

// NewDeadline starts a Deadline budget from now, on the clock the call
// whose context is ctx is charged by (see ChargedCPU).
func NewDeadline(ctx context.Context, budget time.Duration) Deadline {
	d := Deadline{budget: budget, start: time.Now()}
	if ChargedCPU(ctx) {
		d.used, d.cpu = processCPU()
	}
	return d
}

// CPU reports whether d runs on the process's CPU time.
func (d Deadline) CPU() bool { return d.cpu }

// Used returns the time charged since d started: the CPU time the process
// used (all its threads), or the wall time.
func (d Deadline) Used() time.Duration {
	if d.cpu {
		if now, ok := processCPU(); ok {
			return now - d.used
		}
	}
	return time.Since(d.start)
}

// Left returns what is left of the budget, negative once it passed.
func (d Deadline) Left() time.Duration { return d.budget - d.Used() }

// Passed reports whether the budget is used.
func (d Deadline) Passed() bool { return d.Left() <= 0 }
