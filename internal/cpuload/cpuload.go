// Package cpuload makes a machine busy for the tests of time charged on the
// CPU: busy loops, each a shell in a session of its own. It is for tests
// only.
//
// Each loop needs its own session: Linux shares the CPU between sessions
// first (autogroups, kernel.sched_autogroup_enabled), so that loops started
// in the test's own session share that session's part and barely slow a
// bot in its sandbox (a session of its own); loops of as many sessions take
// what a busy machine's other users would.
//
// The loops are bounded by the CPU time they use, not by how long they
// run: the work beside them, slowed by whatever else the machine runs,
// may take longer, but the loops burn no more.
package cpuload

import (
	"fmt"
	"os/exec"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// loop is one busy loop: a shell spinning until its CPU time limit (ulimit
// -t, in seconds) ends it, unless it is killed first.
const loop = "ulimit -t %d; while :; do :; done"

// PerCPU is how many loops Start starts per core by default: three, so that
// other work cannot take a core back.
const PerCPU = 3

// Start starts n busy loops (0: PerCPU per core), each in a session of its
// own, each of which ends when it has used cpu of CPU time (in whole
// seconds, one at least), when stop is called or when the test ends
// (t.Cleanup); stop logs the CPU time they used. It skips the test where
// no shell can be started.
func Start(t testing.TB, n int, cpu time.Duration) (stop func()) {
	t.Helper()
	if n <= 0 {
		n = PerCPU * runtime.NumCPU()
	}
	secs := max(1, int(cpu/time.Second))
	var cmds []*exec.Cmd
	stop = func() {
		if cmds == nil {
			return
		}
		var used time.Duration
		for _, c := range cmds {
			// The loop's session is its own group: kill all of it.
			_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
			_ = c.Wait()
			used += c.ProcessState.UserTime() + c.ProcessState.SystemTime()
		}
		t.Logf("%d busy loops used %v of CPU time (at most %d s each)", len(cmds), used.Round(time.Millisecond), secs)
		cmds = nil
	}
	t.Cleanup(stop)
	for range n {
		c := exec.Command("/bin/sh", "-c", fmt.Sprintf(loop, secs))
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
