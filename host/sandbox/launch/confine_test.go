//go:build linux

package launch

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// TestDropCapabilities drops every capability of a thread of the test, which
// then ends with it, and reads the thread's sets back: all empty, the
// bounding set too, up to the kernel's last capability.
func TestDropCapabilities(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("emptying the bounding set takes CAP_SETPCAP (root)")
	}
	type result struct {
		status string
		err    error
	}
	done := make(chan result)
	go func() {
		// Never unlocked: the thread, without its capabilities, ends
		// with this goroutine.
		runtime.LockOSThread()
		if err := dropCapabilities(); err != nil {
			done <- result{err: err}
			return
		}
		data, err := os.ReadFile("/proc/thread-self/status")
		done <- result{string(data), err}
	}()
	r := <-done
	if r.err != nil {
		t.Fatal(r.err)
	}
	for _, set := range []string{"CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"} {
		var got string
		for _, line := range strings.Split(r.status, "\n") {
			if v, ok := strings.CutPrefix(line, set+":"); ok {
				got = strings.TrimSpace(v)
			}
		}
		if got != "0000000000000000" {
			t.Errorf("%s: %q, want every capability dropped", set, got)
		}
	}
}
