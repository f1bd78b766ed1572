//go:build linux

package host

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/internal/testbin"
)

// TestSpinnerStopped plays the spinner, whose children (in its group, in a
// group of their own, in a session of their own) spin and send it SIGCONT:
// between its calls, a second each, its processes use next to no CPU. With
// the cgroup freezer all of them are frozen; without one (no cgroup) its
// group is stopped and the sandbox refuses setsid and setpgid, so that no
// child leaves it. The two cases mostly wait: they play at once.
func TestSpinnerStopped(t *testing.T) {
	for _, tc := range []struct {
		name     string
		noCgroup bool
	}{
		{"freezer", false},
		{"no cgroup", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			spec := testSpec("spinner")
			spec.noCgroup = tc.noCgroup
			p := startTest(t, spec)
			t.Logf("cgroup freezer: %v", p.box.Frozen())
			var log string
			var prev time.Duration // the previous call's wall time
			for call := range 3 {
				ctx, cancel := context.WithCancel(t.Context())
				start := time.Now()
				reply, err := p.Jogar(ctx, request(time.Second))
				took := time.Since(start)
				cancel()
				if err != nil {
					t.Fatalf("call %d: %v", call+1, err)
				}
				log += reply.Log
				if call > 0 {
					waited := time.Duration(reply.Stats.Cuts-1) * time.Microsecond
					// Stopped, its processes run only at the edges of
					// the calls, between the previous answer and the
					// freeze and between the thaw and the bot's reading:
					// within those calls, on every core at most, plus
					// 15 ms for the freeze's write (see arena's
					// waitedCPU). A busy machine stretches the calls and
					// the bound with them; unstopped, the children take
					// the machine's cores for the second between the
					// calls (~2 s of CPU on two idle cores).
					bound := time.Duration(runtime.NumCPU())*(prev+took) + 15*time.Millisecond
					t.Logf("call %d: %v of CPU since the previous call (bound %v)", call+1, waited, bound)
					if waited > bound {
						t.Errorf("call %d: the spinner's processes used %v of CPU in the second between its calls, over %v", call+1, waited, bound)
					}
				}
				prev = took
				time.Sleep(time.Second)
			}
			if tc.noCgroup && !p.box.Frozen() && !strings.Contains(log, "operation not permitted") {
				t.Errorf("without a freezer, the children left the bot's group: log %q", log)
			}
		})
	}
}

// TestSpinnerAsUser runs TestSpinnerStopped again as an ordinary user
// (nobody), who may make no cgroup here.
func TestSpinnerAsUser(t *testing.T) {
	out := testbin.AsUser(t, testbot, "^TestSpinnerStopped$")
	if !strings.Contains(out, "--- PASS: TestSpinnerStopped") {
		t.Errorf("as nobody, the spinner was not checked:\n%s", out)
	}
}
