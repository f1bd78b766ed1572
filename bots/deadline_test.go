package bots

import (
	"context"
	"testing"
	"time"
)

// TestDeadline checks that a Deadline runs on the clock the call is
// charged by: under clock: cpu a sleep does not spend it and computing
// does; under clock: wall the sleep spends it.
func TestDeadline(t *testing.T) {
	const budget = 30 * time.Millisecond
	for _, tc := range []struct {
		name string
		ctx  context.Context
		cpu  bool
	}{
		{"cpu", WithCPUClock(context.Background()), true},
		{"wall", context.Background(), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := NewDeadline(tc.ctx, budget)
			if _, readable := processCPU(); d.CPU() != (tc.cpu && readable) {
				t.Fatalf("CPU() = %v, want %v", d.CPU(), tc.cpu && readable)
			}
			time.Sleep(2 * budget)
			if d.Passed() == d.CPU() {
				t.Errorf("after a sleep of %v: passed %v (used %v), want %v", 2*budget, d.Passed(), d.Used(), !d.CPU())
			}
			x := 1
			for !d.Passed() {
				x = x*7 + 3
			}
			if d.CPU() {
				if used, _ := processCPU(); used-d.used < budget {
					t.Errorf("passed after %v of CPU time, want %v", used-d.used, budget)
				}
			}
			if d.Left() > 0 || x == 0 {
				t.Errorf("left %v after it passed", d.Left())
			}
		})
	}
}
