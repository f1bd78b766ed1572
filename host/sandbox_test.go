//go:build linux

package host

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/internal/sandboxtest"
	"github.com/arenabots/arena/internal/testbin"
)

// TestNoDescriptorLeaks: the descriptors by which the host hands a
// sandboxed launcher arena's binary and the bot's files (and its sync
// pipe) stay with the launcher: the bot starts with 0, 1 and 2 only.
// (Without the sandbox the bot inherits what arena did not open itself.)
func TestNoDescriptorLeaks(t *testing.T) {
	files := filepath.Join(t.TempDir(), "files") // one more to hand over
	if err := os.Mkdir(files, 0o755); err != nil {
		t.Fatal(err)
	}
	spec := testSpec("fds")
	spec.Files = []string{files}
	p := startTest(t, spec)
	if got := p.Info().Author; got != "0 1 2" {
		t.Errorf("the bot started with descriptors %q, want 0 1 2", got)
	}
}

// probeTargets are what the probe bot tries to reach, and how the test
// sees whether it did.
type probeTargets struct {
	args     []string
	results  string // a results directory
	hostTmp  string // a file the bot must not create
	accepted *atomic.Int32
}

// newProbeTargets makes a sibling bot's file, a results directory, a name
// in the host's /tmp and a TCP listener on 127.0.0.1, all readable by
// anyone, so that only the sandbox stands in the way.
func newProbeTargets(t *testing.T) probeTargets {
	t.Helper()
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	sibling := filepath.Join(dir, "sibling", "bot.py")
	results := filepath.Join(dir, "results")
	for _, d := range []string{filepath.Dir(sibling), results} {
		if err := os.Mkdir(d, 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(d, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(sibling, []byte("secret strategy\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	hostTmp := sandboxtest.HostTmp(t)
	addr, accepted := sandboxtest.Listener(t)
	return probeTargets{
		args: []string{
			"sibling=" + sibling, "results=" + results, "tmp=" + hostTmp,
			"tcp=" + addr, "pid=" + strconv.Itoa(os.Getpid()),
		},
		results: results, hostTmp: hostTmp, accepted: accepted,
	}
}

// probes is the number of the probe bot's attempts.
const probes = 8

// probeOutcomes plays the probe bot's first move, which writes its report,
// and returns each attempt's line of the move's log by name.
func probeOutcomes(t *testing.T, p *Process) map[string]string {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	reply, err := p.Jogar(ctx, request(4*time.Second))
	cancel()
	if err != nil {
		t.Fatalf("Play: %v", err)
	}
	log := reply.Log
	out := map[string]string{}
	for _, line := range strings.Split(log, "\n") {
		if rest, ok := strings.CutPrefix(line, "probe "); ok {
			name, outcome, _ := strings.Cut(rest, ": ")
			out[name] = outcome
		}
	}
	if len(out) != probes {
		t.Fatalf("probe reported %d attempts, want %d: %q", len(out), probes, log)
	}
	return out
}

// TestSandboxDenies has a bot try, during a move, each thing the sandbox
// must deny: with the sandbox every attempt fails and leaves no trace;
// without it (as root) they succeed, so that the test can fail.
func TestSandboxDenies(t *testing.T) {
	for _, mode := range []sandbox.Mode{sandbox.Strict, sandbox.Off} {
		t.Run(string(mode), func(t *testing.T) {
			if mode == sandbox.Off && os.Geteuid() != 0 {
				t.Skip("without the sandbox an ordinary user is denied some of these by the host's own permissions")
			}
			tg := newProbeTargets(t)
			spec := testSpec("probe", tg.args...)
			spec.Sandbox = mode
			p := startTest(t, spec)
			got := probeOutcomes(t, p)
			for name, outcome := range got {
				if name == "write-host-tmp" && mode == sandbox.Strict {
					// The bot's /tmp is its scratch directory: the
					// file lands there, and the trace check below
					// looks in the host's.
					continue
				}
				denied := strings.HasPrefix(outcome, "denied")
				if denied != (mode == sandbox.Strict) {
					t.Errorf("%s: %s", name, outcome)
				}
			}
			entries, _ := os.ReadDir(tg.results)
			_, err := os.Stat(tg.hostTmp)
			left := len(entries) > 0 || err == nil || tg.accepted.Load() > 0
			if left != (mode == sandbox.Off) {
				t.Errorf("traces: %d files in the results directory, host /tmp file made: %v, %d connections accepted", len(entries), err == nil, tg.accepted.Load())
			}
		})
	}
}

// TestSandboxAsUser runs the sandbox tests again as an ordinary user
// (nobody), where the bot runs as that user through its user namespace.
func TestSandboxAsUser(t *testing.T) {
	out := testbin.AsUser(t, testbot, "^(TestSandboxDenies|TestPlayOK)$")
	if !strings.Contains(out, "--- PASS: TestSandboxDenies/strict") {
		t.Errorf("as nobody, the denials were not checked:\n%s", out)
	}
}
