//go:build linux

package host

import (
	"bytes"
	"context"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arenabots/arena/bots/fence"
	"github.com/arenabots/arena/host/sandbox"
)

// maxHandshake caps the first stdout line passed to go-plugin.
const maxHandshake = 4 << 10

// pumpBuffer is what a pump reads of a pipe at once. A bot's output is
// mostly a few lines a call: io.Copy's 32 KiB, for each pipe of each
// start, made half of arena's allocations in a start.
const pumpBuffer = 16 << 10

// groupRunner runs a bot for go-plugin (it implements go-plugin's
// runner.Runner, through ClientConfig.RunnerFunc) the way arena wants it,
// where go-plugin's own runner falls short:
//
//   - the bot's processes are held in a sandbox.Box: its own session and
//     process group, started through the launcher so its limits hold from
//     its first instruction, dying with arena, in its pids cgroup and its
//     sandbox where there are;
//   - arena reads the stdout and stderr pipes itself: go-plugin gets only
//     the handshake line (and, when verbose, a copy of stderr), the rest
//     goes to the capped output, so no pipe is ever left unread and no
//     grandchild holding a pipe can keep go-plugin waiting;
//   - arena keeps a write end of each pipe, to mark the end of a call's
//     output in it (see barrier);
//   - Kill sends SIGKILL to the whole group (see sandbox.Box.Kill); the
//     rest of the bot's family is Close's to sweep.
type groupRunner struct {
	box  *sandbox.Box
	path string // the bot's executable
	out  *output

	pluginEnv []string       // go-plugin's variables: cookie, versions, socket directory
	env       []string       // the bot's own environment
	handshake *io.PipeReader // the first stdout line, for go-plugin
	hsw       *io.PipeWriter
	stderr    io.ReadCloser // what go-plugin's logger reads
	errTee    *io.PipeWriter
	pipes     []*os.File // the read ends of the bot's stdout and stderr
	pumps     sync.WaitGroup
	fence     *fence.Fence // marks in the bot's stdout and stderr; nil before Start
	noFence   bool         // barrier does nothing (Spec.noFence)

	// arenaKills is set as the bot is closed: arena kills its group itself
	// once its grace ends (Process.CloseWithin), and go-plugin's own kill,
	// two seconds after its Shutdown, does nothing.
	arenaKills atomic.Bool

	mu      sync.Mutex
	line    string // the bot's first stdout line, the handshake (capped)
	addrErr error  // why the bot's address was refused
}

func newGroupRunner(box *sandbox.Box, path string, env []string, verbose bool, out *output) *groupRunner {
	r := &groupRunner{box: box, path: path, env: env, out: out}
	r.handshake, r.hsw = io.Pipe()
	if verbose {
		pr, pw := io.Pipe()
		r.stderr, r.errTee = pr, pw
	} else {
		r.stderr = io.NopCloser(strings.NewReader(""))
	}
	return r
}

// Start starts the bot in its box, reading its stdout and stderr.
func (r *groupRunner) Start(context.Context) error {
	env := append(append([]string(nil), r.env...), r.pluginEnv...)
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
	err = r.box.Start(env, outW, errW)
	if err != nil {
		for _, f := range []*os.File{outR, outW, errR, errW} {
			f.Close()
		}
		return err
	}
	r.pipes = []*os.File{outR, errR}
	r.fence = fence.New(outW, errW)
	r.pumps.Add(2)
	go r.pumpStdout(outR)
	go r.pumpStderr(errR)
	go func() {
		// Once the main process ended, the pipes end with the last of
		// the bot's processes, as go-plugin waits for before its Wait.
		_ = r.box.Wait()
		r.fence.Close()
	}()
	return r.box.Ready()
}

// The indexes of the bot's pipes in its fence.
const (
	stdoutPipe = iota
	stderrPipe
)

// fenceWait bounds the wait for a mark to come through the bot's pipes.
// The pumps never block, so the mark comes at once; the bound only keeps
// arena going should a pump be stuck (a verbose bot's stderr copied to a
// go-plugin logger that no longer reads).
const fenceWait = killWait

// barrier returns once everything the bot wrote to its stdout and stderr
// pipes until now is in the output: at once where both pipes are empty
// and the pumps pass on nothing they read (they read through the fence's
// Reader), else once arena wrote a mark of its own into both and the
// pumps passed it (see package fence). Every byte the bot wrote before its
// answer is ahead of the mark, so a call's output is exactly what the bot
// wrote in the call, whatever the load.
func (r *groupRunner) barrier() {
	if r.fence != nil && !r.noFence {
		r.fence.Wait(fenceWait)
	}
}

// pumpStdout passes the first line to go-plugin and the rest to the output.
func (r *groupRunner) pumpStdout(f *os.File) {
	defer r.pumps.Done()
	out := r.fence.Writer(stdoutPipe, r.out)
	defer out.Close()
	buf := make([]byte, pumpBuffer)
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
	in := r.fence.Reader(stdoutPipe, f)
	for {
		n, err := in.Read(buf)
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
			_, _ = out.Write(p)
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
	out := r.fence.Writer(stderrPipe, w)
	_, _ = io.CopyBuffer(out, r.fence.Reader(stderrPipe, f), make([]byte, pumpBuffer))
	out.Close()
}

// bestEffort writes to w and ignores its errors, so that a reader that went
// away never stops the copy it is a tee of.
type bestEffort struct{ w io.Writer }

func (b bestEffort) Write(p []byte) (int, error) {
	_, _ = b.w.Write(p)
	return len(p), nil
}

// drain waits up to d for the pipes to reach their end, then closes them:
// a process that escaped the group cannot hold arena.
func (r *groupRunner) drain(d time.Duration) {
	if r.fence != nil {
		r.fence.Close() // the pipes end once the bot's processes are gone
	}
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
func (r *groupRunner) Wait(context.Context) error { return r.box.Wait() }

// Kill kills the whole process group, unless arena is closing the bot
// (arenaKills), which kills it when its own grace ends.
func (r *groupRunner) Kill(context.Context) error {
	if !r.arenaKills.Load() {
		r.box.Kill()
	}
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
	if pid := r.box.PID(); pid != 0 {
		return strconv.Itoa(pid)
	}
	return ""
}

// PluginToHost returns the bot's address as the host reaches it (see
// sandbox.Box.HostAddr). A refused address is kept, to say why the start
// failed: go-plugin then kills the bot.
func (r *groupRunner) PluginToHost(network, addr string) (string, string, error) {
	network, addr, err := r.box.HostAddr(network, addr)
	if err != nil {
		r.mu.Lock()
		r.addrErr = err
		r.mu.Unlock()
	}
	return network, addr, err
}

// refusedAddr returns why the bot's address was refused, or nil.
func (r *groupRunner) refusedAddr() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.addrErr
}

// HostToPlugin returns the address unchanged.
func (r *groupRunner) HostToPlugin(network, addr string) (string, string, error) {
	return network, addr, nil
}
