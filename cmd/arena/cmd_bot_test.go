package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/internal/testbin"
)

// TestMain lets the test binary stand in for arena when it is re-executed
// as a bot (`arena bot serve`: a Lisp bot's adapter, the line adapter):
// host.Self is the test binary here, with the launcher and the built-in
// bots alone beside it (testbin.HelpersBeside). It leaves by
// syscall.Exit, which skips the race detector's second of sleep at exit:
// a bot must exit within the grace period of its Shutdown.
func TestMain(m *testing.M) {
	// The test binary is arena for the bots it starts (the ladder's
	// servers and workers are arena's binary: see arenaBinary).
	if len(os.Args) > 1 && os.Args[1] == "bot" {
		main()
		syscall.Exit(0)
	}
	// Saved images of Lisp bots go to a cache of the tests' own, shared
	// by them, never the user's.
	removeCache, err := testbin.CacheHome()
	if err != nil {
		panic(err)
	}
	// The launcher and the built-in bots run from their binaries beside
	// the test binary, as beside an installed arena, built without the
	// race detector; Lisp bots and what runs in-process are the test
	// binary's.
	self, err := os.Executable()
	if err != nil {
		panic(err)
	}
	remove, err := testbin.HelpersBeside(self)
	if err != nil {
		panic(err)
	}
	code := m.Run()
	remove()
	removeCache()
	os.Exit(code)
}

// arenaOut runs arena with args and returns its output and error.
func arenaOut(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(&out)
	root.SetErr(&out)
	err := root.ExecuteContext(context.Background())
	checkWidth(t, args, out.String())
	return out.String(), err
}

// arenaExec runs arena's binary (arenaBinary) with args in the package's
// directory and returns its output and error, as arenaOut does in the
// test process. The tests whose leagues and probes start Lisp bots use
// it: a Lisp bot's adapter is the arena that starts it, so in the test
// process every one is the raced test binary, which made most of those
// tests' CPU time for games the race detector does not check. arena's
// own code runs under it in the other tests, and in arena's packages'.
func arenaExec(t *testing.T, args ...string) (string, error) {
	t.Helper()
	return arenaExecIn(t, "", args...)
}

// arenaExecIn is arenaExec in the working directory dir, where arena
// resolves the relative paths of args and writes a league's results
// (results/NAME): a test gives arena a directory of its own rather than
// changing the test process's (t.Chdir).
func arenaExecIn(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(arenaBinary(t), args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	checkWidth(t, args, string(out))
	return string(out), err
}

func TestBotCheck(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		usage  bool   // a usage error (exit 2)
		fails  bool   // an error (exit 1)
		outHas string // in the output
		errHas string // in the error
	}{
		{"greedy passes", []string{"bot", "check", "builtin:greedy", "--tempo", "300"}, false, false, "PASS: builtin:greedy passed all 8 checks", ""},
		{"seeded random passes", []string{"bot", "check", "builtin:random,seed=4"}, false, false, "✔ │ double landing", ""},
		{"not a bot fails", []string{"bot", "check", "/bin/true"}, false, true, "FAIL: /bin/true failed 8 of 8 checks", "bot check failed"},
		{"unknown built-in", []string{"bot", "check", "builtin:nope"}, true, true, "", `unknown built-in bot "nope"`},
		{"bad option", []string{"bot", "check", "builtin:random,depth=2"}, true, true, "", "unknown option depth"},
		{"bad tempo", []string{"bot", "check", "builtin:greedy", "--tempo", "0"}, true, true, "", "--tempo must be positive"},
		{"dots random passes", []string{"bot", "check", "--game", "dots", "--game-options", "rows=3,cols=3", "builtin:random"}, false, false, "PASS: builtin:random passed all 7 checks", ""},
		{"dots classic passes", []string{"bot", "check", "--game", "dots", "--game-options", "rows=3,cols=3", "builtin:classic"}, false, false, "PASS: builtin:classic passed all 7 checks", ""},
		{"unknown game", []string{"bot", "check", "--game", "go", "builtin:random"}, true, true, "", `--game go: unknown game "go"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := arenaOut(t, tc.args...)
			if (err != nil) != tc.fails {
				t.Fatalf("error %v, want one: %v\n%s", err, tc.fails, out)
			}
			var u usageError
			if got := errors.As(err, &u); got != tc.usage {
				t.Errorf("usage error: %v, want %v (%v)", got, tc.usage, err)
			}
			if !strings.Contains(out, tc.outHas) {
				t.Errorf("output lacks %q:\n%s", tc.outHas, out)
			}
			if tc.errHas != "" && (err == nil || !strings.Contains(err.Error(), tc.errHas)) {
				t.Errorf("error %v, want one saying %q", err, tc.errHas)
			}
		})
	}
}

// TestBotServeRefuses runs `arena bot serve` as arena runs a built-in bot,
// a process of its own (this test binary, which TestMain turns into arena),
// with command lines that serve nothing: each must exit with status 2 and
// one line on stderr.
func TestBotServeRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string // the line on stderr
	}{
		{"not built-in", []string{"greedy"}, `arena: bot serve: "greedy" is not builtin:NAME, lisp, lisp-probe or lines`},
		{"unknown bot", []string{"builtin:nope"}, `arena: bot serve: unknown built-in bot "nope" (known: alphabeta, classic, greedy, random)`},
		{"not KEY=VALUE", []string{"builtin:greedy", "depth"}, `arena: bot serve: greedy: option "depth" is not KEY=VALUE`},
		{"unknown option", []string{"builtin:random", "depth=3"}, "arena: bot serve: random: unknown option depth (known: seed)"},
		{"bad value", []string{"builtin:classic", "depth=0"}, `arena: bot serve: classic: option depth is "0": want a whole number from 1 to 64`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(os.Args[0], append([]string{"bot", "serve"}, tc.args...)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 2 {
				t.Errorf("exit: %v, want status 2", err)
			}
			if got := stderr.String(); got != tc.want+"\n" {
				t.Errorf("stderr %q, want the line %q", got, tc.want)
			}
			if stdout.Len() > 0 {
				t.Errorf("stdout %q, want nothing", stdout.String())
			}
		})
	}
}

// TestBotCheckClock checks a bot that waits past its tempo without
// thinking: --clock wall finds it late, --clock cpu (the default, as in a
// league) charges it the little CPU it used and passes it.
func TestBotCheckClock(t *testing.T) {
	if sandbox.Resources(sandbox.Report{}, 0).CPUClock == sandbox.NoCPUClock {
		t.Skip("no cgroup counts a bot's CPU time here: --clock cpu is the wall clock")
	}
	testbot, err := testbin.Testbot()
	if err != nil {
		t.Fatal(err)
	}
	// Each call sleeps its tempo and 100 ms more.
	args := []string{"bot", "check", testbot, "--args", "late", "--args", "100", "--tempo", "100", "--margin", "20"}
	if out, err := arenaOut(t, append(args, "--clock", "wall")...); err == nil || !strings.Contains(out, "timeout") {
		t.Errorf("--clock wall: error %v, want the check failed on time:\n%s", err, out)
	}
	if out, err := arenaOut(t, args...); err != nil {
		t.Errorf("--clock cpu: %v, want a pass:\n%s", err, out)
	}
	if _, err := arenaOut(t, append(args, "--clock", "gpu")...); err == nil || !strings.Contains(err.Error(), "want cpu or wall") {
		t.Errorf("--clock gpu: error %v, want one saying cpu or wall", err)
	}
}
