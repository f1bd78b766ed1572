//go:build linux

package host

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
)

// tailSize is how much of a bot's latest stderr output is kept, whatever the
// cap, to explain a failed start or a crash.
const tailSize = 4 << 10

// output collects what a bot writes, from every path it can take: the raw
// stdout and stderr pipes of the process (with the barrier's marks taken out)
// and go-plugin's stdio stream (where a Go bot of another SDK than arena's
// sends its os.Stdout and os.Stderr). It keeps at most limit bytes until the
// next take; the rest is dropped and counted, so that a bot writing 100 MB
// costs arena CPU but never memory. Writes never fail and never block, so
// the bot is never stalled on a full pipe.
type output struct {
	mu      sync.Mutex
	limit   int
	buf     []byte
	dropped int64
	total   int64
	tail    []byte // the last tailSize bytes written to stderr
	edge    []byte // the last bytes of stderr, to find markers cut in two
	oom     bool   // stderr said the bot ran out of memory
	fatal   []byte // the first Go panic or fatal error line on stderr
	fatalOK bool   // fatal is complete
}

func newOutput(limit int) *output { return &output{limit: limit} }

// Write keeps what fits under the cap and counts the rest.
func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.keep(p)
	return len(p), nil
}

func (o *output) keep(p []byte) {
	o.total += int64(len(p))
	room := o.limit - len(o.buf)
	if room <= 0 {
		o.dropped += int64(len(p))
		return
	}
	if len(p) > room {
		o.dropped += int64(len(p) - room)
		p = p[:room]
	}
	o.buf = append(o.buf, p...)
}

// stderr returns a writer for the raw stderr pipe: like output's Write, and
// it also keeps the stderr tail.
func (o *output) stderr() stderrWriter { return stderrWriter{o} }

type stderrWriter struct{ o *output }

func (w stderrWriter) Write(p []byte) (int, error) {
	o := w.o
	o.mu.Lock()
	defer o.mu.Unlock()
	o.keep(p)
	o.watch(p)
	if len(p) >= tailSize {
		o.tail = append(o.tail[:0], p[len(p)-tailSize:]...)
	} else {
		if over := len(o.tail) + len(p) - tailSize; over > 0 {
			o.tail = append(o.tail[:0], o.tail[over:]...)
		}
		o.tail = append(o.tail, p...)
	}
	return len(p), nil
}

// memoryMarkers are what runtimes write when an allocation fails under the
// memory limit: Go, Python, C++ and C (perror of ENOMEM).
var memoryMarkers = [][]byte{
	[]byte("out of memory"), []byte("MemoryError"), []byte("bad_alloc"),
	[]byte("Cannot allocate memory"), []byte("cannot allocate memory"),
}

// fatalMarkers start the line that says why a Go program died: a panic, a
// fatal error, and the thread that could not be started under the process
// limit (without and with cgo).
var fatalMarkers = [][]byte{
	[]byte("panic: "), []byte("fatal error: "),
	[]byte("runtime: failed to create new OS thread"), []byte("runtime/cgo: pthread_create failed"),
}

// edgeSize is longer than any marker.
const edgeSize = 32

// watch looks for memory and fatal-error markers in p as it streams past,
// so that they are found however much the bot writes around them (a Go
// fatal error is followed by kilobytes of stack). A marker cut between two
// writes is found in the joint of the two.
func (o *output) watch(p []byte) {
	var joint [2 * edgeSize]byte
	j := append(append(joint[:0], o.edge...), p[:min(len(p), edgeSize)]...)
	for _, m := range memoryMarkers {
		if !o.oom && (bytes.Contains(p, m) || bytes.Contains(j, m)) {
			o.oom = true
		}
	}
	o.watchFatal(p)
	if len(p) >= edgeSize {
		o.edge = append(o.edge[:0], p[len(p)-edgeSize:]...)
	} else {
		o.edge = append(o.edge, p...)
		if len(o.edge) > edgeSize {
			o.edge = o.edge[len(o.edge)-edgeSize:]
		}
	}
}

// watchFatal keeps the first line that starts with a fatal marker. The Go
// runtime writes such a line in pieces, so it is collected across writes.
func (o *output) watchFatal(p []byte) {
	const maxLine = 200
	if o.fatalOK {
		return
	}
	if o.fatal == nil {
		for _, m := range fatalMarkers {
			if i := bytes.Index(p, m); i >= 0 {
				o.fatal, p = []byte{}, p[i:]
				break
			}
		}
		if o.fatal == nil {
			return
		}
	}
	if k := bytes.IndexByte(p, '\n'); k >= 0 {
		p, o.fatalOK = p[:k], true
	}
	o.fatal = append(o.fatal, p[:min(len(p), maxLine-len(o.fatal))]...)
	if len(o.fatal) >= maxLine {
		o.fatalOK = true
	}
}

// outOfMemory reports whether the bot's stderr said it ran out of memory.
func (o *output) outOfMemory() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.oom
}

// hint returns the most telling line of the bot's stderr: the first Go
// panic or fatal error, else the last non-empty line (where Python puts
// the exception), capped; or "".
func (o *output) hint() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.fatal) > 0 {
		return strings.ToValidUTF8(string(o.fatal), "?")
	}
	lines := strings.Split(string(o.tail), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			if len(l) > 200 {
				l = l[:200] + "…"
			}
			return strings.ToValidUTF8(l, "?")
		}
	}
	return ""
}

// take returns what was kept since the last take, with a note of what was
// dropped, and starts afresh.
func (o *output) take() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.buf) == 0 && o.dropped == 0 {
		return ""
	}
	s := string(o.buf)
	if o.dropped > 0 {
		s += fmt.Sprintf("\n…[arena: %d more bytes of output dropped]", o.dropped)
	}
	o.buf, o.dropped = o.buf[:0], 0
	return s
}

// stderrTail returns the last bytes the bot wrote to its stderr pipe.
func (o *output) stderrTail() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return string(o.tail)
}
