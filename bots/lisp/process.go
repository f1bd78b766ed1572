package lisp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arenabots/arena/bots/fence"
	"github.com/arenabots/arena/referee/sexp"
)

// process is one SBCL running the driver: requests go to its fd 3, answers
// come from its fd 4, and its raw stdout and stderr (one pipe) are kept in
// out. What jogar prints travels in its answer; what SBCL writes outside
// the driver's capture (its runtime's messages, a thread's printing) is
// read from the pipe up to a mark (see package fence) before a call
// returns, so that it is that call's.
type process struct {
	cmd     *exec.Cmd
	req     *os.File        // our end of the request pipe (SBCL's fd 3)
	answers chan sexp.Value // answers in order; closed when fd 4 ends
	readErr error           // why fd 4 ended, set before answers is closed
	exited  chan struct{}   // closed once the process is waited for
	waitErr error           // set before exited is closed
	closed  chan struct{}   // closed by shutdown, to stop the reader
	once    sync.Once
	out     *tail
	fence   *fence.Fence // marks in SBCL's output pipe
	nextID  int64
	// pending is the id of a request abandoned at its deadline, whose
	// answer must be drained before the next request; 0 if none.
	pending int64
}

// sbclCommand returns the command line that starts SBCL on the driver:
// the compiled driver fasl (Config.Driver, see CompileDriver) when given
// and it loads, else the driver's source, compiled at the start.
func sbclCommand(sbcl string, heapMB int, fasl string) []string {
	args := []string{sbcl}
	if heapMB > 0 {
		args = append(args, "--dynamic-space-size", strconv.Itoa(heapMB)+"MB")
	}
	load := `(with-compilation-unit () (load (make-string-input-stream "` + lispEscape(driverSource) + `")))`
	if fasl != "" {
		// Another SBCL's fasl, or a file gone, is an error: the source then.
		load = `(or (ignore-errors (load "` + lispEscape(fasl) + `")) ` + load + `)`
	}
	args = append(args, "--noinform", "--disable-ldb", "--end-runtime-options",
		"--no-sysinit", "--no-userinit", "--disable-debugger", "--non-interactive",
		"--eval", `(progn `+load+` (funcall (read-from-string "arena-driver:main")))`)
	return args
}

// lispEscape escapes s for the inside of a Lisp string literal.
func lispEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

// startProcess starts SBCL on the driver in dir. It does not wait for SBCL
// to be ready: the first request does.
func startProcess(argv []string, dir string, log io.Writer) (*process, error) {
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("lisp: request pipe: %w", err)
	}
	ansR, ansW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return nil, fmt.Errorf("lisp: answer pipe: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		for _, f := range []*os.File{reqR, reqW, ansR, ansW} {
			f.Close()
		}
		return nil, fmt.Errorf("lisp: output pipe: %w", err)
	}
	p := &process{
		req:     reqW,
		answers: make(chan sexp.Value, 4),
		exited:  make(chan struct{}),
		closed:  make(chan struct{}),
		out:     &tail{max: 4096, log: log},
		fence:   fence.New(outW),
	}
	p.cmd = exec.Command(argv[0], argv[1:]...)
	p.cmd.Dir = dir
	p.cmd.ExtraFiles = []*os.File{reqR, ansW} // fds 3 and 4
	p.cmd.Stdout = outW
	p.cmd.Stderr = outW
	setProcAttr(p.cmd)
	err = p.cmd.Start()
	reqR.Close()
	ansW.Close()
	if err != nil {
		reqW.Close()
		ansR.Close()
		outR.Close()
		p.fence.Close()
		return nil, fmt.Errorf("lisp: starting %s: %w", argv[0], err)
	}
	copied := make(chan struct{})
	go func() {
		w := p.fence.Writer(0, p.out)
		io.Copy(w, p.fence.Reader(0, outR))
		w.Close()
		close(copied)
	}()
	go func() {
		p.waitErr = p.cmd.Wait()
		// The pipe ends once SBCL's children are gone too; one that
		// lives on cannot hold the adapter.
		p.fence.Close()
		select {
		case <-copied:
		case <-time.After(outputWait):
		}
		outR.Close()
		close(p.exited)
	}()
	go p.read(ansR)
	return p, nil
}

// outputWait bounds the wait for SBCL's output pipe to end once SBCL
// exited, and for a mark to come through it (the reader never blocks, so
// it comes at once).
const outputWait = time.Second

// read passes the answers on fd 4 to p.answers until the stream ends.
func (p *process) read(r *os.File) {
	defer close(p.answers)
	defer r.Close()
	dec := sexp.NewDecoder(r)
	for {
		v, err := dec.Decode()
		if err != nil {
			p.readErr = err
			return
		}
		select {
		case p.answers <- v:
		case <-p.closed:
			return
		}
	}
}

// answerID returns the request id an answer is for, or 0.
func answerID(v sexp.Value) int64 {
	if v.Kind == sexp.KindList && len(v.Items) >= 2 && v.Items[1].Kind == sexp.KindInt {
		return v.Items[1].Int
	}
	return 0
}

// errKilled says that SBCL was killed because an abandoned request did not
// end in time; the adapter starts a new one.
var errKilled = errors.New("lisp: sbcl was killed: an interrupted jogar did not stop within the grace period")

// call sends the request (op id args...) and returns its answer. When ctx
// ends first it interrupts SBCL (SIGINT unwinds jogar) and returns
// ctx.Err() at once; the next call drains that request's answer first,
// waiting at most grace before it kills SBCL and returns errKilled.
func (p *process) call(ctx context.Context, grace time.Duration, op string, args ...sexp.Value) (sexp.Value, error) {
	if err := p.settle(ctx, grace); err != nil {
		return sexp.Value{}, err
	}
	p.out.reset()
	p.nextID++
	id := p.nextID
	req := sexp.List(append([]sexp.Value{sexp.Sym(op), sexp.Int(id)}, args...)...)
	dl, _ := ctx.Deadline()
	p.req.SetWriteDeadline(dl)
	if _, err := p.req.Write(append(sexp.Append(nil, req), '\n')); err != nil {
		if ctx.Err() != nil {
			return sexp.Value{}, ctx.Err()
		}
		return sexp.Value{}, p.crashed(fmt.Errorf("sending the request: %w", err))
	}
	for {
		select {
		case v, ok := <-p.answers:
			if !ok {
				return sexp.Value{}, p.crashed(p.readErr)
			}
			if answerID(v) < id {
				continue // the late answer of an abandoned request
			}
			p.fence.Wait(outputWait) // what SBCL wrote before it answered
			return v, nil
		case <-ctx.Done():
			p.pending = id
			p.interrupt()
			return sexp.Value{}, ctx.Err()
		}
	}
}

// settle drains the answer of an abandoned request, killing SBCL when it
// does not come within grace.
func (p *process) settle(ctx context.Context, grace time.Duration) error {
	if p.pending == 0 {
		return nil
	}
	timer := time.NewTimer(grace)
	defer timer.Stop()
	for {
		select {
		case v, ok := <-p.answers:
			if !ok {
				return p.crashed(p.readErr)
			}
			if answerID(v) >= p.pending {
				p.pending = 0
				return nil
			}
		case <-timer.C:
			p.kill()
			return errKilled
		case <-ctx.Done():
			p.kill()
			return errKilled
		}
	}
}

// cpu returns the CPU time SBCL has used so far, and whether it could be
// read.
func (p *process) cpu() (time.Duration, bool) {
	if p == nil || p.cmd.Process == nil {
		return 0, false
	}
	return cpuTime(p.cmd.Process.Pid)
}

// interrupt asks SBCL to abandon the running jogar.
func (p *process) interrupt() {
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		p.kill()
	}
}

// kill ends SBCL now and waits for it.
func (p *process) kill() {
	p.cmd.Process.Kill()
	<-p.exited
	p.shutdown()
}

// shutdown closes the request stream, which makes the driver return, and
// stops the reader.
func (p *process) shutdown() {
	p.once.Do(func() {
		p.req.Close()
		close(p.closed)
	})
}

// dead reports whether SBCL has exited.
func (p *process) dead() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// crashed returns the error for an SBCL that stopped answering: how it
// exited and the end of what it printed.
func (p *process) crashed(cause error) error {
	select {
	case <-p.exited:
	case <-time.After(2 * time.Second):
		p.kill()
	}
	how := "sbcl exited"
	if p.waitErr != nil {
		how = "sbcl exited: " + p.waitErr.Error()
	}
	if cause != nil && !errors.Is(cause, io.EOF) {
		how += " (" + cause.Error() + ")"
	}
	if out := strings.TrimSpace(p.out.String()); out != "" {
		how += "; its last output:\n" + out
	}
	return errors.New(how)
}

// close ends SBCL: it closes the request stream, which makes the driver
// return, and kills SBCL if it has not exited after wait.
func (p *process) close(wait time.Duration) {
	p.shutdown()
	select {
	case <-p.exited:
	case <-time.After(wait):
		p.kill()
	}
}

// tail keeps the last max bytes written to it, and copies everything to
// log. It is safe for concurrent use.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
	log io.Writer
}

// Write keeps the end of b and copies b to the log.
func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	if t.log != nil {
		t.log.Write(b)
	}
	return len(b), nil
}

// reset forgets the bytes kept.
func (t *tail) reset() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = t.buf[:0]
}

// String returns the bytes kept.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
