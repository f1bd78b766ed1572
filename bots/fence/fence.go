package fence

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"io"
	"os"
	"sync"
	"time"
)

// A Fence marks points in the pipes a process writes to (see the package
// doc). Its methods are safe for concurrent use.
type Fence struct {
	mark []byte

	mu      sync.Mutex
	ends    []*os.File // the reader's write ends; nil once closed
	sent    int        // marks written into each pipe
	seen    []int      // marks each pipe's reader has passed
	done    []bool     // the pipe's reader reached its end
	changed chan struct{}
	// Where pipe i is read through Reader(i, …) and copied through
	// Writer(i, …), read[i] is set, and busy[i] says that its reader holds
	// bytes it took from the pipe and has not yet passed on; writers[i]
	// is its Writer. Wait needs no mark where no pipe holds a byte and
	// no reader is busy (see quiet).
	read    []bool
	busy    []bool
	writers []*unmarker
}

// New returns the Fence of the pipes whose write ends are ends, which it
// holds from now on: Close closes them. A process started with the other
// copies of ends writes to the pipes; the reader of pipe i copies it
// through Writer(i, ...).
func New(ends ...*os.File) *Fence {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return &Fence{
		mark:    []byte("\x00arena-fence-" + hex.EncodeToString(b[:]) + "\x00"),
		ends:    ends,
		seen:    make([]int, len(ends)),
		done:    make([]bool, len(ends)),
		changed: make(chan struct{}),
		read:    make([]bool, len(ends)),
		busy:    make([]bool, len(ends)),
		writers: make([]*unmarker, len(ends)),
	}
}

// Writer returns the writer that pipe i's reader copies the pipe into: it
// passes what it is given on to w, but for the marks, each of which it
// counts once everything before it was passed on. Its Close, once the pipe
// ended, passes on what it held back and says that nothing more comes.
// Its Write never fails: what w does not take is dropped.
func (f *Fence) Writer(i int, w io.Writer) io.WriteCloser {
	u := &unmarker{
		w:      w,
		mark:   f.mark,
		passed: func() { f.note(i, false) },
		ended:  func() { f.note(i, true) },
	}
	f.mu.Lock()
	f.writers[i] = u
	f.mu.Unlock()
	return u
}

// Reader returns what pipe i's reader reads the pipe r (its read end)
// through, on the goroutine that passes each chunk on through Writer(i,
// …) before its next read: it takes bytes from the pipe under
// the Fence's lock, so that Wait knows when the reader holds none, and
// then writes no mark (see quiet). Where r cannot be read so (it is not
// pollable), Reader returns r, and Wait marks the pipes as before.
func (f *Fence) Reader(i int, r *os.File) io.Reader {
	rd := newReader(f, i, r)
	if rd == nil {
		return r
	}
	f.mu.Lock()
	f.read[i] = true
	f.mu.Unlock()
	return rd
}

// taken notes, f.mu held, whether pipe i's reader took bytes from the
// pipe (n > 0), which it holds until its next read.
func (f *Fence) taken(i, n int) {
	if n > 0 {
		f.busy[i] = true
	}
}

// reading notes that pipe i's reader reads again: what its last read took
// was passed on, but for the start of a mark that the Writer holds back
// until it sees what follows.
func (f *Fence) reading(i int) {
	f.mu.Lock()
	f.busy[i] = f.writers[i] == nil || len(f.writers[i].held) > 0
	f.mu.Unlock()
}

// quiet reports, f.mu held, whether everything the process wrote to the
// pipes until now has been passed on already, so that Wait needs no mark:
// each pipe is read through Reader and copied through Writer, holds no
// byte (FIONREAD on its write end), and its reader holds none it took.
func (f *Fence) quiet() bool {
	for i, w := range f.ends {
		if f.done[i] {
			continue
		}
		if !f.read[i] || f.busy[i] {
			return false
		}
		if n, ok := unread(w); !ok || n > 0 {
			return false
		}
	}
	return true
}

func (f *Fence) note(i int, end bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if end {
		f.done[i] = true
	} else {
		f.seen[i]++
	}
	close(f.changed)
	f.changed = make(chan struct{})
}

// Wait returns once everything the process wrote before Wait was called
// has been passed on: at once where the pipes hold nothing and their
// readers, reading through Reader, hold nothing they took (see quiet);
// otherwise it writes a mark into every pipe and returns once every reader
// has passed it, or reached its pipe's end, or d has passed. d bounds the
// wait for a reader that does not read; one that always reads passes the
// mark at once.
func (f *Fence) Wait(d time.Duration) {
	f.mu.Lock()
	if f.ends == nil {
		f.mu.Unlock()
		return
	}
	if f.quiet() {
		f.mu.Unlock()
		return
	}
	f.sent++
	n, ends := f.sent, f.ends
	f.mu.Unlock()
	deadline := time.Now().Add(d)
	for i, w := range ends {
		_ = w.SetWriteDeadline(deadline)
		if _, err := w.Write(f.mark); err != nil {
			f.note(i, true) // no mark (closed meanwhile): nothing to wait for
		}
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		f.mu.Lock()
		passed := true
		for i := range f.seen {
			passed = passed && (f.seen[i] >= n || f.done[i])
		}
		changed := f.changed
		f.mu.Unlock()
		if passed {
			return
		}
		select {
		case <-changed:
		case <-timer.C:
			return
		}
	}
}

// Close closes the write ends the Fence holds, so that the pipes end once
// the process and its children are gone; a later Wait returns at once.
func (f *Fence) Close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, w := range f.ends {
		_ = w.Close()
	}
	f.ends = nil
}

// unmarker passes what it is written to w, but for the marks: it calls
// passed at each mark, once what came before it was passed on. A mark cut
// in two between writes is found: what could be its start is held back
// until the next write shows what it is.
type unmarker struct {
	w      io.Writer
	mark   []byte
	held   []byte
	passed func()
	ended  func()
}

func (u *unmarker) Write(p []byte) (int, error) {
	n := len(p)
	if len(u.held) > 0 {
		p = append(u.held, p...)
		u.held = nil
	}
	for {
		i := bytes.Index(p, u.mark)
		if i < 0 {
			break
		}
		u.pass(p[:i])
		u.passed()
		p = p[i+len(u.mark):]
	}
	k := markStart(p, u.mark)
	u.pass(p[:len(p)-k])
	if k > 0 {
		u.held = append([]byte(nil), p[len(p)-k:]...)
	}
	return n, nil
}

func (u *unmarker) pass(p []byte) {
	if len(p) > 0 {
		_, _ = u.w.Write(p)
	}
}

func (u *unmarker) Close() error {
	u.pass(u.held)
	u.held = nil
	u.ended()
	return nil
}

// markStart returns the length of the longest end of p that is the start of
// mark, shorter than mark.
func markStart(p, mark []byte) int {
	from := max(0, len(p)-len(mark)+1)
	i := bytes.IndexByte(p[from:], mark[0])
	if i < 0 {
		return 0
	}
	for j := from + i; j < len(p); j++ {
		if bytes.HasPrefix(mark, p[j:]) {
			return len(p) - j
		}
	}
	return 0
}
