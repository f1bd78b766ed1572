//go:build linux

package sandbox

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/arenabots/arena/host/sandbox/launch"
)

// Timings of a bot's end.
const (
	// killWait bounds the wait for killed processes and for their cgroup.
	killWait = 5 * time.Second
	// drainWait bounds the wait for a dead arena's cgroup to empty.
	drainWait = 200 * time.Millisecond
)

// Config says how to start one bot's processes.
type Config struct {
	Path string   // the bot's executable, absolute
	Args []string // its arguments
	// Launcher is the command that applies the limits and builds the
	// sandbox, then becomes the bot (launch.Command of an executable that
	// imports package launch, or launch.Binary). Without one the limits
	// are set with prlimit(2) right after the start, and Strict is refused.
	Launcher []string
	// MemoryMB and Processes are the launcher's limits (see
	// launch.Options); Processes is the pids cgroup's pids.max where the
	// bot has one, MemoryMB also the limit of its memory cgroup, for all
	// its processes and its scratch tmpfs together.
	MemoryMB, Processes int
	// ScratchMB is the size of the bot's scratch: in the sandbox a tmpfs
	// of its own, its /tmp; its RLIMIT_FSIZE is twice that (0 or less: no
	// limit, the scratch directory as /tmp).
	ScratchMB int
	// Workspace, a directory among Files, is seen by a sandboxed bot at
	// its own path, writable through a private copy-on-write layer whose
	// upper layer is in its scratch tmpfs: what it writes there counts in
	// its scratch and never reaches the directory.
	Workspace string
	// Output, when set, is one file of the host, absolute, that a
	// sandboxed bot sees writable at its path: the only host file it may
	// write (a Lisp bot's saved image while it is built). Its size is
	// bounded as any file of the bot's, by RLIMIT_FSIZE (twice
	// ScratchMB).
	Output string
	// Ponder lets the bot run between its calls: Freeze leaves it alone.
	Ponder bool
	// Mode is Strict (the zero value) or Off.
	Mode Mode
	// Files are the bot's own files and directories besides its
	// executable, absolute: what a sandboxed bot sees of the host's files.
	Files []string
	// NoCgroup keeps the bot out of a pids cgroup even where arena could
	// make one (for the tests of the ways without).
	NoCgroup bool

	// freezerV1 prefers the cgroup v1 freezer where both are (for its
	// tests).
	freezerV1 bool
}

// A Box holds one bot's processes: its scratch directory, its pids cgroup
// where arena can make one, its uid in the sandbox, and, once started, its
// main process and process group. Start starts the bot in it; Freeze, Thaw
// and Nice act on the running bot; Kill, Sweep and Close end it so that no
// descendant survives (see reap.go). Its methods may be called from any
// goroutine.
type Box struct {
	cfg     Config
	dir     string
	marker  string
	cg      *cgroup    // the bot's cgroups, or nil
	fam     family     // the bot's processes, complete once started
	sandbox *sandboxed // nil: no sandbox
	// niced says that the bot starts and ends with StartNice, and plays
	// at nice 0: only where arena may lower a nice value again (as root).
	niced bool

	cmd *exec.Cmd
	pid int // the main process: the launcher's first stage, or the bot
	// group is the bot's process group, which Freeze and Thaw signal: the
	// main process's, or the second stage's where the sandbox's first
	// stage says so.
	group     int
	groupPipe *os.File // where a sandboxed launcher tells group

	mu      sync.Mutex
	reaped  bool // the main process was reaped: its pid may be reused
	killed  bool // arena sent SIGKILL to the group
	closing bool // the bot is being closed: it is not frozen any more
	// sock is a sandboxed bot's socket, opened in its root (see
	// HostAddr), by which arena connects to it; nil before.
	sock *os.File

	exited  chan struct{} // closed once the main process is reaped
	state   *os.ProcessState
	waitErr error
}

// New prepares a box for the bot cfg describes: its scratch directory (a
// fresh temporary directory, named for this arena process), its pids
// cgroup, and with the sandbox its uid. It makes the calling process a
// child subreaper, so that the orphans of a bot's descendants come to it,
// and first (at its first call, then once a minute) kills what arena
// processes that died without closing their bots left behind.
func New(cfg Config) (*Box, error) {
	me, err := self()
	if err != nil {
		return nil, err
	}
	becomeSubreaper()
	if reaping.due(time.Now()) {
		reapOrphans(me)
	}
	dir, err := os.MkdirTemp("", ownerPrefix(me))
	if err != nil {
		return nil, err
	}
	name := filepath.Base(dir)
	b := &Box{
		cfg: cfg, dir: dir, marker: markerKey + "=" + name,
		niced:  len(cfg.Launcher) > 0 && os.Geteuid() == 0,
		exited: make(chan struct{}),
	}
	if !cfg.NoCgroup {
		b.cg = newCgroup(name, cfg.Processes, cfg.MemoryMB, cfg.freezerV1)
	}
	b.fam = family{self: os.Getpid(), marker: b.marker, dir: dir, cg: b.cg, known: map[procKey]bool{}}
	if cfg.Mode.strict() {
		if b.sandbox, err = newSandboxed(cfg.Launcher, append([]string{cfg.Path}, cfg.Files...), dir); err != nil {
			_ = b.Close()
			return nil, err
		}
		b.sandbox.workspace = cfg.Workspace
		b.sandbox.output = cfg.Output
		b.sandbox.keepGroup = !b.cg.canFreeze()
		if !cfg.Ponder {
			// The freezer then stops the bot at every call: its
			// launcher's first stage, which only waits for it, leaves.
			b.sandbox.leaveTo = b.cg.outsideFreezer()
		}
	}
	return b, nil
}

// Dir returns the bot's scratch directory: its working directory, HOME and
// TMPDIR, its /tmp in the sandbox.
func (b *Box) Dir() string { return b.dir }

// Marker returns the KEY=VALUE that every process of the bot must have in
// its environment, by which they are known for the bot's.
func (b *Box) Marker() string { return b.marker }

// HasCgroup reports whether the bot has a pids cgroup of its own.
func (b *Box) HasCgroup() bool { return b.cg != nil && b.cg.pids }

// Start starts the bot in its own session and process group, with env,
// writing to stdout and stderr. The parent-death signal is sent when the
// thread that forked the bot ends. The Go runtime ends a thread only when
// a goroutine locked to it (runtime.LockOSThread) returns without
// unlocking, which nothing in arena does, so here it is arena's death.
// Once Start returns nil, Ready finishes the containment.
func (b *Box) Start(env []string, stdout, stderr *os.File) error {
	opts := b.options()
	var cmd *exec.Cmd
	if sb := b.sandbox; sb != nil {
		env = inView(env, b.dir)
		// go-plugin made its socket directory in the scratch directory,
		// as arena's user: the bot's now.
		if err := sb.id.own(b.dir); err != nil {
			return err
		}
		var err error
		if cmd, b.groupPipe, err = sb.command(context.Background(), b.cfg.Launcher, opts, b.dir, b.cfg.Path, b.cfg.Args); err != nil {
			return err
		}
	} else {
		name, argv := b.cfg.Path, b.cfg.Args
		if len(b.cfg.Launcher) > 0 {
			name = b.cfg.Launcher[0]
			argv = append(append([]string(nil), b.cfg.Launcher[1:]...), opts.Args(b.cfg.Path, b.cfg.Args)...)
		}
		cmd = exec.Command(name, argv...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
	}
	cmd.Env = env
	cmd.Dir = b.dir
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err := cmd.Start()
	// The host's copies of a sandboxed launcher's descriptors: with the
	// write end of groupPipe closed here, a launcher that died reads as
	// its end.
	closeFiles(cmd)
	if err != nil {
		b.closeGroupPipe()
		return err
	}
	pid := cmd.Process.Pid
	var start uint64
	if st, err := readStat(pid); err == nil {
		start = st.start
	}
	b.mu.Lock()
	b.cmd, b.pid, b.group = cmd, pid, pid
	b.fam.leader, b.fam.start = pid, start
	killed := b.killed
	b.mu.Unlock()
	go b.wait()
	if killed {
		// Killed while it started (a start cut short by an interrupt):
		// it must not run its course.
		b.Kill()
	}
	return nil
}

// options are the launcher's options for the bot.
func (b *Box) options() launch.Options {
	opts := launch.Options{MemoryMB: b.cfg.MemoryMB, Processes: b.cfg.Processes, ScratchMB: b.cfg.ScratchMB}
	if b.niced {
		opts.Nice = StartNice
	}
	if b.cg != nil {
		opts.Cgroups = b.cg.dirs
	}
	if b.HasCgroup() {
		// The cgroup's pids.max is the exact ceiling: RLIMIT_NPROC, which
		// counts all of the user's tasks, would only get in the way.
		opts.Processes = -1
	}
	return opts
}

// Ready finishes the containment of the started bot: it learns a sandboxed
// bot's process group from its launcher, or, without a launcher, sets the
// limits and joins the cgroup. On failure it kills the bot's group.
func (b *Box) Ready() error {
	if f := b.groupPipe; f != nil {
		defer b.closeGroupPipe()
		if err := b.readGroup(f); err != nil {
			b.Kill()
			return err
		}
	}
	if len(b.cfg.Launcher) == 0 {
		opts := b.options()
		err := launch.SetLimits(b.pid, opts.MemoryMB, opts.Processes, opts.ScratchMB)
		if err == nil && b.cg != nil {
			err = b.cg.join(b.pid)
		}
		if err != nil {
			b.Kill()
			return err
		}
	}
	return nil
}

// closeGroupPipe closes the read end of the launcher's group pipe.
func (b *Box) closeGroupPipe() {
	if b.groupPipe != nil {
		_ = b.groupPipe.Close()
		b.groupPipe = nil
	}
}

// readGroup reads the bot's process group id from a sandboxed launcher's
// first stage, which writes it once it started the second. A launcher that
// ended before leaves the group the main process's: its end says why.
func (b *Box) readGroup(f *os.File) error {
	// A pid and a newline: bufio's smallest buffer, not its 4 KiB.
	line, err := bufio.NewReaderSize(f, 16).ReadString('\n')
	if err != nil {
		return nil
	}
	group, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || group <= 0 {
		return fmt.Errorf("the launcher gave %q for the bot's process group", line)
	}
	b.mu.Lock()
	b.group = group
	b.mu.Unlock()
	return nil
}

// inView rewrites the environment for a sandboxed bot: its scratch
// directory dir is /tmp in its view, for HOME, TMPDIR and go-plugin's
// socket directory.
func inView(env []string, dir string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if v == dir || strings.HasPrefix(v, dir+"/") {
			kv = k + "=" + launch.ScratchInView + v[len(dir):]
		}
		out = append(out, kv)
	}
	return out
}
