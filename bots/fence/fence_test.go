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
// is slow to copy; after each Wait the copies hold exactly what was
// written before it.
func TestWait(t *testing.T) {
	var ends, reads []*os.File
	for range 2 {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		reads, ends = append(reads, r), append(ends, w)
	}
	f := New(ends...)
	var mu sync.Mutex
	var copied [2]strings.Builder
	var wg sync.WaitGroup
	for i, r := range reads {
		wg.Go(func() {
			w := f.Writer(i, writerFunc(func(p []byte) (int, error) {
				time.Sleep(time.Millisecond) // a reader behind the writer
				mu.Lock()
				defer mu.Unlock()
				return copied[i].Write(p)
			}))
			io.Copy(w, r)
			w.Close()
		})
	}
	for n := range 20 {
		line := fmt.Sprintf("line %d\n", n)
		for _, w := range ends {
			if _, err := w.Write([]byte(line)); err != nil {
				t.Fatal(err)
			}
		}
		f.Wait(time.Minute)
		mu.Lock()
		for i := range copied {
			if got := copied[i].String(); got != line {
				t.Errorf("pipe %d after Wait %d: %q, want %q", i, n, got, line)
			}
			copied[i].Reset()
		}
		mu.Unlock()
	}
	f.Close()
	wg.Wait()
	f.Wait(time.Minute) // returns at once once closed
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// BenchmarkWait is the cost of a mark through two pipes whose readers
// wait for data, as a bot's are at the end of its call: what the host adds
// to each call (BenchmarkJogarHost in package host times the call itself,
// with and without the marks).
//
//	go test -run '^$' -bench Wait ./bots/fence
func BenchmarkWait(b *testing.B) {
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
		wg.Go(func() {
			w := f.Writer(i, io.Discard)
			io.Copy(w, r)
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
