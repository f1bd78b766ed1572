//go:build linux

package host

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"io"
	"os"
	"sync"
	"time"
)

// fenceWait bounds the wait for a mark to come through a pipe. The pump
// that reads the pipe never blocks, so the mark comes at once; the bound
// only keeps arena going should a pump be stuck (a verbose bot's stderr
// copied to a go-plugin logger that no longer reads).
const fenceWait = killWait

// A fence separates what a bot writes to its output pipes call by call,
// exactly, whatever the machine's load. arena keeps a write end of each
// pipe of its own; at the end of a call it writes a mark into each pipe
// after the bot's answer arrived, and waits until the pipe's pump has
// copied everything before the mark. Every byte the bot wrote before it
// answered is in the pipe before the mark (a pipe keeps the order of its
// writes), so it is the call's; the bot's next output comes after it. The
// mark is random per bot, never shown, and a bot that wrote it itself would
// only cut its own output short.
type fence struct {
	mark []byte

	mu      sync.Mutex
	ends    []*os.File // arena's write ends; nil once closed
	sent    int        // marks written into each pipe
	seen    []int      // marks each pump has passed
	done    []bool     // the pump reached the pipe's end
	changed chan struct{}
}

// newFence returns the fence of n pipes, whose write ends arena holds.
func newFence(ends []*os.File) *fence {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return &fence{
		mark:    []byte("\x00arena-fence-" + hex.EncodeToString(b[:]) + "\x00"),
		ends:    ends,
		seen:    make([]int, len(ends)),
		done:    make([]bool, len(ends)),
		changed: make(chan struct{}),
	}
}

// writer returns the writer pipe i's pump copies into: it passes what it
// is given on to w, but for the marks, each of which it counts once
// everything before it was passed on. Close passes on what it held back.
func (f *fence) writer(i int, w io.Writer) *unmarker {
	return &unmarker{w: w, mark: f.mark, passed: func() { f.note(i, false) }}
}

// ended records that pipe i's pump reached its end: nothing more comes
// through it.
func (f *fence) ended(i int) { f.note(i, true) }

func (f *fence) note(i int, end bool) {
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

// wait writes a mark into every pipe and returns once every pump has
// passed it, or reached its pipe's end, or after fenceWait.
func (f *fence) wait() {
	f.mu.Lock()
	if f.ends == nil {
		f.mu.Unlock()
		return
	}
	f.sent++
	n, ends := f.sent, f.ends
	f.mu.Unlock()
	deadline := time.Now().Add(fenceWait)
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

// close closes arena's write ends, so that the pipes reach their end once
// the bot's processes are gone; a later wait returns at once.
func (f *fence) close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, w := range f.ends {
		_ = w.Close()
	}
	f.ends = nil
}

// unmarker passes what it is written to w, but for the fence's marks: it
// calls passed at each mark, once what came before it was passed on. A
// mark cut in two between writes is found: what could be its start is held
// back until the next write shows what it is.
type unmarker struct {
	w      io.Writer
	mark   []byte
	held   []byte
	passed func()
}

// Write never fails: what w does not take is dropped.
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

// Close passes on what was held back: the pipe ended.
func (u *unmarker) Close() error {
	u.pass(u.held)
	u.held = nil
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
