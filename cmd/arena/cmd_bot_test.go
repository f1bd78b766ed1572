package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestMain lets the test binary stand in for arena when it is re-executed
// as a bot (`arena bot serve`, `arena bot launch`): built-in bots run
// through host.Self, which is the test binary here. It leaves by
// syscall.Exit, which skips the race detector's second of sleep at exit:
// a bot must exit within the grace period of its Shutdown.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "bot" {
		main()
		syscall.Exit(0)
	}
	os.Exit(m.Run())
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
	return out.String(), err
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

func TestBotServeUsage(t *testing.T) {
	for _, args := range [][]string{
		{"bot", "serve", "greedy"},
		{"bot", "serve", "builtin:greedy", "depth"},
		{"bot", "serve", "builtin:greedy", "depth=3"},
	} {
		_, err := arenaOut(t, args...)
		var u usageError
		if !errors.As(err, &u) {
			t.Errorf("%q: error %v, want a usage error", args, err)
		}
	}
}
