package lisp

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// The Lisp side of the adapter, loaded into every SBCL: the driver, then
// its loader of the bot's files.
var (
	//go:embed driver.lisp
	driverLisp string
	//go:embed loader.lisp
	loaderLisp string
)

// driverSource is the whole Lisp side of the adapter.
var driverSource = driverLisp + "\n" + loaderLisp

// Options are the adapter's settings that are not part of a league entry.
type Options struct {
	// SBCL is the sbcl executable. Default: "sbcl", looked up in PATH.
	SBCL string
	// Log receives what the bot prints while loading and playing (captured
	// per call) and anything SBCL writes to its own stdout and stderr, plus
	// a line for each claimed state the adapter could not read. The serve
	// command passes os.Stderr, which the host keeps as the move's log.
	// Nil discards it.
	Log io.Writer
	// Grace is how long an interrupted jogar may take to unwind before SBCL
	// is killed (and started again on the next call). Default 1s.
	Grace time.Duration
}

// defaultGrace is the default of Options.Grace.
const defaultGrace = time.Second

// Adapter is a Lisp bot as a bots.Bot: it drives one long-lived SBCL that
// has loaded the bot's files, calls its jogar for every move and turns the
// answer into a move in arena's notation. It is safe for concurrent use;
// calls are served one at a time.
type Adapter struct {
	cfg Config
	opt Options
	log *lockedWriter

	pkg atomic.Pointer[string] // the package jogar was found in, once started

	mu   sync.Mutex
	proc *process
	// noCore is set once the saved image (Config.Core) failed: the files
	// are loaded from then on.
	noCore bool
	// turn is the rest of a turn of several moves the bot answered at once
	// (Dots and Boxes).
	turn pendingTurn
	// lastMicros is how long the last jogar took inside SBCL, to tell the
	// bot's time from the adapter's in measurements.
	lastMicros int64
}

// New returns an adapter for the Lisp bot c. It validates c and checks
// that the files exist (relative paths are taken from the current
// directory), but starts nothing: call Start.
func New(c Config, opt Options) (*Adapter, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	c = c.WithDefaults()
	if c.Root != "" {
		root, err := filepath.Abs(c.Root)
		if err != nil {
			return nil, fmt.Errorf("lisp: root %s: %w", c.Root, err)
		}
		if st, err := os.Stat(root); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("lisp: root %s: not a directory (the folder of the whole submission)", c.Root)
		}
		c.Root = root
	}
	files := make([]string, len(c.Files))
	for i, f := range c.Files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return nil, fmt.Errorf("lisp: file %s: %w", f, err)
		}
		st, err := os.Stat(abs)
		if err != nil {
			return nil, fmt.Errorf("lisp: file %s: %w", f, err)
		}
		if st.IsDir() {
			return nil, fmt.Errorf("lisp: file %s is a directory: list the .lisp files to load", f)
		}
		files[i] = abs
	}
	c.Files = files
	if c.Root == "" {
		c.Root = filepath.Dir(files[0])
	}
	if opt.SBCL == "" {
		opt.SBCL = "sbcl"
	}
	if opt.Grace <= 0 {
		opt.Grace = defaultGrace
	}
	w := opt.Log
	if w == nil {
		w = io.Discard
	}
	return &Adapter{cfg: c, opt: opt, log: &lockedWriter{w: w}}, nil
}

// Config returns the adapter's configuration, defaults set and file paths
// absolute.
func (a *Adapter) Config() Config { return a.cfg }

// Info names the bot after its package (known once started) or its last
// file, and lists the game it is entered for (Config.GameName), if any: the
// adapter translates every game of the table, but a project is written for one.
func (a *Adapter) Info() bots.Info {
	name := a.cfg.Package
	if p := a.pkg.Load(); p != nil {
		name = *p
	}
	if name == "" {
		last := a.cfg.Files[len(a.cfg.Files)-1]
		name = strings.TrimSuffix(filepath.Base(last), filepath.Ext(last))
	}
	info := bots.Info{Name: strings.ToLower(name), Version: "lisp"}
	if a.cfg.GameName != "" {
		info.Games = []string{a.cfg.GameName}
	}
	return info
}

// Start starts SBCL and loads the bot's files, each with its own directory
// as *default-pathname-defaults*, and finds jogar. It returns when the bot
// is ready or ctx ends; give it RecommendedStartTimeout. Errors are
// referee faults of kind FaultStart that quote the Lisp condition, e.g. a
// syntax error with its file. Start on a started adapter does nothing.
func (a *Adapter) Start(ctx context.Context) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.start(ctx)
}

func (a *Adapter) start(ctx context.Context) error {
	if a.proc != nil && !a.proc.dead() {
		return nil
	}
	a.stop()
	sbcl, err := exec.LookPath(a.opt.SBCL)
	if err != nil {
		return referee.NewFault(referee.FaultStart, fmt.Errorf("lisp: %w (install SBCL, e.g. apt-get install sbcl)", err))
	}
	heap := a.heapMB()
	var p *process
	var r reply
	if a.cfg.Core != "" && !a.noCore {
		p, r, err = a.startFromCore(ctx, sbcl, heap)
		if err != nil {
			if ctx.Err() != nil {
				return referee.NewFault(referee.FaultStart, fmt.Errorf("lisp: starting from the saved image took too long: %w", err))
			}
			a.noCore = true
			fmt.Fprintf(a.log, "lisp: no saved image (%s): loading the files\n", oneLine(err.Error()))
			p = nil
		}
	}
	if p == nil {
		p, r, err = a.load(ctx, sbclCommand(sbcl, heap, a.cfg.Driver))
		if err != nil {
			return referee.NewFault(referee.FaultStart, err)
		}
		if r.op != "READY" {
			a.writeLog(r.log)
			// One line (failure's): a host shows the last line a bot wrote
			// before it failed to start.
			p.close(time.Second)
			return referee.NewFault(referee.FaultStart, errors.New(explainView(r.failure().Error(), a.cfg)))
		}
	}
	// What loading printed (compiler notes, STYLE-WARNINGs) is marked, so
	// that the move log keeps it in a file of its own.
	a.writeLog(referee.MarkLoadLog(r.log))
	a.proc = p
	a.pkg.Store(&r.text)
	return nil
}

// heapMB is SBCL's dynamic space in MB: the Config's, else what fits the
// process's data limit, else 0 (SBCL's default).
func (a *Adapter) heapMB() int {
	heap := a.cfg.HeapMB
	if lim := dataLimitMB(); heap == 0 && lim > 0 {
		heap = max(lim-256, 64)
	}
	return heap
}

// load starts SBCL with argv and sends it the bot's LOAD. An error means
// SBCL is gone; a reply other than READY leaves it running, for the
// caller to close.
func (a *Adapter) load(ctx context.Context, argv []string) (*process, reply, error) {
	p, err := startProcess(argv, filepath.Dir(a.cfg.Files[0]), a.log)
	if err != nil {
		return nil, reply{}, err
	}
	files := make([]sexp.Value, len(a.cfg.Files))
	for i, f := range a.cfg.Files {
		files[i] = sexp.Str(f)
	}
	pkg := sexp.Nil()
	if a.cfg.Package != "" {
		pkg = sexp.Str(a.cfg.Package)
	}
	ans, err := p.call(ctx, a.opt.Grace, "LOAD", sexp.List(files...), pkg, sexp.Str(strings.TrimSuffix(a.cfg.Root, "/")+"/"))
	if err != nil {
		p.kill()
		if ctx.Err() != nil {
			return nil, reply{}, fmt.Errorf("lisp: loading %s took too long: %w", strings.Join(a.cfg.Files, ", "), err)
		}
		return nil, reply{}, fmt.Errorf("lisp: loading: %w", err)
	}
	r, err := parseReply(ans)
	if err != nil {
		p.close(time.Second)
		return nil, reply{}, err
	}
	return p, r, nil
}

// stop ends SBCL if it runs.
func (a *Adapter) stop() {
	if a.proc != nil {
		a.proc.close(2 * time.Second)
		a.proc = nil
	}
}

// Close ends SBCL: it lets the driver return, and kills SBCL if it does
// not exit within two seconds. The adapter may be started again.
func (a *Adapter) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.stop()
	return nil
}

// NewGame starts a fresh SBCL image with the bot's files loaded, as a new
// process would: a Lisp bot keeps nothing from one game to the next (its
// globals, its open files), whatever the league's restart says. With a
// saved image (Config.Core) that SBCL starts from it, in milliseconds:
// under restart: off the bot keeps its image across games, and each game
// still starts from a clean state. Its errors are Start's.
func (a *Adapter) NewGame(ctx context.Context) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.stop()
	a.turn = pendingTurn{}
	return a.start(ctx)
}

// Jogar calls the bot's jogar on st with tempo in milliseconds (times
// TempoScale) and returns its move, with the state it claims when it
// returned one. st's game must have a Lisp form (Form), which writes the
// estado and reads the answer. An answer in which no move is read is still
// an answer, for the referee to reject: its move is what was read, or its
// shape, and the log says why. When the bot answered a whole turn of
// several moves (Dots and Boxes, after a box), the first is played now and
// the following calls of the same turn are answered from a cache without
// calling jogar; the state the bot claims goes with the turn's last move.
// Bot failures are referee faults: FaultCrash for a Lisp error, debugger
// entry or (quit) (the text quotes the condition and the bot's function
// that signalled it; the log gets the backtrace), FaultTimeout when ctx
// ends first (SBCL is interrupted, and killed if jogar does not unwind
// within the grace period). An adapter whose SBCL died starts a new one
// first.
func (a *Adapter) Jogar(ctx context.Context, st referee.State, tempo time.Duration) (bots.Answer, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	f, err := formOf(st)
	if err != nil {
		return bots.Answer{}, err
	}
	if m, claim, ok := a.turn.next(st); ok {
		return bots.Answer{Move: m, State: claim}, nil
	}
	conv := a.cfg.Conventions()
	value, err := a.call(ctx, f.LispEstado(conv), tempo)
	if err != nil {
		return a.unsent(err)
	}
	moves, claim, notes := f.LispAnswer(value, conv)
	for _, n := range notes {
		a.writeLog("lisp: " + n)
	}
	m, claim := a.turn.start(st, moves, claim)
	return bots.Answer{Move: m, State: claim, Stats: readStats(value, f.IsLispBoard)}, nil
}

// call sends estado to jogar, with tempo in milliseconds times TempoScale,
// and returns its answer, starting SBCL first when it is not running.
// Under clock: cpu (bots.ChargedCPU), the bot's own clock readings
// (GET-INTERNAL-REAL-TIME, GET-UNIVERSAL-TIME) advance with the CPU time
// SBCL uses while jogar runs (driver.lisp's ON-CPU-CLOCK), so that a bot
// that budgets by its clock budgets the time it is charged.
func (a *Adapter) call(ctx context.Context, estado sexp.Value, tempo time.Duration) (sexp.Value, error) {
	if err := a.start(ctx); err != nil {
		return sexp.Value{}, err
	}
	args := []sexp.Value{estado, sexp.Int(tempo.Milliseconds() * int64(a.cfg.TempoScale))}
	if bots.ChargedCPU(ctx) {
		args = append(args, sexp.Sym("CPU")) // the bot's clock runs on its CPU time (driver.lisp)
	}
	ans, err := a.proc.call(ctx, a.opt.Grace, "JOGAR", args...)
	if errors.Is(err, errKilled) && ctx.Err() == nil {
		// SBCL would not stop after an earlier timeout: start afresh.
		a.writeLog("lisp: sbcl restarted: it did not stop after an earlier timeout\n")
		a.proc = nil
		if err = a.start(ctx); err != nil {
			return sexp.Value{}, err
		}
		ans, err = a.proc.call(ctx, a.opt.Grace, "JOGAR", args...)
	}
	if err != nil {
		if ctx.Err() != nil {
			return sexp.Value{}, referee.NewFault(referee.FaultTimeout, fmt.Errorf("lisp: jogar did not answer in time: %w", err))
		}
		return sexp.Value{}, referee.NewFault(referee.FaultCrash, fmt.Errorf("lisp: %w", err))
	}
	r, err := parseReply(ans)
	if err != nil {
		return sexp.Value{}, referee.NewFault(referee.FaultProtocol, err)
	}
	a.writeLog(r.log)
	switch {
	case r.op != "ANSWER" && r.kind == "ANSWER":
		return sexp.Value{}, unsendable{r.failure()}
	case r.op != "ANSWER":
		return sexp.Value{}, referee.NewFault(referee.FaultCrash, errors.New(explainView(r.failure().Error(), a.cfg)))
	}
	a.lastMicros = r.micros
	return r.value, nil
}

// unsendable is the error of call when jogar returned something the
// driver cannot send (a circular list, or one too large): a bot's answer,
// for the referee to reject, not a failure of the bot.
type unsendable struct{ err error }

func (u unsendable) Error() string { return u.err.Error() }

// unreadableMove is the move sent to the referee for an answer that could
// not be sent from SBCL.
const unreadableMove = "(a circular or too large answer)"

// unsent returns the answer for the error of a call: an unreadable move
// when jogar's answer could not be sent, the error otherwise.
func (a *Adapter) unsent(err error) (bots.Answer, error) {
	var u unsendable
	if errors.As(err, &u) {
		a.writeLog("lisp: no move read in jogar's answer: " + u.Error())
		return bots.Answer{Move: unreadableMove}, nil
	}
	return bots.Answer{}, err
}

// oneLine writes a Lisp error message on one line, naming SBCL's source
// streams (#<SB-INT:FORM-TRACKING-STREAM for "file /x/y.lisp" {1002723313}>)
// by their file.
func oneLine(msg string) string {
	msg = strings.Join(strings.Fields(msg), " ")
	for {
		i := strings.Index(msg, "#<SB-")
		j := strings.Index(msg[max(i, 0):], ">")
		if i < 0 || j < 0 {
			return msg
		}
		stream := msg[i : i+j+1]
		name := "a stream"
		if _, after, ok := strings.Cut(stream, ` for "file `); ok {
			name, _, _ = strings.Cut(after, `"`)
			name = filepath.Base(name)
		}
		msg = msg[:i] + name + msg[i+j+1:]
	}
}

// writeLog copies text to the log, ending it with a newline.
func (a *Adapter) writeLog(text string) {
	if text == "" {
		return
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	io.WriteString(a.log, text)
}

// reply is an answer of the driver.
type reply struct {
	op     string // READY, ANSWER or FAIL
	kind   string // FAIL's kind: LOAD, PACKAGE, ERROR, DEBUGGER, EXIT, INTERRUPTED, ANSWER, REQUEST
	text   string // READY's package, FAIL's explanation
	value  sexp.Value
	log    string
	micros int64
}

// parseReply reads (READY id pkg log), (ANSWER id value log micros) or
// (FAIL id kind text log).
func parseReply(v sexp.Value) (reply, error) {
	bad := fmt.Errorf("lisp: the driver's answer %s is malformed", sexp.Short(v))
	it := v.Items
	if v.Kind != sexp.KindList || len(it) < 4 || it[0].Kind != sexp.KindSymbol {
		return reply{}, bad
	}
	r := reply{op: it[0].Text}
	switch {
	case r.op == "READY" && len(it) == 4 && it[2].Kind == sexp.KindString && it[3].Kind == sexp.KindString:
		r.text, r.log = it[2].Text, it[3].Text
	case r.op == "ANSWER" && len(it) == 5 && it[3].Kind == sexp.KindString && it[4].Kind == sexp.KindInt:
		r.value, r.log, r.micros = it[2], it[3].Text, it[4].Int
	case r.op == "FAIL" && len(it) == 5 && it[2].Kind == sexp.KindSymbol && it[3].Kind == sexp.KindString && it[4].Kind == sexp.KindString:
		r.kind, r.text, r.log = it[2].Text, it[3].Text, it[4].Text
	default:
		return reply{}, bad
	}
	return r, nil
}

// failure describes a FAIL reply as an error of one line.
func (r reply) failure() error {
	text := oneLine(r.text)
	switch r.kind {
	case "LOAD": // the text says "loading FILE, line N: ..."
		return fmt.Errorf("lisp: %s", text)
	case "ERROR": // the text says "TYPE in FUNCTION: report"
		return fmt.Errorf("lisp: jogar signalled %s", text)
	}
	what := map[string]string{
		"PACKAGE":     "jogar not found",
		"DEBUGGER":    "the bot entered the debugger",
		"EXIT":        "the bot called (quit), (exit) or (abort)",
		"INTERRUPTED": "the bot was interrupted",
		"ANSWER":      "jogar's answer cannot be sent",
		"REQUEST":     "the driver rejected a request",
	}[r.kind]
	if what == "" {
		what = "failure " + r.kind
	}
	return fmt.Errorf("lisp: %s: %s", what, text)
}

// lockedWriter serializes writes to w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

// Write writes b to the underlying writer.
func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
