//go:build linux

package host

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/host/sandbox/launch"
	"github.com/arenabots/arena/internal/sandboxtest"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/referee"
)

// Issue 28's attacks on the host through what arena keeps of a bot: the
// address it connects to (H3), go-plugin's broker stream (H4), the
// kernel's per-user counts and open files (H5).

// TestSandboxedAddress: a sandboxed bot's handshake line names where arena
// must not go, a TCP port of the host, or a socket of the host's reached
// through a symbolic link in the bot's /tmp (to the socket, or to a
// directory on the way); or a file that is no socket. Start fails with a
// start fault that says why, and no listener of the host gets a
// connection. Both ways of the bot's /tmp: a tmpfs of its own (reached
// through its root), and the scratch directory.
func TestSandboxedAddress(t *testing.T) {
	tcp, tcpAccepted := sandboxtest.Listener(t)
	dir := t.TempDir()
	sock := filepath.Join(dir, "s")
	sockAccepted := sandboxtest.UnixListener(t, sock)
	cases := []struct {
		name string
		args []string // announce's: network, address, link, target
		want string
	}{
		{"tcp", []string{"tcp", tcp}, `a "tcp" address`},
		{"symlink", []string{"unix", "/tmp/s", "/tmp/s", sock}, "symbolic link"},
		{"symlinked-dir", []string{"unix", "/tmp/d/s", "/tmp/d", dir}, "symbolic link"},
		{"not-a-socket", []string{"unix", "/tmp/f", "/tmp/f", "file"}, "not a socket"},
		{"outside-tmp", []string{"unix", "/run/arena.sock"}, "outside its /tmp"},
	}
	for _, scratch := range []struct {
		name string
		mb   int
	}{{"tmpfs", DefaultScratchMB}, {"dir", -1}} {
		for _, c := range cases {
			t.Run(scratch.name+"/"+c.name, func(t *testing.T) {
				spec := testSpec("announce", c.args...)
				spec.Limits.ScratchMB = scratch.mb
				p, err := Start(context.Background(), spec)
				if err == nil {
					p.Close()
					t.Fatal("Start succeeded")
				}
				if k := faultKind(err); k != referee.FaultStart || !strings.Contains(err.Error(), c.want) {
					t.Errorf("Start: %v (fault kind %v), want a start fault saying %q", err, k, c.want)
				}
				if n, m := tcpAccepted.Load(), sockAccepted.Load(); n+m > 0 {
					t.Errorf("arena connected to the host's listeners: %d times by TCP, %d by the Unix socket", n, m)
				}
			})
		}
	}
}

// TestBrokerFlood: a bot that floods go-plugin's broker stream with knocks
// of fresh ids, each of which go-plugin's client would keep for ever,
// costs arena no memory: its heap after three moves is within 16 MiB of
// before the start, where the attack sends 128 MiB.
func TestBrokerFlood(t *testing.T) {
	const knocks, kb, bound = 512, 256, 16 << 20
	heap := func() int64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	before := heap()
	p := startTest(t, testSpec("broker", strconv.Itoa(knocks), strconv.Itoa(kb)))
	var sent int64
	for range 3 {
		ctx, cancel := context.WithCancel(t.Context())
		reply, err := p.Jogar(ctx, request(15*time.Second))
		cancel()
		if err != nil {
			t.Fatalf("Jogar: %v", err)
		}
		sent = reply.Stats.Nodes
	}
	grew := heap() - before
	t.Logf("the bot sent %d knocks of %d KiB; arena's heap grew by %d KiB", sent, kb, grew>>10)
	if grew > bound {
		t.Errorf("arena's heap grew by %d MiB in a game against the broker flood, want at most %d MiB", grew>>20, bound>>20)
	}
}

// TestInotifyOwnCount: a sandboxed bot that makes inotify instances until
// the kernel refuses leaves arena's user able to make one. As root, the
// bot's instances are its own uid's, not root's; as an ordinary user
// (TestInotifyAsUser), the bots run as arena's own uid, whose count they
// share, and the ceiling in the bot's user namespace keeps each to a small
// share of it.
func TestInotifyOwnCount(t *testing.T) {
	inotify := func() error {
		fd, err := unix.InotifyInit1(unix.IN_CLOEXEC)
		if err == nil {
			unix.Close(fd)
		}
		return err
	}
	if err := inotify(); err != nil {
		t.Skipf("arena's user cannot make an inotify instance before the bot: %v", err)
	}
	p := startTest(t, testSpec("inotify"))
	ctx, cancel := context.WithCancel(t.Context())
	reply, err := p.Jogar(ctx, request(5*time.Second))
	cancel()
	if err != nil {
		t.Fatalf("Jogar: %v", err)
	}
	if reply.Stats.Nodes == 0 {
		t.Fatalf("the bot made no inotify instance: %s", reply.Log)
	}
	t.Logf("the bot made %d inotify instances", reply.Stats.Nodes)
	if err := inotify(); err != nil {
		t.Errorf("with the bot's %d inotify instances, arena's user (uid %d) cannot make one: %v", reply.Stats.Nodes, os.Geteuid(), err)
	}
}

// TestInotifyAsUser runs TestInotifyOwnCount as an ordinary user (nobody).
func TestInotifyAsUser(t *testing.T) {
	out := testbin.AsUser(t, testbot, "^TestInotifyOwnCount$")
	if !strings.Contains(out, "--- PASS: TestInotifyOwnCount") {
		t.Errorf("as nobody, the inotify count was not checked:\n%s", out)
	}
}

// TestOpenFilesBounded: a bot whose processes (itself and four children)
// open files until the kernel refuses holds at most launch.MaxFiles in
// each, with the sandbox or without: open files count toward the host's
// file-max, everyone's.
func TestOpenFilesBounded(t *testing.T) {
	const children = 4
	for _, mode := range []sandbox.Mode{sandbox.Strict, sandbox.Off} {
		t.Run(string(mode), func(t *testing.T) {
			spec := testSpec("files", strconv.Itoa(children))
			spec.Sandbox = mode
			p := startTest(t, spec)
			// The bot's report may arrive after its answer, on
			// go-plugin's stdio stream: a later call's log has it.
			var log string
			for i := 0; i < 5 && strings.Count(log, "files ") <= children; i++ {
				ctx, cancel := context.WithCancel(t.Context())
				reply, err := p.Jogar(ctx, request(15*time.Second))
				cancel()
				if err != nil {
					t.Fatalf("Jogar: %v", err)
				}
				log += reply.Log
			}
			var procs int
			for _, line := range strings.Split(log, "\n") {
				rest, ok := strings.CutPrefix(line, "files ")
				if !ok {
					continue
				}
				procs++
				_, count, _ := strings.Cut(rest, ": ")
				count, _, _ = strings.Cut(count, " ")
				n, err := strconv.Atoi(count)
				if err != nil || n == 0 || n > launch.MaxFiles {
					t.Errorf("%s: want between 1 and %d files", line, launch.MaxFiles)
				}
			}
			if procs != children+1 {
				t.Errorf("%d processes reported, want %d:\n%s", procs, children+1, log)
			}
		})
	}
}
