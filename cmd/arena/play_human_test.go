package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/creack/pty"

	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/results"
)

// console is arena running in a pseudo-terminal, as a person sees it.
type console struct {
	t    *testing.T
	cmd  *exec.Cmd
	tty  *os.File // the terminal's master side
	mu   sync.Mutex
	out  bytes.Buffer  // everything arena wrote, without the terminal's \r
	seen int           // how much of out expect has consumed
	more chan struct{} // a signal for each write to out
	done chan struct{} // closed when the terminal's output ends
}

// startConsole starts the real arena binary with args in a pseudo-terminal.
func startConsole(t *testing.T, args ...string) *console {
	t.Helper()
	bin, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = t.TempDir()
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 100})
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	c := &console{t: t, cmd: cmd, tty: tty, more: make(chan struct{}, 1), done: make(chan struct{})}
	go c.read()
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		tty.Close()
		<-c.done
	})
	return c
}

// read copies the terminal's output into c.out until it ends.
func (c *console) read() {
	defer close(c.done)
	buf := make([]byte, 4096)
	for {
		n, err := c.tty.Read(buf)
		c.mu.Lock()
		c.out.Write(bytes.ReplaceAll(buf[:n], []byte("\r"), nil))
		c.mu.Unlock()
		select {
		case c.more <- struct{}{}:
		default:
		}
		if err != nil { // EIO once arena has exited
			return
		}
	}
}

// expect waits for output matching re after what earlier calls consumed,
// and returns the output up to the end of the match, consuming it.
func (c *console) expect(re *regexp.Regexp) string {
	c.t.Helper()
	for { // bounded by go test -timeout only: a busy machine decides nothing
		c.mu.Lock()
		rest := c.out.String()[c.seen:]
		loc := re.FindStringIndex(rest)
		if loc != nil {
			c.seen += loc[1]
		}
		c.mu.Unlock()
		if loc != nil {
			return rest[:loc[1]]
		}
		select {
		case <-c.more:
		case <-c.done:
			c.drain(re)
			return ""
		}
	}
}

// drain is expect's last look once the output ended.
func (c *console) drain(re *regexp.Regexp) {
	c.t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	rest := c.out.String()[c.seen:]
	if loc := re.FindStringIndex(rest); loc != nil {
		c.seen += loc[1]
		return
	}
	c.t.Fatalf("arena's output ended without %q:\n%s", re, rest)
}

// typeLine types line and Enter.
func (c *console) typeLine(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.tty, line+"\n"); err != nil {
		c.t.Fatal(err)
	}
}

// wait waits for arena to exit and returns its exit status.
func (c *console) wait() int {
	c.t.Helper()
	err := c.cmd.Wait()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.ExitCode()
	}
	c.t.Fatal(err)
	return -1
}

var (
	// prompt matches the prompt of a person's move; group 1 is the side.
	prompt = regexp.MustCompile(`(White|Black) \(you\) to move \[\? for legal moves\]: `)
	// legalList matches the answer to ?: group 1 is the moves.
	legalList = regexp.MustCompile(`legal moves: ([^\n]*(?:\n [^\n]+)*)\n`)
	// verdictLine matches the verdict at the end of a game.
	verdictLine = regexp.MustCompile(`\n((?:white wins|black wins|draw), white \d+, black \d+[^\n]*)\n`)
)

// legal asks for the legal moves and returns them.
func (c *console) legal() []string {
	c.t.Helper()
	c.typeLine("?")
	m := legalList.FindStringSubmatch(c.expect(legalList))
	c.expect(prompt)
	return strings.Fields(m[1])
}

// checkRecorded checks that the game with a person is the one game of the
// results directory dir, with its move log and log.dat.
func checkRecorded(t *testing.T, dir, white, black string, plies int) {
	t.Helper()
	games, damaged, err := results.ReadJournal(filepath.Join(dir, results.JournalName))
	if err != nil || len(damaged) > 0 || len(games) != 1 {
		t.Fatalf("journal of %s: %d games, damaged %v, error %v; want one game", dir, len(games), damaged, err)
	}
	g := games[0]
	if g.White != white || g.Black != black || (plies > 0 && g.Plies != plies) {
		t.Errorf("journal line %+v, want %s against %s in %d plies", g, white, black, plies)
	}
	lines, err := results.ReadGameLog(dir, g.ID)
	if err != nil || len(lines) != g.Plies+1 {
		t.Errorf("move log of %s: %d lines (%v), want %d", g.ID, len(lines), err, g.Plies+1)
	}
	if _, err := os.Stat(results.LogDatPath(dir, g.ID)); err != nil {
		t.Error(err)
	}
}

// TestHumanCavalo plays a whole game of Cavalo against builtin:greedy at
// the terminal: a move that does not parse and one that is not legal are
// refused with their reason, ? lists the moves, and every move typed is
// one of the list's.
func TestHumanCavalo(t *testing.T) {
	c := startConsole(t, "play", "--white", "human", "--black", "builtin:greedy", "--seed", "5", "--tempo", "300", "--out", "out")
	first := c.expect(prompt)
	for _, want := range []string{"white: human (you: no time limit)\n", "   1  white  B1 *", "   2  black  D10 *", "     A  B  C  D  E  F  G  H  I  J\n"} {
		if !strings.Contains(first, want) {
			t.Errorf("before the first prompt, no %q:\n%s", want, first)
		}
	}
	c.typeLine("Z99")
	c.expect(regexp.MustCompile(`refused: bad move "Z99": bad square "Z99": want a column A-J and a row 1-10, e.g. E5\n` + prompt.String()))
	moves := c.legal()
	c.typeLine(notIn(moves))
	c.expect(regexp.MustCompile(`refused: \S+ is not a legal move for white: [^(\n]*\(legal: ` + regexp.QuoteMeta(moves[0]) + `[ )][^\n]*\n` + prompt.String()))

	botMove := regexp.MustCompile(`\n +\d+  black  \S+(?: \*)? +\d+\.\dms`)
	for {
		moves := c.legal()
		if len(moves) == 0 {
			t.Fatal("? listed no move")
		}
		move := moves[len(moves)/2]
		c.typeLine(move)
		c.expect(regexp.MustCompile(`\n +\d+  white  ` + regexp.QuoteMeta(move) + ` `))
		next := c.expect(regexp.MustCompile(prompt.String() + `|` + verdictLine.String()))
		if v := verdictLine.FindStringSubmatch(next); v != nil {
			if strings.Contains(v[1], "(") {
				t.Errorf("verdict %q, want a normal end", v[1])
			}
			break
		}
		if !botMove.MatchString(next) {
			t.Errorf("no move of the bot with its time before the prompt:\n%s", next)
		}
	}
	c.expect(regexp.MustCompile(`recorded as 01-human-builtin-greedy in out: arena replay out 01-human-builtin-greedy\n`))
	if code := c.wait(); code != 0 {
		t.Errorf("exit status %d, want 0", code)
	}
	checkRecorded(t, filepath.Join(c.cmd.Dir, "out"), "human", "builtin:greedy", c.lastPly())
}

// TestHumanDots plays Black in a Dots and Boxes game on 2x2 boxes, then
// resigns with the end of input (Ctrl-D), which the verdict says; the game
// goes to results/human, the default for a game with a person.
func TestHumanDots(t *testing.T) {
	c := startConsole(t, "play", "--game", "dots", "--game-options", "rows=2,cols=2", "--white", "builtin:greedy", "--black", "human", "--tempo", "300")
	if p := c.expect(prompt); !strings.HasSuffix(p, "Black (you) to move [? for legal moves]: ") || !strings.Contains(p, "   A   B   C\n 1 +---+   +\n") {
		t.Errorf("first prompt, want the board and Black's prompt:\n%s", p)
	}
	c.typeLine("A1-C1")
	c.expect(regexp.MustCompile(`refused: bad move "A1-C1": the dots are not adjacent`))
	c.expect(prompt)
	moves := c.legal()
	if len(moves) != 11 {
		t.Errorf("? listed %q, want the 11 arcs left", moves)
	}
	c.typeLine(moves[0])
	c.expect(regexp.MustCompile(`\n +2  black  ` + regexp.QuoteMeta(moves[0]) + ` `))
	c.expect(prompt)
	if _, err := c.tty.Write([]byte{4}); err != nil { // Ctrl-D: the end of input
		t.Fatal(err)
	}
	v := verdictLine.FindStringSubmatch(c.expect(verdictLine))
	if v == nil || !strings.HasPrefix(v[1], "white wins") || !strings.HasSuffix(v[1], "(resigned: black: resign: end of input)") {
		t.Errorf("verdict %q, want white wins as black resigned", v)
	}
	if code := c.wait(); code != 0 {
		t.Errorf("exit status %d, want 0", code)
	}
	checkRecorded(t, filepath.Join(c.cmd.Dir, humanOut), "builtin:greedy", "human", c.lastPly())
}

// lastPly returns the last ply of the move lines arena printed.
func (c *console) lastPly() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	last := 0
	for _, m := range regexp.MustCompile(`(?m)^ +(\d+)  (?:white|black)  `).FindAllStringSubmatch(c.out.String(), -1) {
		last, _ = strconv.Atoi(m[1])
	}
	return last
}

// notIn returns a Cavalo square that no move of moves lands on.
func notIn(moves []string) string {
	for sq := range 100 {
		name := fmt.Sprintf("%c%d", 'A'+sq%10, sq/10+1)
		if !slices.ContainsFunc(moves, func(m string) bool { return m == name || strings.HasPrefix(m, name+"x") }) {
			return name
		}
	}
	panic("every square is a move")
}
