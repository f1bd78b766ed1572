package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/arenabots/arena/internal/testbin"
)

// TestMain makes the test binary arena-bot itself in role "arena-bot" (see
// testbin.Command).
func TestMain(m *testing.M) {
	os.Exit(testbin.Main(m, map[string]func([]string) int{"arena-bot": func(args []string) int {
		os.Args = append(os.Args[:1], args...)
		main()
		return 0
	}}))
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
			cmd := testbin.Command("arena-bot", tt.args...)
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
