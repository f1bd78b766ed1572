//go:build linux

package sandbox

import (
	"os"
	"slices"
	"testing"
	"time"
)

func TestParseCPU(t *testing.T) {
	for _, tc := range []struct {
		name string
		data string
		v1   bool
		want time.Duration
		ok   bool
	}{
		{"v2", "usage_usec 206785\nuser_usec 202808\nsystem_usec 3977\n", false, 206785 * time.Microsecond, true},
		{"v2 cut", "usage_usec 12", false, 12 * time.Microsecond, true},
		{"v2 zero", "usage_usec 0\nuser_usec 0\n", false, 0, true},
		{"v2 no usage", "user_usec 1\n", false, 0, false},
		{"v2 garbage", "usage_usec x\n", false, 0, false},
		{"v1", "1234567890\n", true, 1234567890, true},
		{"v1 empty", "", true, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := parseCPU([]byte(tc.data), tc.v1)
			if got != tc.want || ok != tc.ok {
				t.Errorf("parseCPU(%q, %v) = %v, %v; want %v, %v", tc.data, tc.v1, got, ok, tc.want, tc.ok)
			}
		})
	}
}

// TestCPUTime checks that a bot's cgroup counts the CPU time of all its
// processes, one in a session of its own included, as /proc counts it;
// and nothing while it is frozen.
func TestCPUTime(t *testing.T) {
	for _, tc := range []struct {
		name string
		v1   bool
	}{
		{"v2", false},
		{"v1", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := New(Config{Path: "/bin/sh", Args: []string{"-c", spinners}, Launcher: testLauncher(t), freezerV1: tc.v1})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				b.Freeze()
				b.Kill()
				b.WaitExit(killWait)
				b.Sweep(killWait)
				if err := b.Close(); err != nil {
					t.Error(err)
				}
			})
			if _, ok := b.CPUTime(); !ok {
				t.Skipf("no cgroup counts a bot's CPU time here (%s)", b.cg.describeCPU())
			}
			if tc.v1 != b.cg.cpuV1 {
				t.Skipf("no cgroup %s counts the CPU time here (%s)", tc.name, b.cg.describeCPU())
			}
			if err := b.Start([]string{"PATH=/usr/bin:/bin"}, os.Stderr, os.Stderr); err != nil {
				t.Fatal(err)
			}
			if err := b.Ready(); err != nil {
				t.Fatal(err)
			}
			// Both counts are read while the bot is frozen and its cgroup's
			// count has stopped, so that no reading races its processes; and
			// again where a process left the family between the two (the
			// python3 and setsid that the sandbox refuses exit when they get
			// to it, however late a busy machine lets them start), whose time
			// the cgroup keeps and /proc no longer shows.
			stopped := func() (time.Duration, []string, time.Duration) {
				b.Freeze()
				prev, _ := b.CPUTime()
				for deadline := time.Now().Add(10 * time.Second); ; {
					time.Sleep(10 * time.Millisecond)
					cur, _ := b.CPUTime()
					if cur == prev {
						break
					}
					if time.Now().After(deadline) {
						t.Fatalf("the cgroup still counts CPU time 10 s after the bot was frozen (%v)", cur)
					}
					prev = cur
				}
				return prev, namespacePIDs(t, b.Group()), namespaceCPU(t, b.Group())
			}
			var counted, seen, cg1 time.Duration
			for try := 1; ; try++ {
				cg0, pids0, proc0 := stopped()
				b.Thaw(false)
				// They spin until the cgroup has counted 200 ms, however
				// little of the CPU a busy machine leaves them.
				waitFor(t, "the spinners to use 200 ms of CPU", func() bool {
					now, _ := b.CPUTime()
					return now-cg0 >= 200*time.Millisecond
				})
				var pids1 []string
				var proc1 time.Duration
				cg1, pids1, proc1 = stopped()
				counted, seen = cg1-cg0, proc1-proc0
				if slices.Equal(pids0, pids1) {
					break
				}
				t.Logf("the bot's processes were %v, then %v: again", pids0, pids1)
				if try == 5 {
					t.Fatal("the bot's family changed in 5 tries")
				}
				b.Thaw(false)
			}
			time.Sleep(300 * time.Millisecond)
			cg2, _ := b.CPUTime()
			t.Logf("%s: the cgroup counted %v, /proc %v; frozen, %v", b.cg.describeCPU(), counted, seen, cg2-cg1)
			if counted < seen*9/10 || counted > seen*11/10+10*time.Millisecond {
				t.Errorf("the cgroup counted %v, /proc %v: want the same within 10 %%", counted, seen)
			}
			if frozen := cg2 - cg1; frozen > time.Millisecond {
				t.Errorf("the cgroup counted %v while the bot was frozen", frozen)
			}
		})
	}
}

// BenchmarkCPUTime times one reading of a bot's CPU time from its cgroup:
// Jogar makes two per call.
//
//	go test -run '^$' -bench CPUTime ./host/sandbox
func BenchmarkCPUTime(b *testing.B) {
	for _, bc := range []struct {
		name string
		v1   bool
	}{{"v2", false}, {"v1", true}} {
		b.Run(bc.name, func(b *testing.B) {
			me, err := self()
			if err != nil {
				b.Fatal(err)
			}
			cg := newCgroup(ownerPrefix(me)+"bench", 1, 0, bc.v1)
			defer func() { _ = cg.remove(drainWait) }()
			if _, ok := cg.cpuTime(); !ok || cg.cpuV1 != bc.v1 {
				b.Skipf("no cgroup %s counts the CPU time here (%s)", bc.name, cg.describeCPU())
			}
			for b.Loop() {
				if _, ok := cg.cpuTime(); !ok {
					b.Fatal("the reading failed")
				}
			}
		})
	}
}
