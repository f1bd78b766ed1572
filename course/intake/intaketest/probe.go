package intaketest

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"testing"

	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/internal/testbin"
)

// serveEnv makes a test binary started by a test a probe process.
const serveEnv = "ARENA_INTAKETEST_PROBE"

// Main is the TestMain of a package whose tests start probes: in a process
// that a test started as a probe (see ProbeSpec), it runs serve (probe.Serve)
// on its arguments, as `arena bot serve lisp-probe ...` does, and exits;
// otherwise it runs m, with a cache folder of its own (testbin.CacheHome).
func Main(m *testing.M, serve func(ctx context.Context, args []string, log io.Writer) error) {
	if os.Getenv(serveEnv) == "1" {
		if err := serve(context.Background(), os.Args[1:], os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(testbin.Run(m))
}

// Self returns the test binary, arena's stand-in for probes. It fails the
// test when SBCL, which every probe runs, is missing.
func Self(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("sbcl"); err != nil {
		t.Fatalf("no sbcl (%v): apt-get install sbcl", err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return self
}

// ProbeSpec makes s, the host.Spec of a probe for the test binary
// (botkind.ProbeSpec with Self), run it as Main expects: its arguments without
// `bot serve`, its environment saying it is a probe.
func ProbeSpec(s *host.Spec) {
	s.Args = s.Args[2:]
	// GORACE: a -race binary sleeps a second at exit by default, longer
	// than the host waits for a clean stop.
	s.Env = []string{serveEnv + "=1", "GORACE=atexit_sleep_ms=0"}
}
