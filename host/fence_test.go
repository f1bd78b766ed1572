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

// TestUnmarker: the fence's marks are taken out of a stream and counted
// where they stand, whole or cut between writes at any byte, and what
// could start a mark but does not is passed on.
func TestUnmarker(t *testing.T) {
	const mark = "\x00MARK\x00"
	tests := []struct {
		name   string
		stream string
		want   []string // what was passed on at each mark, then the rest
	}{
		{"none", "hello\nworld\n", []string{"hello\nworld\n"}},
		{"one", "a\n" + mark + "b\n", []string{"a\n", "b\n"}},
		{"two in a row", mark + mark, []string{"", "", ""}},
		{"a false start", "x\x00MAR\x00y" + mark, []string{"x\x00MAR\x00y", ""}},
		{"a start at the end", "x\x00MA", []string{"x\x00MA"}},
		{"nul bytes", "\x00\x00" + mark + "\x00", []string{"\x00\x00", "\x00"}},
	}
	for _, tc := range tests {
		// Every way of cutting the stream in two writes.
		for cut := 0; cut <= len(tc.stream); cut++ {
			t.Run(fmt.Sprintf("%s/%d", tc.name, cut), func(t *testing.T) {
				var out strings.Builder
				var got []string
				u := &unmarker{w: &out, mark: []byte(mark)}
				u.passed = func() { got = append(got, out.String()); out.Reset() }
				u.Write([]byte(tc.stream[:cut]))
				u.Write([]byte(tc.stream[cut:]))
				u.Close()
				got = append(got, out.String())
				if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tc.want) {
					t.Errorf("passed on %q, want %q", got, tc.want)
				}
			})
		}
	}
}

// stampRE finds the test bot's stamps (mode stamp) in a log.
var stampRE = regexp.MustCompile(`stamp-(\d+)`)

// TestCallLogHoldsItsOwnOutput: the test bot writes its stamp to stdout and
// stderr just before it answers; beside three busy loops per core, each
// call's log holds its own stamp, on both, and no other.
func TestCallLogHoldsItsOwnOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every core")
	}
	stop := cpuload.Start(t, 0, time.Minute)
	defer stop()
	p := startTest(t, testSpec("stamp"))
	for n := 1; n <= 30; n++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
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
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
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
