package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// runEnv makes the test binary arena-bot itself, with the arguments that
// follow "--".
const runEnv = "ARENA_BOT_TEST_RUN"

func TestMain(m *testing.M) {
	if os.Getenv(runEnv) == "1" {
		for i, a := range os.Args {
			if a == "--" {
				os.Args = append(os.Args[:1], os.Args[i+1:]...)
				break
			}
		}
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestRefuses runs arena-bot with a mistake: one line on stderr, exit 2.
func TestRefuses(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"no bot", nil, "usage: arena-bot NAME"},
		{"unknown bot", []string{"nobody"}, `unknown built-in bot "nobody"`},
		{"not KEY=VALUE", []string{"random", "seed"}, "not KEY=VALUE"},
		{"unknown option", []string{"random", "depth=3"}, "unknown option depth"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, tt.args...)...)
			cmd.Env = append(os.Environ(), runEnv+"=1")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 2 {
				t.Fatalf("exit: %v, want status 2 (stderr %q)", err, stderr.String())
			}
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "arena-bot: ") || !strings.Contains(lines[0], tt.want) {
				t.Errorf("stderr %q, want one line saying %q", stderr.String(), tt.want)
			}
			if stdout.Len() > 0 {
				t.Errorf("stdout %q, want nothing", stdout.String())
			}
		})
	}
}
