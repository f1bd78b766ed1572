package human

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/arenabots/arena/referee"
)

// Terminal is the Source of a person at a terminal, or of anything that
// writes lines and reads text. Before each move it draws the board (the
// game's own drawing) and prompts
//
//	White (you) to move [? for legal moves]:
//
// An entry of ? lists the legal moves in the game's notation and prompts
// again; a refused entry is told why and prompted again. The end of the
// input resigns the game (ErrResigned).
//
// One Terminal may serve both sides of a game (two people at one
// keyboard). It reads its input from a goroutine of its own, started by the
// first Move, so that Move returns when its context is done; that goroutine
// lives until the input ends.
type Terminal struct {
	in   io.Reader
	out  io.Writer
	once sync.Once
	// lines carries the input's lines; it is closed when the input ends.
	lines chan string
}

// NewTerminal returns the Source of a person who reads out and types into in.
func NewTerminal(in io.Reader, out io.Writer) *Terminal {
	return &Terminal{in: in, out: out, lines: make(chan string)}
}

// helpEntry is the entry that lists the legal moves.
const helpEntry = "?"

// listWidth is the width the list of legal moves is wrapped at.
const listWidth = 72

// Move draws the board of req.State on a first ask (or says why the last
// entry was refused), prompts, and returns the person's next entry other
// than helpEntry.
func (t *Terminal) Move(ctx context.Context, req referee.Request, problem string) (string, error) {
	st := req.State
	if problem == "" {
		fmt.Fprintf(t.out, "\n%s\n", st)
		if req.Tempo > 0 {
			fmt.Fprintf(t.out, "you have %v for this move\n", req.Tempo)
		}
	} else {
		fmt.Fprintf(t.out, "refused: %s\n", problem)
	}
	for {
		fmt.Fprintf(t.out, "%s (you) to move [%s for legal moves]: ", sideName(st.ToMove()), helpEntry)
		line, err := t.readLine(ctx)
		if err != nil {
			fmt.Fprintln(t.out)
			return "", err
		}
		if strings.TrimSpace(line) != helpEntry {
			return line, nil
		}
		t.list(st, req.Legal)
	}
}

// readLine returns the next line of input, without its line end.
func (t *Terminal) readLine(ctx context.Context) (string, error) {
	t.once.Do(func() { go t.read() })
	select {
	case <-ctx.Done():
		return "", ctx.Err()
	case line, ok := <-t.lines:
		if !ok {
			return "", fmt.Errorf("%w: end of input", ErrResigned)
		}
		return line, nil
	}
}

// read sends the input's lines to t.lines until it ends.
func (t *Terminal) read() {
	defer close(t.lines)
	sc := bufio.NewScanner(t.in)
	for sc.Scan() {
		t.lines <- strings.TrimSuffix(sc.Text(), "\r")
	}
}

// list writes the legal moves, wrapped.
func (t *Terminal) list(st referee.State, legal []referee.Move) {
	var b strings.Builder
	b.WriteString("legal moves:")
	width := b.Len()
	for _, m := range legal {
		name := st.FormatMove(m)
		if width+1+len(name) > listWidth {
			b.WriteString("\n ")
			width = 1
		}
		b.WriteString(" " + name)
		width += 1 + len(name)
	}
	fmt.Fprintln(t.out, b.String())
}

// sideName is side's name with a capital, as it starts a prompt.
func sideName(side referee.Side) string {
	s := side.String()
	return strings.ToUpper(s[:1]) + s[1:]
}
