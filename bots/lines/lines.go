package lines

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/referee"
)

// Version is the protocol's version, the second word of arena's first line.
const Version = 1

// Selector is the first argument of `arena bot serve` for a line bot.
const Selector = "lines"

// MaxLine bounds a line the program writes, newline included: a longer
// line is an answer that is no move, quoted by its start.
const MaxLine = 64 << 10

// HandshakeTimeout bounds the program's answer to arena's first line.
const HandshakeTimeout = 10 * time.Second

// line is one line the program wrote, or why it could write no more.
type line struct {
	text string
	long bool  // longer than MaxLine: text is its start
	err  error // the program's stdout ended (text is empty)
}

// Adapter is a running line-protocol program as a bots.Bot.
type Adapter struct {
	cmd   *exec.Cmd
	in    *bufio.Writer
	stdin io.Closer
	lines chan line
	info  bots.Info
	fresh bool // a game starts: the next call begins with newgame
}

// Start starts the program path with args, its stderr to log, and does
// the handshake for game: `arena 1 game GAME` in, `bot name N [author A]
// [version V]` back. The program's other words are ignored, so that a
// later version of the protocol can add them.
func Start(ctx context.Context, path string, args []string, game string, log io.Writer) (*Adapter, error) {
	cmd := exec.Command(path, args...)
	cmd.Stderr = log
	setProcAttr(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("lines: starting %s: %w", path, err)
	}
	a := &Adapter{cmd: cmd, in: bufio.NewWriter(stdin), stdin: stdin, lines: make(chan line, 16), fresh: true}
	go a.read(stdout)
	if err := a.send(fmt.Sprintf("arena %d game %s timeout %d", Version, game, HandshakeTimeout.Milliseconds())); err != nil {
		a.Close()
		return nil, err
	}
	hctx, cancel := context.WithTimeout(ctx, HandshakeTimeout)
	defer cancel()
	for {
		l, err := a.next(hctx)
		if err != nil {
			a.Close()
			return nil, fmt.Errorf("lines: no `bot name ...` line after `arena %d`: %w", Version, err)
		}
		f := strings.Fields(l.text)
		if len(f) == 0 || f[0] != "bot" {
			continue // a greeting, a banner: not the handshake
		}
		a.info = parseInfo(f[1:])
		if a.info.Name == "" {
			a.Close()
			return nil, fmt.Errorf("lines: the handshake %q names no bot (want `bot name NAME [author A] [version V]`)", clip(l.text))
		}
		a.info.Games = []string{game}
		return a, nil
	}
}

// parseInfo reads the words after "bot": key value pairs, a value running
// to the next key.
func parseInfo(words []string) bots.Info {
	var info bots.Info
	var cur *string
	for _, w := range words {
		switch w {
		case "name":
			cur = &info.Name
		case "author":
			cur = &info.Author
		case "version":
			cur = &info.Version
		default:
			if cur != nil {
				*cur = strings.TrimSpace(*cur + " " + w)
			}
		}
	}
	return info
}

// read sends the program's stdout, line by line, to a.lines, and closes
// it once stdout ends.
func (a *Adapter) read(stdout io.Reader) {
	defer close(a.lines)
	r := bufio.NewReaderSize(stdout, MaxLine)
	for {
		b, err := r.ReadSlice('\n')
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			a.lines <- line{text: string(b[:1024]), long: true}
			for errors.Is(err, bufio.ErrBufferFull) { // the rest of the line is dropped
				_, err = r.ReadSlice('\n')
			}
			if err != nil {
				a.lines <- line{err: a.ended(err)}
				return
			}
		case err != nil:
			err = a.ended(err)
			if len(b) > 0 { // a last line without its newline is not a message
				err = fmt.Errorf("%w, in the middle of the line %q", err, clip(string(b)))
			}
			a.lines <- line{err: err}
			return
		default:
			a.lines <- line{text: strings.TrimRight(string(b[:len(b)-1]), "\r")}
		}
	}
}

// closeGrace is how long a program whose output ended has to exit
// before it is ended: a program that closes its stdout and goes on
// running can send no move, and waiting for its clock would judge it
// timeout where it crashed.
const closeGrace = 500 * time.Millisecond

// ended says why the program's stdout ended; a program still running
// closeGrace after its output ended is killed.
func (a *Adapter) ended(err error) error {
	if !errors.Is(err, io.EOF) {
		return fmt.Errorf("reading the program's output: %w", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- a.cmd.Wait() }()
	var werr error
	select {
	case werr = <-exited:
	case <-time.After(closeGrace):
		_ = a.cmd.Process.Kill()
		<-exited
		return errors.New("the program closed its output and went on running: it was ended")
	}
	if werr != nil {
		return fmt.Errorf("the program exited: %v", werr)
	}
	return errors.New("the program exited")
}

// next returns the program's next line, or an error when its output ended
// or ctx is done first.
func (a *Adapter) next(ctx context.Context) (line, error) {
	select {
	case l, ok := <-a.lines:
		if !ok {
			return line{}, errors.New("the program's output is closed")
		}
		if l.err != nil {
			return line{}, l.err
		}
		return l, nil
	case <-ctx.Done():
		return line{}, ctx.Err()
	}
}

// send writes one line to the program.
func (a *Adapter) send(lines ...string) error {
	for _, l := range lines {
		a.in.WriteString(l)
		a.in.WriteByte('\n')
	}
	if err := a.in.Flush(); err != nil {
		return fmt.Errorf("writing to the program: %w", err)
	}
	return nil
}

// Info is what the program said of itself at the handshake.
func (a *Adapter) Info() bots.Info { return a.info }

// NewGame has the next call begin with `newgame`: the program forgets the
// game before (arena keeps it across games under restart: off).
func (a *Adapter) NewGame(context.Context) error {
	a.fresh = true
	return nil
}

// Jogar asks the program for a move in st with tempo: `newgame` at the
// first call of a game (see NewGame), then `position JSON`, `moves M...` and `go
// tempo MS` (see goLine); it reads `info ...` lines into the answer's stats until
// `move M`. A line written before `go`, a line that is neither, or one
// longer than MaxLine is returned as the answer, which is no move: the
// referee judges it illegal.
func (a *Adapter) Jogar(ctx context.Context, st referee.State, tempo time.Duration) (bots.Answer, error) {
	select { // what the program wrote since its last answer, unasked
	case l, ok := <-a.lines:
		switch {
		case !ok:
			return bots.Answer{}, errors.New("the program's output is closed")
		case l.err != nil:
			return bots.Answer{}, l.err
		}
		return bots.Answer{Move: "unprompted: " + clip(l.text)}, nil
	default:
	}
	pos, err := st.Encode()
	if err != nil {
		return bots.Answer{}, err
	}
	var msgs []string
	if a.fresh {
		msgs, a.fresh = append(msgs, "newgame"), false
	}
	var buf [referee.MaxMoves]referee.Move
	moves := st.Moves(buf[:0])
	words := make([]string, 0, len(moves)+1)
	words = append(words, "moves")
	for _, m := range moves {
		words = append(words, st.FormatMove(m))
	}
	msgs = append(msgs, "position "+compact(pos), strings.Join(words, " "), goLine(ctx, tempo))
	if err := a.send(msgs...); err != nil {
		return bots.Answer{}, err
	}
	var stats referee.Stats
	for {
		l, err := a.next(ctx)
		if err != nil {
			return bots.Answer{}, err
		}
		if l.long {
			return bots.Answer{Move: fmt.Sprintf("a line over %d bytes: %s", MaxLine, clip(l.text))}, nil
		}
		f := strings.Fields(l.text)
		switch {
		case len(f) == 0:
			continue
		case f[0] == "info":
			readStats(&stats, f[1:])
		case f[0] == "move" && len(f) >= 2:
			return bots.Answer{Move: strings.Join(f[1:], " "), Stats: stats}, nil
		default:
			return bots.Answer{Move: clip(l.text), Stats: stats}, nil
		}
	}
}

// readStats reads `depth D nodes N eval E cuts C pv M...` words into s;
// unknown words are skipped.
func readStats(s *referee.Stats, words []string) {
	for i := 0; i+1 < len(words); i++ {
		v := words[i+1]
		switch words[i] {
		case "depth":
			if n, err := strconv.ParseInt(v, 10, 32); err == nil {
				s.Depth = int32(n)
			}
		case "nodes":
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				s.Nodes = n
			}
		case "cuts":
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				s.Cuts = n
			}
		case "eval":
			if n, err := strconv.ParseFloat(v, 64); err == nil {
				s.Eval = n
			}
		case "pv":
			s.PV = append([]string(nil), words[i+1:]...)
			return
		default:
			continue
		}
		i++
	}
}

// Close tells the program to quit, closes its stdin and kills it if it is
// still running a moment later.
func (a *Adapter) Close() error {
	_ = a.send("quit")
	a.stdin.Close()
	done := make(chan struct{})
	go func() {
		for range a.lines { // drain until the reader sees the end
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(500 * time.Millisecond):
		_ = a.cmd.Process.Kill()
		<-done
	}
	return nil
}

// compact returns a position file on one line.
func compact(data []byte) string {
	return strings.Join(strings.Fields(string(data)), " ")
}

// clip returns the start of a line the program wrote, for a verdict.
func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// Serve is `arena bot serve lines GAME PROGRAM ARGS...`: it starts the
// program, does the handshake for GAME, then serves it with bots.Serve
// until arena stops it. The program's stderr goes to log. It returns an
// error only when the program cannot start or fails the handshake.
func Serve(ctx context.Context, args []string, log io.Writer) error {
	if len(args) > 0 && args[0] == Selector {
		args = args[1:]
	}
	if len(args) < 2 {
		return fmt.Errorf("lines: want GAME PROGRAM [ARGS...], got %q", args)
	}
	a, err := Start(ctx, args[1], args[2:], args[0], log)
	if err != nil {
		return err
	}
	defer a.Close()
	bots.Serve(a)
	return nil
}

var _ bots.Bot = (*Adapter)(nil)

// goLine returns the go line of a call: `go tempo MS`, and under a game
// clock (bots.Clocks) `go tempo MS wtime MS btime MS winc MS binc MS`,
// with `movestogo N` when the clock has periods; then `clock cpu` when the
// call is charged the CPU time the bot uses (bots.ChargedCPU), so that the
// program reads its process's CPU clock.
func goLine(ctx context.Context, tempo time.Duration) string {
	l := fmt.Sprintf("go tempo %d", tempo.Milliseconds())
	if c, ok := bots.Clocks(ctx); ok {
		inc := c.Inc.Milliseconds()
		l += fmt.Sprintf(" wtime %d btime %d winc %d binc %d", c.Remaining[0].Milliseconds(), c.Remaining[1].Milliseconds(), inc, inc)
		if c.MovesToGo > 0 {
			l += fmt.Sprintf(" movestogo %d", c.MovesToGo)
		}
	}
	if bots.ChargedCPU(ctx) {
		l += " clock cpu"
	}
	return l
}
