package host

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/arenabots/arena/bots/host/launch"
)

// maxHandshake caps the first stdout line passed to go-plugin.
const maxHandshake = 4 << 10

// groupRunner runs a bot for go-plugin (it implements go-plugin's
// runner.Runner, through ClientConfig.RunnerFunc) the way arena wants it,
// where go-plugin's own runner falls short:
//
//   - the bot leads its own session and process group (Setsid), started
//     through the launcher so its limits hold from its first instruction,
//     with SIGKILL as its parent-death signal (PR_SET_PDEATHSIG), which
//     the launcher sets again on the thread that execs the bot: it dies
//     with arena, even of SIGKILL;
//   - it joins its pids cgroup, where there is one (see cgroup); a
//     sandboxed launcher gives its second stage, which becomes the bot, its
//     namespaces and identity (see sandbox.go and package launch);
//   - stdin is /dev/null, the working directory a fresh temporary directory;
//   - arena reads the stdout and stderr pipes itself: go-plugin gets only
//     the handshake line (and, when verbose, a copy of stderr), the rest
//     goes to the capped output, so no pipe is ever left unread and no
//     grandchild holding a pipe can keep go-plugin waiting;
//   - Kill sends SIGKILL to the whole group, and when the bot's main
//     process ends, whatever is left of its group is killed before the
//     process is reaped (so the group id cannot have been reused); the rest
//     of the bot's family (see family) is Close's to sweep.
type groupRunner struct {
	path     string   // the bot's executable
	args     []string // its arguments
	env      []string
	dir      string
	launcher []string
	limits   Limits
	ponder   bool // never stopped between calls (Spec.Ponder)
	// niced says that the bot starts and ends with startNice, and plays
	// at nice 0: only where arena may lower a nice value again (as root).
	niced   bool
	out     *output
	cg      *cgroup    // the bot's pids cgroup, or nil
	fam     family     // the bot's processes, complete once started
	sandbox *sandboxed // nil: no sandbox

	pluginEnv []string // go-plugin's variables: cookie, versions, socket directory
	cmd       *exec.Cmd
	pid       int // the main process: the launcher's first stage, or the bot
	// group is the bot's process group, which calls stop and resume: the
	// main process's, or the second stage's where the sandbox's first
	// stage says so.
	group     int
	handshake *io.PipeReader // the first stdout line, for go-plugin
	hsw       *io.PipeWriter
	stderr    io.ReadCloser // what go-plugin's logger reads
	errTee    *io.PipeWriter
	pipes     []*os.File // the read ends of the bot's stdout and stderr
	pumps     sync.WaitGroup

	mu      sync.Mutex
	line    string // the bot's first stdout line, the handshake (capped)
	reaped  bool   // the main process was reaped: its pid may be reused
	killed  bool   // arena sent SIGKILL to the group
	closing bool   // the bot is being closed: it is not frozen any more

	exited  chan struct{} // closed once the main process is reaped
	state   *os.ProcessState
	waitErr error
}

func newGroupRunner(path string, args, env []string, dir string, spec Spec, out *output, cg *cgroup, marker string) *groupRunner {
	r := &groupRunner{
		path: path, args: args, env: env, dir: dir,
		launcher: spec.Launcher, limits: spec.Limits, ponder: spec.Ponder, out: out, cg: cg,
		niced: len(spec.Launcher) > 0 && os.Geteuid() == 0,
		fam: family{
			self: os.Getpid(), marker: marker, dir: dir, cg: cg,
			known: map[procKey]bool{},
		},
		exited: make(chan struct{}),
	}
	r.handshake, r.hsw = io.Pipe()
	if spec.Verbose {
		pr, pw := io.Pipe()
		r.stderr, r.errTee = pr, pw
	} else {
		r.stderr = io.NopCloser(strings.NewReader(""))
	}
	return r
}

// Start starts the bot in its own session and process group.
func (r *groupRunner) Start(context.Context) error {
	opts := launch.Options{MemoryMB: r.limits.MemoryMB, Processes: r.limits.Processes}
	if r.niced {
		opts.Nice = startNice
	}
	if r.cg != nil {
		// The cgroup's pids.max is the exact ceiling: RLIMIT_NPROC, which
		// counts all of the user's tasks, would only get in the way.
		opts.Processes = -1
		opts.Cgroup = r.cg.dir
	}
	// The parent-death signal is sent when the thread that forked the bot
	// ends. The Go runtime ends a thread only when a goroutine locked to it
	// (runtime.LockOSThread) returns without unlocking, which nothing in
	// arena does, so here it is arena's death.
	env := append(append([]string(nil), r.env...), r.pluginEnv...)
	var cmd *exec.Cmd
	var group *os.File // where a sandboxed launcher tells the bot's group
	if sb := r.sandbox; sb != nil {
		env = inView(env, r.dir)
		// go-plugin made its socket directory in the scratch directory,
		// as arena's user: the bot's now.
		if err := sb.id.own(r.dir); err != nil {
			return err
		}
		var err error
		if cmd, group, err = sb.command(context.Background(), r.launcher, opts, r.dir, r.path, r.args); err != nil {
			return err
		}
		defer group.Close()
	} else {
		name, argv := r.path, r.args
		if len(r.launcher) > 0 {
			name = r.launcher[0]
			argv = append(append([]string(nil), r.launcher[1:]...), opts.Args(r.path, r.args)...)
		}
		cmd = exec.Command(name, argv...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
	}
	cmd.Env = env
	cmd.Dir = r.dir
	outR, outW, err := os.Pipe()
	if err != nil {
		return err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return err
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	err = cmd.Start()
	outW.Close()
	errW.Close()
	// The host's copies of a sandboxed launcher's descriptors: with the
	// write end of group closed here, a launcher that died reads as its end.
	closeFiles(cmd)
	if err != nil {
		outR.Close()
		errR.Close()
		return err
	}
	pid := cmd.Process.Pid
	var start uint64
	if st, err := readStat(pid); err == nil {
		start = st.start
	}
	r.mu.Lock()
	r.cmd, r.pid, r.group, r.pipes = cmd, pid, pid, []*os.File{outR, errR}
	r.fam.leader, r.fam.start = pid, start
	r.mu.Unlock()
	go r.wait()
	r.pumps.Add(2)
	go r.pumpStdout(outR)
	go r.pumpStderr(errR)
	if group != nil {
		if err := r.readGroup(group); err != nil {
			r.killGroup()
			return err
		}
	}
	if len(r.launcher) == 0 {
		err = launch.SetLimits(pid, opts.MemoryMB, opts.Processes)
		if err == nil && r.cg != nil {
			err = r.cg.join(pid)
		}
		if err != nil {
			r.killGroup()
			return err
		}
	}
	return nil
}

// readGroup reads the bot's process group id from a sandboxed launcher's
// first stage, which writes it once it started the second. A launcher that
// ended before leaves the group the main process's: its end says why.
func (r *groupRunner) readGroup(f *os.File) error {
	line, err := bufio.NewReader(f).ReadString('\n')
	if err != nil {
		return nil
	}
	group, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || group <= 0 {
		return fmt.Errorf("the launcher gave %q for the bot's process group", line)
	}
	r.mu.Lock()
	r.group = group
	r.mu.Unlock()
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

// wait waits for the main process to end without reaping it, kills what is
// left of its group while the zombie still holds the group id, then reaps.
func (r *groupRunner) wait() {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, r.pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if !errors.Is(err, unix.EINTR) {
			break
		}
	}
	r.mu.Lock()
	_ = unix.Kill(-r.pid, unix.SIGKILL)
	r.waitErr = r.cmd.Wait()
	r.state = r.cmd.ProcessState
	r.reaped = true
	r.mu.Unlock()
	close(r.exited)
}

// pumpStdout passes the first line to go-plugin and the rest to the output.
func (r *groupRunner) pumpStdout(f *os.File) {
	defer r.pumps.Done()
	buf := make([]byte, 32<<10)
	var line []byte
	handshakeDone := false
	finish := func() {
		if handshakeDone {
			return
		}
		handshakeDone = true
		if len(line) > 0 {
			r.announce(line)
			_, _ = r.hsw.Write(append(line, '\n'))
		}
		_ = r.hsw.Close()
	}
	defer finish()
	for {
		n, err := f.Read(buf)
		p := buf[:n]
		if !handshakeDone && n > 0 {
			i := bytes.IndexByte(p, '\n')
			switch {
			case i >= 0:
				line = append(line, p[:i]...)
				p = p[i+1:]
				finish()
			case len(line)+len(p) >= maxHandshake:
				line = append(line, p...)
				p = nil
				finish()
			default:
				line = append(line, p...)
				p = nil
			}
		}
		if len(p) > 0 {
			_, _ = r.out.Write(p)
		}
		if err != nil {
			return
		}
	}
}

// announce records the bot's handshake line
// (core|version|network|address|protocol), capped.
func (r *groupRunner) announce(line []byte) {
	const maxLine = 200
	s := strings.ToValidUTF8(string(line[:min(len(line), maxLine)]), "?")
	r.mu.Lock()
	r.line = strings.TrimSpace(s)
	r.mu.Unlock()
}

// handshakeLine returns the bot's first stdout line, or "".
func (r *groupRunner) handshakeLine() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.line
}

// pumpStderr copies stderr to the output (and to go-plugin's logger when
// verbose).
func (r *groupRunner) pumpStderr(f *os.File) {
	defer r.pumps.Done()
	var w io.Writer = r.out.stderr()
	if r.errTee != nil {
		defer r.errTee.Close()
		w = io.MultiWriter(w, bestEffort{r.errTee})
	}
	_, _ = io.Copy(w, f)
}

// bestEffort writes to w and ignores its errors, so that a reader that went
// away never stops the copy it is a tee of.
type bestEffort struct{ w io.Writer }

func (b bestEffort) Write(p []byte) (int, error) {
	_, _ = b.w.Write(p)
	return len(p), nil
}

// killGroup sends SIGKILL to the bot's process group, unless the main
// process was reaped already (then the group was killed at that moment).
func (r *groupRunner) killGroup() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.pid == 0 || r.reaped {
		return
	}
	r.killed = true
	// The bot's group: a sandboxed launcher's first stage, which waits for
	// the bot, then ends as it ended, after the bot's PID namespace is
	// gone, so that the main process's end still means the bot's.
	_ = unix.Kill(-r.group, unix.SIGKILL)
}

// startNice is the nice value of a bot while it starts and while it ends,
// where arena may set it back to 0 for its calls (see groupRunner.niced):
// the work of starting and stopping bots, which a league does while other
// games play, then yields the CPU to the bots in play, whose time runs.
const startNice = 10

// play gives the bot's process group nice 0 for its calls, or startNice
// again for its end, where it is niced.
func (r *groupRunner) play(playing bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.pid == 0 || r.reaped || !r.niced {
		return
	}
	n := startNice
	if playing {
		n = 0
	}
	_ = unix.Setpriority(unix.PRIO_PGRP, r.group, n)
}

// freeze stops the bot's process group (SIGSTOP) between its calls, unless
// it may ponder, is being closed, or its main process was reaped already.
func (r *groupRunner) freeze() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.pid != 0 && !r.reaped && !r.closing && !r.ponder {
		_ = unix.Kill(-r.group, unix.SIGSTOP)
	}
}

// thaw lets the bot's process group run again (SIGCONT); for good, when
// the bot is being closed: no later freeze stops it.
func (r *groupRunner) thaw(forGood bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closing = r.closing || forGood
	if r.pid != 0 && !r.reaped {
		_ = unix.Kill(-r.group, unix.SIGCONT)
	}
}

// bounded reports whether the bot's PID namespace bounds its family: a
// sandboxed bot is PID 1 of its own, which no process can leave, and when
// it ends the kernel kills every other process there and waits for them
// all before the bot's own end is reported. Once its main process is
// reaped, nothing of a bounded bot is left, and no scan of /proc is needed
// to find it.
func (r *groupRunner) bounded() bool { return r.sandbox != nil }

// remember records the bot's processes, its main process included while it
// is not reaped (see family.remember); a bounded bot needs no record.
func (r *groupRunner) remember() {
	if r.bounded() {
		return
	}
	r.mu.Lock() // the main process is not reaped meanwhile
	defer r.mu.Unlock()
	if r.pid != 0 {
		r.fam.remember(!r.reaped)
	}
}

// sweep kills what is left of the bot's family once its main process is
// reaped, waiting up to d; it returns the pids still alive then. A bounded
// bot has left nothing once reaped.
func (r *groupRunner) sweep(d time.Duration) []int {
	if r.groupID() == 0 || r.bounded() && r.waitExit(0) {
		return nil
	}
	return r.fam.sweep(false, d)
}

// killedByArena reports whether arena sent the group SIGKILL.
func (r *groupRunner) killedByArena() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.killed
}

// waitExit waits up to d for the main process to be reaped.
func (r *groupRunner) waitExit(d time.Duration) bool {
	select {
	case <-r.exited:
		return true
	default:
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-r.exited:
		return true
	case <-t.C:
		return false
	}
}

// drain waits up to d for the pipes to reach their end, then closes them:
// a process that escaped the group cannot hold arena.
func (r *groupRunner) drain(d time.Duration) {
	done := make(chan struct{})
	go func() { r.pumps.Wait(); close(done) }()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
	}
	for _, f := range r.pipes {
		_ = f.Close()
	}
	// Unblock a pump writing to a go-plugin reader that is gone.
	_ = r.handshake.Close()
	_ = r.stderr.Close()
	<-done
}

// go-plugin's runner.Runner.

// Wait waits for the main process to end.
func (r *groupRunner) Wait(context.Context) error {
	<-r.exited
	return r.waitErr
}

// Kill kills the whole process group.
func (r *groupRunner) Kill(context.Context) error {
	r.killGroup()
	return nil
}

// Diagnose returns the end of the bot's stderr, which go-plugin adds to its
// message about a bad handshake.
func (r *groupRunner) Diagnose(context.Context) string { return r.out.stderrTail() }

// Stdout returns the handshake line.
func (r *groupRunner) Stdout() io.ReadCloser { return r.handshake }

// Stderr returns what go-plugin's logger shows: nothing unless verbose.
func (r *groupRunner) Stderr() io.ReadCloser { return r.stderr }

// Name returns the bot's executable.
func (r *groupRunner) Name() string { return r.path }

// ID returns the bot's pid, or "" before it started.
func (r *groupRunner) ID() string {
	if pid := r.groupID(); pid != 0 {
		return strconv.Itoa(pid)
	}
	return ""
}

// groupID returns the main process's pid, which is also its process group
// id, or 0 before it started.
func (r *groupRunner) groupID() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.pid
}

// botGroup returns the bot's process group id (see groupRunner.group), or 0
// before it started.
func (r *groupRunner) botGroup() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.group
}

// PluginToHost returns the bot's address as the host reaches it: a
// sandboxed bot's Unix socket is in its /tmp, the host's r.dir.
func (r *groupRunner) PluginToHost(network, addr string) (string, string, error) {
	if r.sandbox != nil && network == "unix" {
		rel, ok := strings.CutPrefix(addr, launch.ScratchInView+"/")
		if !ok {
			return "", "", fmt.Errorf("sandboxed bot announced socket %q outside its %s", addr, launch.ScratchInView)
		}
		return network, filepath.Join(r.dir, filepath.Clean("/"+rel)), nil
	}
	return network, addr, nil
}

// HostToPlugin returns the address unchanged.
func (r *groupRunner) HostToPlugin(network, addr string) (string, string, error) {
	return network, addr, nil
}
