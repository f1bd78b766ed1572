//go:build linux

package sandbox

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/host/sandbox/launch"
	"github.com/arenabots/arena/internal/testbin"
)

// testLauncher is the test bot (host/internal/testbot) as a launcher, as
// every binary that imports package launch is one.
func testLauncher(t *testing.T) []string {
	return append([]string{testbin.TestbotFor(t)}, launch.Command...)
}

func TestProbe(t *testing.T) {
	r, err := Survey(context.Background(), testLauncher(t), 16)
	if err != nil {
		t.Fatal(err)
	}
	if r.ScratchMB != 16 || r.FileSizeMB != 32 || r.SeccompArch != launch.NativeArch()+" only" || r.Overlay == "" || r.Freezer == "" || r.Memory == "" {
		t.Errorf("report %+v: want a scratch of 16 MiB, files of 32 MiB, the native arch only, and the overlay, freezer and memory described", r)
	}
	t.Logf("report: %+v", r)
	if want := []string{"user", "mount", "pid", "net", "ipc", "uts"}; !slices.Equal(r.Namespaces, want) {
		t.Errorf("namespaces %v, want %v", r.Namespaces, want)
	}
	if !r.Seccomp || r.Landlock != launch.LandlockABI() || r.Mode != string(Strict) || r.UID == "" {
		t.Errorf("report %+v: want seccomp, Landlock ABI %d, strict, a uid mode", r, launch.LandlockABI())
	}
}

// TestProbeClosedLauncher: as root, a launcher that the bots' uids may not
// execute is named, with the fix, before any process starts.
func TestProbeClosedLauncher(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root: the bots run as arena's own uid")
	}
	launcher := filepath.Join(t.TempDir(), "arena")
	if err := os.WriteFile(launcher, []byte("#!/bin/sh\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	_, err := Survey(context.Background(), []string{launcher, "bot", "launch"}, 0)
	if want := "(chmod o+x " + launcher + ")"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Probe = %v, want an error saying %q", err, want)
	}
}

// TestProbeAsUser probes again as an ordinary user (nobody), where the
// sandbox maps that user through its user namespace.
func TestProbeAsUser(t *testing.T) {
	out := testbin.AsUser(t, testbin.TestbotFor(t), "^TestProbe$")
	if !strings.Contains(out, "--- PASS: TestProbe") {
		t.Errorf("as nobody, the probe did not pass:\n%s", out)
	}
}

func TestReadOnlyPaths(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []string
		want []string
		err  bool
	}{
		{"system", []string{"/usr/bin/python3", "/etc/x"}, nil, false},
		{"script and its directory", []string{"/srv/bots/a/bot.py", "/srv/bots/a"}, []string{"/srv/bots/a"}, false},
		{"repeats and siblings", []string{"/srv/b/x", "/srv/a", "/srv/b/x/", "/srv/ab"}, []string{"/srv/a", "/srv/ab", "/srv/b/x"}, false},
		{"relative", []string{"bot"}, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readOnlyPaths(tc.in)
			if (err != nil) != tc.err || !slices.Equal(got, tc.want) {
				t.Errorf("readOnlyPaths(%q) = %q, %v; want %q (error: %v)", tc.in, got, err, tc.want, tc.err)
			}
		})
	}
}

func TestReapClock(t *testing.T) {
	var c reapClock
	t0 := time.Unix(1000, 0)
	for _, step := range []struct {
		at   time.Duration
		want bool
	}{
		{0, true},            // the first call
		{time.Second, false}, // too soon
		{reapEvery - time.Nanosecond, false},
		{reapEvery, true}, // a minute after the last yes
		{reapEvery + time.Second, false},
		{3 * reapEvery, true},
	} {
		if got := c.due(t0.Add(step.at)); got != step.want {
			t.Errorf("due(+%v) = %v, want %v", step.at, got, step.want)
		}
	}
}

// TestResourcesConcurrent checks that calls of Resources at once in one
// process (the leagues of a test binary, of a ladder) each find what one
// call alone finds: each makes cgroups of its own to look, and none takes
// another's for a lack of them.
func TestResourcesConcurrent(t *testing.T) {
	want := Resources(Report{}, 0)
	got := make([]Report, 8)
	done := make(chan int)
	for i := range got {
		go func() {
			got[i] = Resources(Report{}, 0)
			done <- i
		}()
	}
	for range got {
		<-done
	}
	for i, r := range got {
		if r.Freezer != want.Freezer || r.Memory != want.Memory || r.CPUClock != want.CPUClock {
			t.Errorf("call %d at once with 7 others: %+v, want %+v as alone", i, r, want)
		}
	}
}
