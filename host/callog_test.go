//go:build linux

package host

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/internal/cpuload"
)

// stampRE finds the test bot's stamps (mode stamp) in a log.
var stampRE = regexp.MustCompile(`stamp-(\d+)`)

// TestCallLogHoldsItsOwnOutput: the test bot writes its stamp to stdout and
// stderr just before it answers; beside three busy loops per core, each
// call's log holds its own stamp, on both, and no other.
func TestCallLogHoldsItsOwnOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every core")
	}
	// Each loop ends when it has used 2 s of CPU time, more than it uses
	// here on a quiet machine (the six of two cores, under 1 s in all).
	stop := cpuload.Start(t, 0, 2*time.Second)
	defer stop()
	p := startTest(t, testSpec("stamp"))
	for n := 1; n <= 30; n++ {
		ctx, cancel := context.WithCancel(t.Context())
		reply, err := p.Jogar(ctx, request(time.Second))
		cancel()
		if err != nil {
			t.Fatalf("call %d: %v", n, err)
		}
		want := fmt.Sprintf("stamp-%d", n)
		for _, m := range stampRE.FindAllString(reply.Log, -1) {
			if m != want {
				t.Errorf("call %d's log holds %s: %q", n, m, reply.Log)
			}
		}
		if c := strings.Count(reply.Log, want+"\n"); c != 2 {
			t.Errorf("call %d's log holds %s %d times, want 2 (stdout, stderr): %q", n, want, c, reply.Log)
		}
	}
}

// TestEndLog: what the bot writes once its last call ended, to its end, is
// in no call's log but in EndLog once Close returned.
func TestEndLog(t *testing.T) {
	p := startTest(t, testSpec("stamp"))
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	reply, err := p.Jogar(ctx, request(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(reply.Log, "stamp-end") {
		t.Errorf("the call's log holds what the bot wrote at its end: %q", reply.Log)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if got := p.EndLog(); got != "stamp-end\n" {
		t.Errorf("EndLog = %q, want %q", got, "stamp-end\n")
	}
}
