package arena

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/internal/sandboxtest"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// probeAttempts are the names of what the probe test bot tries (see
// host/internal/testbot/probe.go).
var probeAttempts = []string{"read-sibling", "read-shadow", "write-results", "write-host-tmp", "connect-tcp", "signal-arena", "read-arena-environ"}

// TestSandboxLeague plays, through a real league with default settings, a
// bot that tries during its moves each thing issue 12 lists: read a
// sibling bot's file, /etc/shadow and arena's environment, write into the
// results directory and the host's /tmp, connect to a listener on
// 127.0.0.1, signal arena. With the sandbox every attempt is denied and
// leaves no trace, and the league finishes; with "sandbox: off" the same
// attempts succeed (as root), so that the test can fail.
func TestSandboxLeague(t *testing.T) {
	for _, sandbox := range []string{"", "off"} {
		name := map[string]string{"": "default", "off": "off"}[sandbox]
		t.Run(name, func(t *testing.T) {
			if sandbox == "off" && os.Geteuid() != 0 {
				t.Skip("without the sandbox an ordinary user is denied some of these by the host's own permissions")
			}
			testSandboxLeague(t, sandbox)
		})
	}
}

func testSandboxLeague(t *testing.T, sandbox string) {
	testbot, err := testbin.Testbot()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(testbot, filepath.Join(dir, "bin", "testbot")); err != nil {
		t.Fatal(err)
	}
	sibling := filepath.Join(dir, "alice", "bot.py")
	if err := os.Mkdir(filepath.Dir(sibling), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(sibling, []byte("alice's strategy\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	hostTmp := sandboxtest.HostTmp(t)
	addr, accepted := sandboxtest.Listener(t)
	body := "name: sandbox\nrounds: 1\ntempo_ms: 3000\nconcurrency: 1\nout: out\n"
	if sandbox != "" {
		body += "sandbox: " + sandbox + "\n"
	}
	body += "bots:\n  - {name: greedy, builtin: greedy}\n  - {name: probe, path: bin/testbot, args: [probe"
	for _, a := range []string{"sibling=" + sibling, "results=" + out, "tmp=" + hostTmp, "tcp=" + addr, "pid=" + strconv.Itoa(os.Getpid())} {
		body += ", " + strconv.Quote(a)
	}
	body += "]}\n"
	file := filepath.Join(dir, "league.yaml")
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := league.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if sum := run(t, cfg, nil); sum.Played != 2 {
		t.Fatalf("played %d games, want 2", sum.Played)
	}
	for _, g := range readGames(t, cfg) {
		if g.Reason != referee.Normal {
			t.Errorf("%s ended %s (%s), want normal", g.ID, g.Reason, g.Detail)
		}
	}
	logs, err := os.ReadDir(filepath.Join(out, results.GamesDir))
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	for _, e := range logs {
		data, err := os.ReadFile(filepath.Join(out, results.GamesDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		text.Write(data)
	}
	for _, a := range probeAttempts {
		want := "probe " + a + ": denied"
		if sandbox == "off" {
			want = "probe " + a + ": ALLOWED"
		} else if a == "write-host-tmp" {
			// The bot's /tmp is its own scratch directory: the file
			// lands there; the check of the host's /tmp is below.
			continue
		}
		if !strings.Contains(text.String(), want) {
			t.Errorf("no %q in the move logs", want)
		}
	}
	_, statErr := os.Stat(filepath.Join(out, "probe-was-here"))
	_, tmpErr := os.Stat(hostTmp)
	traces := map[string]bool{
		"a file in the results directory": statErr == nil,
		"a file in the host's /tmp":       tmpErr == nil,
		"a connection to the listener":    accepted.Load() > 0,
	}
	for what, left := range traces {
		if left != (sandbox == "off") {
			t.Errorf("%s: %v, want %v", what, left, sandbox == "off")
		}
	}
	data, err := os.ReadFile(filepath.Join(out, resultsdir.ConfigFile))
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"": "mode: strict", "off": "mode: \"off\""}[sandbox]; !strings.Contains(string(data), "sandbox_achieved:") || !strings.Contains(string(data), want) {
		t.Errorf("config.yaml does not record the sandbox (%s):\n%s", want, data)
	}
}

// TestSandboxClosedDirectories runs `arena run` as a user would as root:
// arena's binary, the test bot and the league all sit in directories
// closed to others (0700), as go run's build directory or /root are. The
// bots, each an unprivileged uid, still start, from what arena hands them,
// and play their games to the end.
func TestSandboxClosedDirectories(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root: the bots run as arena's own uid, which reaches what arena does")
	}
	dir := t.TempDir() // closed to others, as are the binaries linked into it
	arena, testbot := filepath.Join(dir, "arena"), filepath.Join(dir, "testbot")
	built, err := testbin.Testbot()
	if err != nil {
		t.Fatal(err)
	}
	for from, to := range map[string]string{arenaBin: arena, built: testbot} {
		if err := os.Link(from, to); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{arena, testbot, dir} {
		if !closedOnTheWay(t, p) {
			t.Fatalf("every directory above %s is open to others: the test needs one closed", p)
		}
	}
	body := "name: closed\nrounds: 1\nconcurrency: 1\nout: out\nbots:\n" +
		"  - {name: greedy, builtin: greedy}\n  - {name: testbot, path: " + strconv.Quote(testbot) + ", args: [ok]}\n"
	if err := os.WriteFile(filepath.Join(dir, "league.yaml"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(arena, "run", "--plain", "league.yaml")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("arena run: %v\n%s", err, out)
	}
	games, damaged, err := results.ReadJournal(filepath.Join(dir, "out", results.JournalName))
	if err != nil || len(damaged) > 0 || len(games) != 2 {
		t.Fatalf("journal: %d games, damaged %v, %v; want 2 games", len(games), damaged, err)
	}
	for _, g := range games {
		if g.Reason != referee.Normal {
			t.Errorf("%s ended %s (%s), want normal", g.ID, g.Reason, g.Detail)
		}
	}
}

// closedOnTheWay reports whether a directory above path is not
// searchable by others.
func closedOnTheWay(t *testing.T, path string) bool {
	t.Helper()
	for d := filepath.Dir(path); d != "/"; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm()&0o001 == 0 {
			return true
		}
	}
	return false
}

// TestSandboxRefused: where the sandbox cannot be made (here a launcher
// that fails, as arena's would on a kernel without user namespaces), the
// league refuses to start with one line saying how to run without it, and
// plays nothing.
func TestSandboxRefused(t *testing.T) {
	cfg := loadLeague(t, smallLeague)
	failing := filepath.Join(t.TempDir(), "launcher")
	if err := os.WriteFile(failing, []byte("#!/bin/sh\necho 'launch: sandbox: unshare: operation not permitted' >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	r := &Runner{Config: cfg, Self: failing}
	_, err := r.Run(t.Context())
	if !errors.Is(err, ErrSandbox) {
		t.Fatalf("Run: %v, want ErrSandbox", err)
	}
	msg := err.Error()
	for _, want := range []string{"operation not permitted", `set "sandbox: off" in the league file`} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not say %q", msg, want)
		}
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("error %q is more than one line", msg)
	}
	if _, err := os.Stat(cfg.Out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("results directory %s made (err %v)", cfg.Out, err)
	}
}
