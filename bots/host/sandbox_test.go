package host

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/arenabots/arena/bots/host/launch"
	"github.com/arenabots/arena/internal/sandboxtest"
)

// asUserEnv, set, runs the sandbox tests as the unprivileged user the
// parent test started them as (see TestSandboxAsUser).
const asUserEnv = "ARENA_TEST_AS_USER"

func TestProbeSandbox(t *testing.T) {
	r, err := ProbeSandbox(context.Background(), SelfLauncher(testbot))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"user", "mount", "pid", "net", "ipc", "uts"}; !slices.Equal(r.Namespaces, want) {
		t.Errorf("namespaces %v, want %v", r.Namespaces, want)
	}
	if !r.Seccomp || r.Landlock != launch.LandlockABI() || r.Mode != string(SandboxStrict) || r.UID == "" {
		t.Errorf("report %+v: want seccomp, Landlock ABI %d, strict, a uid mode", r, launch.LandlockABI())
	}
}

// TestProbeSandboxClosedLauncher: as root, a launcher that the bots' uids
// may not execute is named, with the fix, before any process starts.
func TestProbeSandboxClosedLauncher(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root: the bots run as arena's own uid")
	}
	launcher := filepath.Join(t.TempDir(), "arena")
	if err := os.WriteFile(launcher, []byte("#!/bin/sh\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	_, err := ProbeSandbox(context.Background(), []string{launcher, "bot", "launch"})
	if want := "(chmod o+x " + launcher + ")"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("ProbeSandbox = %v, want an error saying %q", err, want)
	}
}

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

// probeOutcomes plays the probe bot until its report arrives and returns
// each attempt's line by name.
func probeOutcomes(t *testing.T, p *Process) map[string]string {
	t.Helper()
	var log string
	for i := 0; i < 5 && strings.Count(log, "probe ") < 7; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		reply, err := p.Play(ctx, request(4*time.Second))
		cancel()
		if err != nil {
			t.Fatalf("Play: %v", err)
		}
		log += reply.Log
	}
	out := map[string]string{}
	for _, line := range strings.Split(log, "\n") {
		if rest, ok := strings.CutPrefix(line, "probe "); ok {
			name, outcome, _ := strings.Cut(rest, ": ")
			out[name] = outcome
		}
	}
	if len(out) != 7 {
		t.Fatalf("probe reported %d attempts, want 7: %q", len(out), log)
	}
	return out
}

// TestSandboxDenies has a bot try, during a move, each thing the sandbox
// must deny: with the sandbox every attempt fails and leaves no trace;
// without it (as root) they succeed, so that the test can fail.
func TestSandboxDenies(t *testing.T) {
	for _, sandbox := range []Sandbox{SandboxStrict, SandboxOff} {
		t.Run(string(sandbox), func(t *testing.T) {
			if sandbox == SandboxOff && os.Geteuid() != 0 {
				t.Skip("without the sandbox an ordinary user is denied some of these by the host's own permissions")
			}
			tg := newProbeTargets(t)
			spec := testSpec("probe", tg.args...)
			spec.Sandbox = sandbox
			p := startTest(t, spec)
			got := probeOutcomes(t, p)
			for name, outcome := range got {
				if name == "write-host-tmp" && sandbox == SandboxStrict {
					// The bot's /tmp is its scratch directory: the
					// file lands there, and the trace check below
					// looks in the host's.
					continue
				}
				denied := strings.HasPrefix(outcome, "denied")
				if denied != (sandbox == SandboxStrict) {
					t.Errorf("%s: %s", name, outcome)
				}
			}
			entries, _ := os.ReadDir(tg.results)
			_, err := os.Stat(tg.hostTmp)
			left := len(entries) > 0 || err == nil || tg.accepted.Load() > 0
			if left != (sandbox == SandboxOff) {
				t.Errorf("traces: %d files in the results directory, host /tmp file made: %v, %d connections accepted", len(entries), err == nil, tg.accepted.Load())
			}
		})
	}
}

// TestSandboxAsUser runs the sandbox tests again as an ordinary user
// (nobody), where the bot runs as that user through its user namespace.
func TestSandboxAsUser(t *testing.T) {
	switch {
	case os.Getenv(asUserEnv) != "":
		t.Skip("running as the user already")
	case os.Geteuid() != 0:
		t.Skip("not root: the other tests run as this user already")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "arena-as-user-") // t.TempDir's parent is closed to others
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "host.test")
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	// nobody reaches the test bot by its path, unlike a bot's uid when
	// arena runs as root: a link of it goes in the open directory.
	bot := filepath.Join(dir, "testbot")
	if err := os.Link(testbot, bot); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run", "^(TestProbeSandbox|TestSandboxDenies|TestPlayOK)$", "-test.v")
	cmd.Env = []string{asUserEnv + "=1", testbotEnv + "=" + bot, "PATH=/usr/bin:/bin", "TMPDIR=/tmp"}
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534, Groups: []uint32{}}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: TestSandboxDenies/strict") {
		t.Errorf("as nobody, the denials were not checked:\n%s", out)
	}
	t.Logf("as nobody:\n%s", out)
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
