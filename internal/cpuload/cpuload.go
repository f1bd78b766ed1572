// Package cpuload makes a machine busy for the tests of time charged on the
// CPU: busy loops, each a shell in a session of its own. It is for tests
// only.
//
// Each loop needs its own session: Linux shares the CPU between sessions
// first (autogroups, kernel.sched_autogroup_enabled), so that loops started
// in the test's own session share that session's part and barely slow a
// bot in its sandbox (a session of its own); loops of as many sessions take
// what a busy machine's other users would.
package cpuload

import (
	"context"
	"fmt"
	"os/exec"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// loop is one busy loop: a shell spinning until its CPU time limit (ulimit
// -t, in seconds) kills it, should every other way of ending it fail.
const loop = "ulimit -t %d; while :; do :; done"

// PerCPU is how many loops Start starts per core by default: three, so that
// other work cannot take a core back.
const PerCPU = 3

// Start starts n busy loops (0: PerCPU per core), each in a session of its
// own, for at most d; they are killed when the test ends (t.Cleanup), when
// stop is called, when d has passed, or, at the latest, when each has used
// d of CPU time. It skips the test where no shell can be started.
func Start(t testing.TB, n int, d time.Duration) (stop func()) {
	t.Helper()
	if n <= 0 {
		n = PerCPU * runtime.NumCPU()
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	var cmds []*exec.Cmd
	stop = func() {
		cancel()
		for _, c := range cmds {
			// The loop's session is its own group: kill all of it.
			_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
			_ = c.Wait()
		}
		cmds = nil
	}
	t.Cleanup(stop)
	secs := max(1, int(d.Seconds()+0.5))
	for range n {
		c := exec.CommandContext(ctx, "/bin/sh", "-c", fmt.Sprintf(loop, secs))
		c.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
		if err := c.Start(); err != nil {
			stop()
			t.Skipf("cannot start a busy loop: %v", err)
		}
		cmds = append(cmds, c)
	}
	// The loops start spinning.
	time.Sleep(50 * time.Millisecond)
	return stop
}
