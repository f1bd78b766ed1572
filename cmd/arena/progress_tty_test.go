package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/creack/pty"

	"github.com/arenabots/arena/internal/testbin"
)

// redraw starts each frame of the live progress line.
const redraw = "\r\x1b[K"

// ttyRun runs arena run on a league of body in an 80×30 pseudo-terminal
// under TERM=screen, as in tmux; with interrupt it types Ctrl-C once two
// frames are drawn. It returns all the terminal received.
func ttyRun(t *testing.T, body string, interrupt bool) string {
	t.Helper()
	if testing.Short() {
		t.Skip("plays a league in a pseudo-terminal")
	}
	bin, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "l.yaml"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "run", "l.yaml")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TERM=screen")
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 30, Cols: 80})
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer tty.Close()
	var (
		mu  sync.Mutex
		out bytes.Buffer
	)
	done := make(chan struct{})
	framed := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 4096)
		signalled := false
		for {
			n, err := tty.Read(buf)
			mu.Lock()
			out.Write(buf[:n])
			frames := strings.Count(out.String(), redraw)
			mu.Unlock()
			if !signalled && frames >= 2 {
				signalled = true
				close(framed)
			}
			if err != nil {
				return
			}
		}
	}()
	// Only go test -timeout bounds the waits: a busy machine may make
	// arena as slow as it likes.
	if interrupt {
		select {
		case <-framed:
		case <-done:
			select {
			case <-framed:
			default:
				t.Fatal("arena run ended before drawing a live line")
			}
		}
		io.WriteString(tty, "\x03")
	}
	cmd.Wait()
	<-done
	mu.Lock()
	defer mu.Unlock()
	return out.String()
}

// frames returns the live line's frames in out, and what follows the last.
func frames(out string) (drawn []string, after string) {
	parts := strings.Split(out, redraw)
	drawn = parts[1:]
	last := drawn[len(drawn)-1]
	if i := strings.IndexAny(last, "\r\n"); i >= 0 {
		drawn[len(drawn)-1], after = last[:i], last[i:]
	}
	return drawn, after
}

// TestProgressLineInPlace plays a league in an 80-column terminal: the
// progress is one line redrawn in place, each frame shorter than the
// terminal (no wrap) and none left in the scrollback (no newline between
// frames), and the last frame ends with a newline.
func TestProgressLineInPlace(t *testing.T) {
	out := ttyRun(t, "name: a-league-with-a-rather-long-name-to-show-on-the-line\nseed: 1\nrounds: 2\ntempo_ms: 20\nconcurrency: 2\nbots:\n"+
		"  - {name: greedy, builtin: greedy}\n  - {name: random, builtin: random}\n  - {name: first-random-of-many, builtin: random, options: {seed: 9}}\n", false)
	drawn, after := frames(out)
	if len(drawn) < 12 {
		t.Fatalf("%d frames, want one a game at least (12):\n%q", len(drawn), out)
	}
	for i, f := range drawn {
		if n := runes(f); n > 80-echoRoom {
			t.Errorf("frame %d has %d columns, want at most %d (room for an echoed ^C): %q", i, n, 80-echoRoom, f)
		}
		if i < len(drawn)-1 && strings.ContainsAny(f, "\n\r") {
			t.Errorf("frame %d leaves a line in the scrollback: %q", i, f)
		}
	}
	if !strings.HasPrefix(after, "\n") && !strings.HasPrefix(after, "\r\n") {
		t.Errorf("the last frame is not ended by a newline: %q", after)
	}
	if !strings.Contains(drawn[len(drawn)-1], " 12/12 games ") {
		t.Errorf("last frame %q, want 12/12 games", drawn[len(drawn)-1])
	}
}

// TestProgressLineClocks plays a league under a game clock in an
// 80-column terminal: frames drawn while a game is in play show the least
// time left on a clock and its bot, whole, every frame fits the terminal,
// and the last (no game in play) shows no clock.
func TestProgressLineClocks(t *testing.T) {
	out := ttyRun(t, "name: clocked\nseed: 1\nrounds: 1\ntime_control: {base_ms: 2000, inc_ms: 20}\nconcurrency: 1\nbots:\n"+
		"  - {name: greedy, builtin: greedy}\n  - {name: random, builtin: random}\n", false)
	drawn, _ := frames(out)
	clock := regexp.MustCompile(`  low [0-9]\.[0-9]{2}s (greedy|random)( |$)`)
	low := 0
	for i, f := range drawn {
		if n := runes(f); n > 80-echoRoom {
			t.Errorf("frame %d has %d columns, want at most %d: %q", i, n, 80-echoRoom, f)
		}
		if clock.MatchString(f) {
			low++
		}
	}
	if low == 0 {
		t.Errorf("no frame shows a clock of a game in play:\n%q", out)
	}
	if last := drawn[len(drawn)-1]; !strings.Contains(last, " 2/2 games ") || strings.Contains(last, " low ") {
		t.Errorf("last frame %q, want 2/2 games and no game in play", last)
	}
}

// TestProgressLineInterrupted types Ctrl-C during a league: the terminal
// echoes ^C on the live line, which the last frame clears and redraws
// whole before its newline.
func TestProgressLineInterrupted(t *testing.T) {
	out := ttyRun(t, "name: long\nseed: 1\nrounds: 200\ntempo_ms: 20\nconcurrency: 1\nbots:\n"+
		"  - {name: greedy, builtin: greedy}\n  - {name: random, builtin: random}\n", true)
	drawn, after := frames(out)
	last := drawn[len(drawn)-1]
	if strings.Contains(last, "^C") || !strings.HasPrefix(last, "long ") {
		t.Errorf("the last frame is not clean: %q", last)
	}
	if !strings.HasPrefix(after, "\n") && !strings.HasPrefix(after, "\r\n") {
		t.Errorf("the last frame is not ended by a newline: %q", after)
	}
	if !strings.Contains(out, "^C") {
		t.Logf("the terminal did not echo ^C: %q", out)
	}
	if !strings.Contains(after, "interrupted") {
		t.Errorf("no word of the interruption after the line: %q", after)
	}
}
