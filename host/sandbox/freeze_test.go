//go:build linux

package sandbox

import (
	"os"
	"path/filepath"
	"slices"
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
				// too where it could not leave the freezer) only once it
				// runs to reap the bot.
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
			// Every spinner runs before the stop: the shell and its
			// children (setsid and setpgid may be refused, and those die;
			// the launcher may or may not stay in the namespace), their
			// number settled.
			n := 0
			waitFor(t, "the spinners to start", func() bool {
				last := n
				n = namespaceProcs(t, b.Group())
				return n >= 2 && n == last
			})
			if b.Frozen() {
				// The bot is in its freezer's cgroup, the launcher's
				// first stage, which only waits for it, not.
				dir := filepath.Dir(b.cg.freeze.Name())
				waitFor(t, "the launcher's first stage to leave the freezer", func() bool {
					procs := cgroupProcs(dir)
					return slices.Contains(procs, b.Group()) && !slices.Contains(procs, b.PID())
				})
			}
			b.Freeze()
			// The stop has taken hold once the CPU time stands still.
			last := namespaceCPU(t, b.Group())
			waitFor(t, "the stop to take hold", func() bool {
				now := namespaceCPU(t, b.Group())
				still := now == last
				last = now
				return still
			})
			before := namespaceCPU(t, b.Group())
			time.Sleep(500 * time.Millisecond)
			frozen := namespaceCPU(t, b.Group()) - before
			t.Logf("CPU in 500 ms stopped: %v", frozen)
			if frozen > time.Millisecond {
				t.Errorf("the bot's processes used %v of CPU in 500 ms while stopped", frozen)
			}
			// Thawed, they spin again: however little of the CPU a busy
			// machine leaves them, their CPU time grows.
			b.Thaw(false)
			before = namespaceCPU(t, b.Group())
			waitFor(t, "the spinners to use 50 ms of CPU once thawed", func() bool {
				return namespaceCPU(t, b.Group())-before >= 50*time.Millisecond
			})
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

// waitFor polls cond until it holds, failing t when it does not within
// 10 s: a condition, not a guess at how long the machine takes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s", what)
		}
	}
}

// namespacePIDs returns the processes of the PID namespace of process pid.
func namespacePIDs(t *testing.T, pid int) []string {
	t.Helper()
	ns, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/ns/pid")
	if err != nil {
		t.Fatal(err)
	}
	procs, err := listProcs()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range procs {
		p := strconv.Itoa(s.pid)
		if l, err := os.Readlink("/proc/" + p + "/ns/pid"); err == nil && l == ns {
			out = append(out, p)
		}
	}
	return out
}

// namespaceProcs returns how many processes the PID namespace of process
// pid holds, less its first (the launcher).
func namespaceProcs(t *testing.T, pid int) int { return len(namespacePIDs(t, pid)) - 1 }

// namespaceCPU returns the CPU time used so far by the processes of the PID
// namespace of process pid, from their /proc/PID/schedstat.
func namespaceCPU(t *testing.T, pid int) time.Duration {
	t.Helper()
	var total time.Duration
	for _, p := range namespacePIDs(t, pid) {
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
