//go:build linux

package sandbox

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/internal/testbin"
)

// spinners is a bot of a shell: children that spin in its group, in a
// group of their own (python3's setpgid, where there is one) and in a session of their own, and one
// that keeps sending SIGCONT to every process it can (in the sandbox, the
// bot's own).
const spinners = `
spin() { while :; do :; done; }
spin &
command -v python3 >/dev/null && python3 -c 'import os; os.setpgid(0, 0)
while True: pass' &
setsid sh -c 'while :; do :; done' &
sh -c 'while :; do kill -CONT -1 2>/dev/null; done' &
wait
`

// TestFrozenUsesNoCPU starts spinners in the sandbox and measures, from
// the host, the CPU time of every process of the bot's PID namespace while
// it is stopped between two calls: it does not advance, with the cgroup
// freezer and without a cgroup (its group stopped, setsid and setpgid
// refused); running, it does, so that the test can fail.
func TestFrozenUsesNoCPU(t *testing.T) {
	for _, tc := range []struct {
		name         string
		noCgroup, v1 bool
	}{
		{"freezer", false, false},
		{"freezer v1", false, true},
		{"no cgroup", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := New(Config{Path: "/bin/sh", Args: []string{"-c", spinners}, Launcher: testLauncher(t), NoCgroup: tc.noCgroup, freezerV1: tc.v1})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				// Killed while stopped, it dies: a task frozen by cgroup
				// v1 only once thawed, the launcher's first stage (frozen
				// too) only once it runs to reap the bot.
				b.Freeze()
				b.Kill()
				if !b.WaitExit(killWait) {
					t.Errorf("a stopped bot did not end within %v of Kill", killWait)
				}
				b.Sweep(killWait)
				if err := b.Close(); err != nil {
					t.Error(err)
				}
			})
			if err := b.Start([]string{"PATH=/usr/bin:/bin"}, os.Stderr, os.Stderr); err != nil {
				t.Fatal(err)
			}
			if err := b.Ready(); err != nil {
				t.Fatal(err)
			}
			t.Logf("cgroup freezer: %v, v1: %v", b.Frozen(), b.cg != nil && b.cg.freezeV1)
			time.Sleep(200 * time.Millisecond) // the children start
			b.Freeze()
			time.Sleep(20 * time.Millisecond) // the freeze completes
			before := namespaceCPU(t, b.Group())
			time.Sleep(500 * time.Millisecond)
			frozen := namespaceCPU(t, b.Group()) - before
			b.Thaw(false)
			before = namespaceCPU(t, b.Group())
			time.Sleep(500 * time.Millisecond)
			running := namespaceCPU(t, b.Group()) - before
			t.Logf("CPU in 500 ms: %v stopped, %v running", frozen, running)
			if frozen > time.Millisecond {
				t.Errorf("the bot's processes used %v of CPU in 500 ms while stopped", frozen)
			}
			if running < 50*time.Millisecond {
				t.Errorf("the bot's processes used %v of CPU in 500 ms running: the spinners do not spin", running)
			}
		})
	}
}

// TestFrozenAsUser runs TestFrozenUsesNoCPU again as an ordinary user
// (nobody), who may make no cgroup here.
func TestFrozenAsUser(t *testing.T) {
	out := testbin.AsUser(t, testbin.TestbotFor(t), "^TestFrozenUsesNoCPU$")
	if !strings.Contains(out, "--- PASS: TestFrozenUsesNoCPU") {
		t.Errorf("as nobody, the stop was not checked:\n%s", out)
	}
}

// namespaceCPU returns the CPU time used so far by the processes of the PID
// namespace of process pid, from their /proc/PID/schedstat.
func namespaceCPU(t *testing.T, pid int) time.Duration {
	t.Helper()
	ns, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/ns/pid")
	if err != nil {
		t.Fatal(err)
	}
	procs, err := listProcs()
	if err != nil {
		t.Fatal(err)
	}
	var total time.Duration
	for _, s := range procs {
		p := strconv.Itoa(s.pid)
		if l, err := os.Readlink("/proc/" + p + "/ns/pid"); err != nil || l != ns {
			continue
		}
		data, err := os.ReadFile("/proc/" + p + "/schedstat")
		if err != nil {
			continue
		}
		if f := strings.Fields(string(data)); len(f) > 0 {
			n, _ := strconv.ParseInt(f[0], 10, 64)
			total += time.Duration(n)
		}
	}
	return total
}
