package bots

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// maxHandshake caps the first stdout line passed to go-plugin.
const maxHandshake = 4 << 10

// groupRunner runs a bot for go-plugin (it implements go-plugin's
// runner.Runner, through ClientConfig.RunnerFunc) the way arena wants it,
// where go-plugin's own runner falls short:
//
//   - the bot leads its own process group (Setpgid), started through the
//     launcher so its limits hold from its first instruction;
//   - stdin is /dev/null, the working directory a fresh temporary directory;
//   - arena reads the stdout and stderr pipes itself: go-plugin gets only
//     the handshake line (and, when verbose, a copy of stderr), the rest
//     goes to the capped output, so no pipe is ever left unread and no
//     grandchild holding a pipe can keep go-plugin waiting;
//   - Kill sends SIGKILL to the whole group, and when the bot's main
//     process ends, whatever is left of its group is killed before the
//     process is reaped (so the group id cannot have been reused).
type groupRunner struct {
	path     string   // the bot's executable
	args     []string // its arguments
	env      []string
	dir      string
	launcher []string
	limits   Limits
	out      *output

	pluginEnv []string // go-plugin's variables: cookie, versions, socket directory
	cmd       *exec.Cmd
	pid       int
	handshake *io.PipeReader // the first stdout line, for go-plugin
	hsw       *io.PipeWriter
	stderr    io.ReadCloser // what go-plugin's logger reads
	errTee    *io.PipeWriter
	pipes     []*os.File // the read ends of the bot's stdout and stderr
	pumps     sync.WaitGroup
	version   chan string // the protocol version the bot announced

	mu     sync.Mutex
	reaped bool // the main process was reaped: its pid may be reused
	killed bool // arena sent SIGKILL to the group

	exited  chan struct{} // closed once the main process is reaped
	state   *os.ProcessState
	waitErr error
}

func newGroupRunner(path string, args, env []string, dir string, spec Spec, out *output) *groupRunner {
	r := &groupRunner{
		path: path, args: args, env: env, dir: dir,
		launcher: spec.Launcher, limits: spec.Limits, out: out,
		version: make(chan string, 1),
		exited:  make(chan struct{}),
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

// Start starts the bot in its own process group.
func (r *groupRunner) Start(context.Context) error {
	name, argv := r.path, r.args
	if len(r.launcher) > 0 {
		name = r.launcher[0]
		argv = append(append([]string(nil), r.launcher[1:]...), launchArgs(r.limits, r.path, r.args)...)
	}
	cmd := exec.Command(name, argv...)
	cmd.Env = append(append([]string(nil), r.env...), r.pluginEnv...)
	cmd.Dir = r.dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
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
	if err != nil {
		outR.Close()
		errR.Close()
		return err
	}
	r.mu.Lock()
	r.cmd, r.pid, r.pipes = cmd, cmd.Process.Pid, []*os.File{outR, errR}
	r.mu.Unlock()
	go r.wait()
	r.pumps.Add(2)
	go r.pumpStdout(outR)
	go r.pumpStderr(errR)
	if len(r.launcher) == 0 {
		if err := setLimits(r.pid, r.limits); err != nil {
			r.killGroup()
			return err
		}
	}
	return nil
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

// announce records the protocol version of a handshake line
// (core|version|network|address|protocol).
func (r *groupRunner) announce(line []byte) {
	f := strings.Split(string(line), "|")
	if len(f) >= 2 {
		if _, err := strconv.Atoi(f[1]); err == nil {
			r.version <- f[1]
		}
	}
}

// announced returns the protocol version the bot announced, or "".
func (r *groupRunner) announced() string {
	select {
	case v := <-r.version:
		r.version <- v
		return v
	default:
		return ""
	}
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
	_ = unix.Kill(-r.pid, unix.SIGKILL)
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

// awaitGroupGone waits up to d for the bot's process group to have no live
// process left: SIGKILL takes effect when a process is next scheduled, not
// at once. It returns the pids still alive after d.
func (r *groupRunner) awaitGroupGone(d time.Duration) []int {
	pgid := r.groupID()
	if pgid == 0 {
		return nil
	}
	deadline := time.Now().Add(d)
	for pause := 100 * time.Microsecond; ; pause = min(2*pause, 10*time.Millisecond) {
		if errors.Is(unix.Kill(-pgid, 0), unix.ESRCH) {
			return nil // no member left, not even a zombie
		}
		live, err := liveInGroup(pgid)
		if err == nil && len(live) == 0 {
			return nil // only zombies, waiting for init
		}
		if time.Now().After(deadline) {
			return live
		}
		time.Sleep(pause)
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

// groupID returns the bot's pid, which is also its process group id, or 0
// before it started.
func (r *groupRunner) groupID() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.pid
}

// PluginToHost returns the bot's address unchanged: it runs on this host.
func (r *groupRunner) PluginToHost(network, addr string) (string, string, error) {
	return network, addr, nil
}

// HostToPlugin returns the address unchanged.
func (r *groupRunner) HostToPlugin(network, addr string) (string, string, error) {
	return network, addr, nil
}
