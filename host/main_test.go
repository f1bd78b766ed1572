//go:build linux

package host

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/host/sandbox/launch"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/referee"
)

// testbot is the path of the test bot binary (host/internal/testbot): a
// copy of this run's own, made by TestMain, or the one given by the test
// binary that started this one.
var testbot string

func TestMain(m *testing.M) { os.Exit(testMain(m)) }

// testMain runs the tests of m, or the role this binary was started in,
// and returns the exit status. The tests run a copy of the test bot of
// their own, removed at the end: leftovers finds their bots by the file
// they run, and other packages' tests run the shared test bot meanwhile.
func testMain(m *testing.M) int {
	testbot = os.Getenv(testbin.TestbotEnv)
	if testbot == "" {
		dir, err := os.MkdirTemp("", "arena-host-test-")
		if err == nil {
			defer os.RemoveAll(dir)
			err = os.Chmod(dir, 0o755) // open to the other users the bots run as
		}
		if err == nil {
			testbot, err = testbin.CopyTestbot(dir)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return testbin.Main(m, map[string]func([]string) int{"host": runHost})
}

// testSpec returns the Spec of the test bot in mode, launched through the
// test bot's own launch mode so that limits apply as in arena.
func testSpec(mode string, args ...string) Spec {
	return Spec{
		Name:         "testbot-" + mode,
		Path:         testbot,
		Args:         append([]string{mode}, args...),
		StartTimeout: 5 * time.Second,
		Launcher:     append([]string{testbot}, launch.Command...),
	}
}

// startTest starts spec and closes it at the end of the test.
func startTest(t *testing.T, spec Spec) *Process {
	t.Helper()
	p, err := Start(context.Background(), spec)
	if err != nil {
		t.Fatalf("Start(%s): %v", spec.Name, err)
	}
	t.Cleanup(func() {
		if err := p.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return p
}

// request is the referee's request for the initial position of seed 7.
func request(tempo time.Duration) referee.Request {
	st := cavalo.Game{}.New(7)
	var buf [referee.MaxMoves]referee.Move
	return referee.Request{State: st, Tempo: tempo, Legal: st.Moves(buf[:0])}
}

// faultKind returns the kind of err's *referee.Fault, or 0.
func faultKind(err error) referee.FaultKind {
	var f *referee.Fault
	if errors.As(err, &f) {
		return f.Kind
	}
	return 0
}

// assertGone fails unless nothing of p is left after Close (see
// Process.Leftovers): no live process in its groups, no directory.
func assertGone(t *testing.T, p *Process) {
	t.Helper()
	if err := p.Leftovers(); err != nil {
		t.Errorf("after Close: %v", err)
	}
}
