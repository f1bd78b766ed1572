//go:build linux

package host

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/internal/testbin"
)

// runHost is the test binary as a host process that the tests kill (role
// "host", args MODE): it starts the test bot in mode, writes "ready GROUP
// DIR" and waits to be killed. It returns the exit status.
func runHost(args []string) int {
	if len(args) != 1 {
		fmt.Println("error: want the test bot's mode, got", args)
		return 2
	}
	spec := Spec{Path: testbot, Args: args, StartTimeout: 5 * time.Second, Launcher: SelfLauncher(testbot)}
	p, err := Start(context.Background(), spec)
	if err != nil {
		fmt.Println("error", err)
		return 1
	}
	fmt.Println("ready", p.box.Group(), p.box.Dir())
	time.Sleep(time.Hour)
	return 0
}

// alive reports whether process pid runs (a zombie does not).
func alive(pid int) bool {
	state, _, err := sandbox.ProcState(pid)
	return err == nil && state != 'Z' && state != 'X'
}

// assertNoEscape fails if a process of a bot of this test process is left,
// found by the test bot's path (grandchildren run `testbot idle`) or by the
// mark of this process in the environment, or a bot directory of it.
func assertNoEscape(t *testing.T) {
	t.Helper()
	for _, mode := range []string{"idle", "daemon", "hide", "bomber"} {
		if left := leftovers(t, mode); len(left) > 0 {
			t.Errorf("%d test bot processes in mode %s left: %v", len(left), mode, left)
		}
	}
	if err := sandbox.Leftovers(os.Getpid()); err != nil {
		t.Error(err)
	}
}

// TestEscapes starts bots whose grandchildren try to outlive them, with and
// without a pids cgroup: Close kills them all, promptly.
func TestEscapes(t *testing.T) {
	canCgroup := newCgroupProbe(t)
	for _, mode := range []string{"spawn", "setsid", "hidden", "stubborn"} {
		for _, withCgroup := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/cgroup=%v", mode, withCgroup), func(t *testing.T) {
				if withCgroup && !canCgroup {
					t.Skip("arena cannot make pids cgroups here")
				}
				if mode == "hidden" && !withCgroup {
					t.Skip("a grandchild with no mark, in its own session, orphaned at once, is found only through a cgroup")
				}
				spec := testSpec(mode)
				spec.noCgroup = !withCgroup
				p := startTest(t, spec)
				if p.box.HasCgroup() != withCgroup {
					t.Fatalf("cgroup %v, want one: %v", p.box.HasCgroup(), withCgroup)
				}
				// The call's deadline only keeps a broken test from
				// hanging: the bot answers at once.
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				if _, err := p.Jogar(ctx, request(time.Second)); err != nil {
					t.Fatal(err)
				}
				if err := p.Close(); err != nil {
					t.Fatal(err)
				}
				// Close returns once everything of the bot is gone, the
				// stubborn one killed after its grace period; how long
				// that takes on a busy machine is not the test's to judge.
				if mode == "stubborn" && !p.KilledOnClose() {
					t.Error("the stubborn bot was not killed after the grace period")
				}
				assertNoEscape(t)
			})
		}
	}
}

// newCgroupProbe reports whether arena can make pids cgroups here: whether
// a bot started here gets one.
func newCgroupProbe(t *testing.T) bool {
	p := startTest(t, testSpec("ok"))
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	return p.box.HasCgroup()
}

// TestForkBomb lets a bot start children until it cannot: with a cgroup, or
// for a user other than root, the limit holds; Close kills them all.
func TestForkBomb(t *testing.T) {
	spec := testSpec("forkbomb", "300")
	spec.Limits.Processes = 64
	p := startTest(t, spec)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	reply, err := p.Jogar(ctx, request(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	switch got := reply.Stats.Nodes; {
	case !p.box.HasCgroup() && os.Getuid() == 0:
		t.Logf("started %d children: no process limit binds root without a pids cgroup", got)
	case got >= 64:
		t.Errorf("started %d children under a limit of 64 tasks", got)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	assertNoEscape(t)
}

// TestFrozenBetweenCalls has a bot leave goroutines spinning after its
// answer: it is stopped until its next call and uses no CPU meanwhile.
func TestFrozenBetweenCalls(t *testing.T) {
	p := startTest(t, testSpec("hog"))
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	if _, err := p.Jogar(ctx, request(time.Second)); err != nil {
		t.Fatal(err)
	}
	pid := p.box.Group()
	_, before, err := sandbox.ProcState(pid)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	state, after, err := sandbox.ProcState(pid)
	if err != nil {
		t.Fatal(err)
	}
	// The cgroup freezer leaves a task sleeping (S, or D on cgroup v1);
	// SIGSTOP stops it (T).
	if want := "T"; !p.box.Frozen() && !strings.ContainsRune(want, rune(state)) {
		t.Errorf("bot state %c between calls, want %s (stopped)", state, want)
	} else if p.box.Frozen() && !strings.ContainsRune("SD", rune(state)) {
		t.Errorf("bot state %c between calls, want S or D (frozen)", state)
	}
	if used := after - before; used > 2 {
		t.Errorf("bot used %d clock ticks of CPU between its calls", used)
	}
	if _, err := p.Jogar(ctx, request(time.Second)); err != nil {
		t.Fatalf("second call after the freeze: %v", err)
	}
}

// TestArenaKilled kills a host process with SIGKILL: its bot dies with it
// (PR_SET_PDEATHSIG), and the next start of a bot kills the grandchildren,
// cgroups and directories it left.
func TestArenaKilled(t *testing.T) {
	for _, mode := range []string{"spawn", "setsid"} {
		t.Run(mode, func(t *testing.T) {
			host := testbin.Command("host", mode)
			host.Env = append(host.Env, testbin.TestbotEnv+"="+testbot)
			out, err := host.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := host.Start(); err != nil {
				t.Fatal(err)
			}
			var pid int
			var dir string
			line, _ := bufio.NewReader(out).ReadString('\n')
			if _, err := fmt.Sscanf(line, "ready %d %s", &pid, &dir); err != nil {
				host.Process.Kill()
				host.Wait()
				t.Fatalf("host said %q: %v", line, err)
			}
			if len(leftovers(t, "idle")) == 0 {
				t.Fatal("no grandchild running")
			}
			host.Process.Kill()
			host.Wait()
			deadline := time.Now().Add(2 * time.Second)
			for alive(pid) && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if alive(pid) {
				t.Fatalf("bot %d still runs after its host was killed", pid)
			}
			if err := sandbox.ReapOrphans(); err != nil {
				t.Fatal(err)
			}
			if left := leftovers(t, "idle"); len(left) > 0 {
				t.Errorf("grandchildren %v left after reapOrphans", left)
			}
			if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the dead host's bot directory %s is still there", dir)
			}
			if err := sandbox.Leftovers(host.Process.Pid); err != nil {
				t.Errorf("the dead host's bots: %v", err)
			}
		})
	}
}

// TestCloseWithinWaitsItsGrace closes a bot that ignores Shutdown with a
// grace longer than go-plugin's own two seconds before it kills: the bot
// is killed by arena when the grace ends, not by go-plugin before it, so
// that a caller that judges a bot by whether it exited (arena check) gives
// it the whole grace. The grace is a wait that no machine can shorten.
func TestCloseWithinWaitsItsGrace(t *testing.T) {
	const grace = 3 * time.Second
	p := startTest(t, testSpec("stubborn"))
	start := time.Now()
	if err := p.CloseWithin(grace); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took < grace {
		t.Errorf("the bot was killed %v after Shutdown, before its grace of %v ended", took, grace)
	}
	if !p.KilledOnClose() {
		t.Error("the stubborn bot was not killed after its grace")
	}
	assertNoEscape(t)
}
