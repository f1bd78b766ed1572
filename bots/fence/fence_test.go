package fence

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestUnmarker: the fence's marks are taken out of a stream and counted
// where they stand, whole or cut between writes at any byte, and what
// could start a mark but does not is passed on.
func TestUnmarker(t *testing.T) {
	const mark = "\x00MARK\x00"
	tests := []struct {
		name   string
		stream string
		want   []string // what was passed on at each mark, then the rest
	}{
		{"none", "hello\nworld\n", []string{"hello\nworld\n"}},
		{"one", "a\n" + mark + "b\n", []string{"a\n", "b\n"}},
		{"two in a row", mark + mark, []string{"", "", ""}},
		{"a false start", "x\x00MAR\x00y" + mark, []string{"x\x00MAR\x00y", ""}},
		{"a start at the end", "x\x00MA", []string{"x\x00MA"}},
		{"nul bytes", "\x00\x00" + mark + "\x00", []string{"\x00\x00", "\x00"}},
	}
	for _, tc := range tests {
		// Every way of cutting the stream in two writes.
		for cut := 0; cut <= len(tc.stream); cut++ {
			t.Run(fmt.Sprintf("%s/%d", tc.name, cut), func(t *testing.T) {
				var out strings.Builder
				var got []string
				u := &unmarker{w: &out, mark: []byte(mark), ended: func() {}}
				u.passed = func() { got = append(got, out.String()); out.Reset() }
				u.Write([]byte(tc.stream[:cut]))
				u.Write([]byte(tc.stream[cut:]))
				u.Close()
				got = append(got, out.String())
				if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tc.want) {
					t.Errorf("passed on %q, want %q", got, tc.want)
				}
			})
		}
	}
}

// TestWait: a process writes to two pipes, each copied by a reader that
// is slow to copy, reading the pipe itself or through Reader; after each
// Wait the copies hold exactly what was written before it: nothing, a
// line, or a line that ends with what could start a mark (a NUL byte).
func TestWait(t *testing.T) {
	for _, through := range []bool{false, true} {
		t.Run(fmt.Sprintf("reader %v", through), func(t *testing.T) {
			f, ends, copied, stop := slowCopies(t, through)
			for n := range 30 {
				line := ""
				switch n % 3 {
				case 1:
					line = fmt.Sprintf("line %d\n", n)
				case 2:
					line = fmt.Sprintf("line %d\x00", n)
				}
				for _, w := range ends {
					if _, err := w.Write([]byte(line)); err != nil && line != "" {
						t.Fatal(err)
					}
				}
				f.Wait(time.Minute)
				for i, got := range copied() {
					if got != line {
						t.Errorf("pipe %d after Wait %d: %q, want %q", i, n, got, line)
					}
				}
			}
			stop()
			f.Wait(time.Minute) // returns at once once closed
		})
	}
}

// slowCopies starts two pipes of a Fence, each copied by a reader that
// is slow to copy, reading the pipe through Reader when through. copied
// returns what each copy holds and empties it; stop closes the Fence and
// waits for the readers.
func slowCopies(t *testing.T, through bool) (f *Fence, ends []*os.File, copied func() []string, stop func()) {
	var reads []*os.File
	for range 2 {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		reads, ends = append(reads, r), append(ends, w)
	}
	f = New(ends...)
	var mu sync.Mutex
	var copies [2]strings.Builder
	var wg sync.WaitGroup
	for i, r := range reads {
		w := f.Writer(i, writerFunc(func(p []byte) (int, error) {
			time.Sleep(time.Millisecond) // a reader behind the writer
			mu.Lock()
			defer mu.Unlock()
			return copies[i].Write(p)
		}))
		var in io.Reader = r
		if through {
			in = f.Reader(i, r)
		}
		wg.Go(func() {
			io.Copy(w, in)
			w.Close()
		})
	}
	copied = func() []string {
		mu.Lock()
		defer mu.Unlock()
		var out []string
		for i := range copies {
			out = append(out, copies[i].String())
			copies[i].Reset()
		}
		return out
	}
	return f, ends, copied, func() { f.Close(); wg.Wait() }
}

// TestWaitMarks: Wait writes a mark only where the pipes, read through
// Reader, may hold what the process wrote: bytes in a pipe, or taken by
// its reader and not yet passed on; read otherwise, always.
func TestWaitMarks(t *testing.T) {
	tests := []struct {
		name    string
		through bool
		write   string
		marks   int
	}{
		{"nothing written", true, "", 0},
		{"a line, passed on", true, "x\n", 0},
		// In the pipe, taken or held back: a mark whenever Wait comes.
		{"the start of a mark", true, "x\x00", 1},
		{"nothing written, read directly", false, "", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, ends, copied, stop := slowCopies(t, tc.through)
			defer stop()
			if tc.write != "" {
				if _, err := ends[0].Write([]byte(tc.write)); err != nil {
					t.Fatal(err)
				}
			}
			if tc.marks == 0 {
				// Until the reader took it, passed it on and reads again:
				// a condition, whatever the machine's speed.
				for !f.settled(0) {
					time.Sleep(time.Millisecond)
				}
			}
			f.Wait(time.Minute)
			f.mu.Lock()
			marks := f.sent
			f.mu.Unlock()
			if marks != tc.marks {
				t.Errorf("%d marks written, want %d", marks, tc.marks)
			}
			if got := copied()[0]; got != tc.write {
				t.Errorf("passed on %q, want %q", got, tc.write)
			}
		})
	}
}

// settled reports whether pipe i holds nothing unread and its reader
// holds nothing it took.
func (f *Fence) settled(i int) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	n, ok := unread(f.ends[i])
	return ok && n == 0 && !f.busy[i]
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// BenchmarkWait is the cost of Wait on two pipes whose readers wait for
// data, as a bot's are at the end of its call, read directly (a mark) or
// through Reader (none needed): what the host adds
// to each call (BenchmarkJogarHost in package host times the call itself,
// with and without the marks).
//
//	go test -run '^$' -bench Wait ./bots/fence
func BenchmarkWait(b *testing.B) {
	b.Run("marks", func(b *testing.B) { benchmarkWait(b, false) })
	b.Run("reader", func(b *testing.B) { benchmarkWait(b, true) })
}

// benchmarkWait waits on two pipes read directly, or through Reader.
func benchmarkWait(b *testing.B, through bool) {
	var ends, reads []*os.File
	for range 2 {
		r, w, err := os.Pipe()
		if err != nil {
			b.Fatal(err)
		}
		reads, ends = append(reads, r), append(ends, w)
	}
	f := New(ends...)
	var wg sync.WaitGroup
	for i, r := range reads {
		w := f.Writer(i, io.Discard)
		var in io.Reader = r
		if through {
			in = f.Reader(i, r)
		}
		wg.Go(func() {
			io.Copy(w, in)
			w.Close()
			r.Close()
		})
	}
	for b.Loop() {
		f.Wait(time.Minute)
	}
	f.Close()
	wg.Wait()
}
