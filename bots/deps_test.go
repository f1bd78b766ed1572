package bots_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestBotLinksNoHost checks the line between the SDK and the host: a Go bot
// (bots/examples/first) must not pull arena's side into its binary.
func TestBotLinksNoHost(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "./examples/first").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	const module = "github.com/arenabots/arena/"
	forbidden := []string{
		module + "bots/host",
		module + "bots/registry",
		module + "bots/check",
		module + "bots/lisp",
		module + "bots/builtin",
		module + "arena",
		module + "cmd/",
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatal("go list printed no dependency")
	}
	for _, dep := range deps {
		for _, f := range forbidden {
			if dep == f || strings.HasPrefix(dep, f+"/") || (strings.HasSuffix(f, "/") && strings.HasPrefix(dep, f)) {
				t.Errorf("a Go bot depends on %s", dep)
			}
		}
	}
}
