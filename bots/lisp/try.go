package lisp

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// Raw is what jogar returned to one call of Ask, before the adapter reads
// it as a move: Read reads it under any convention.
type Raw struct {
	value sexp.Value
	st    referee.State
	// Elapsed is how long the call took: jogar, and the adapter's round
	// trip of tens of microseconds (SBCL's own clock may tick in
	// milliseconds).
	Elapsed time.Duration
	// CPU is the CPU time SBCL used meanwhile, all its threads: what a
	// league under clock: cpu charges, whatever else the machine does;
	// 0 where it cannot be read (then Elapsed stands for it).
	CPU time.Duration
}

// Charged returns what a league under clock: cpu would charge the call:
// its CPU time where it was read, else its wall time, and never more than
// the wall time.
func (r Raw) Charged() time.Duration {
	if r.CPU > 0 {
		return min(r.CPU, r.Elapsed)
	}
	return r.Elapsed
}

// String writes the answer as Lisp text, cut to a readable length.
func (r Raw) String() string { return sexp.Short(r.value) }

// Ask calls jogar on st, on the started adapter, with estado written as
// cfg says (state form, perspective, knights) and tempo times
// cfg.TempoScale. The files stay loaded and the adapter's own Config is
// kept: a probe tries every convention on one SBCL. Only the conventions
// of cfg are used; its files, package and heap are the adapter's. Errors
// are the faults of Jogar (crash, timeout).
func (a *Adapter) Ask(ctx context.Context, cfg Config, st referee.State, tempo time.Duration) (Raw, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	cfg = a.convention(cfg)
	estado, err := encodeAny(cfg, st)
	if err != nil {
		return Raw{}, err
	}
	own := a.cfg
	a.cfg = cfg
	if err := a.start(ctx); err != nil {
		a.cfg = own
		return Raw{}, err
	}
	cpu0, cpuOK := a.proc.cpu()
	start := time.Now()
	value, err := a.call(ctx, estado, tempo)
	elapsed := time.Since(start)
	a.cfg = own
	if err != nil {
		return Raw{}, err
	}
	r := Raw{value: value, st: st.Clone(), Elapsed: elapsed}
	if cpu1, ok := a.proc.cpu(); ok && cpuOK && cpu1 >= cpu0 {
		r.CPU = max(cpu1-cpu0, time.Nanosecond) // read: never the 0 of unknown
	}
	return r, nil
}

// Estado writes, as Lisp text, the estado that Ask sends jogar for st
// under the conventions of cfg: two conventions that write the same
// estado ask jogar the same question.
func (a *Adapter) Estado(cfg Config, st referee.State) (string, error) {
	a.mu.Lock()
	cfg = a.convention(cfg)
	a.mu.Unlock()
	estado, err := encodeAny(cfg, st)
	if err != nil {
		return "", err
	}
	return estado.String(), nil
}

// encodeAny writes st as the estado of cfg's conventions, in the Lisp
// form of st's game.
func encodeAny(cfg Config, st referee.State) (sexp.Value, error) {
	f, err := formOf(st)
	if err != nil {
		return sexp.Value{}, err
	}
	return f.LispEstado(cfg.Conventions()), nil
}

// Read reads raw as the adapter would under the conventions of cfg
// (index_base, perspective, knights): the move, the state the bot claims,
// and the notes the adapter would log (a move in notation that differs
// from the board's, a claim set aside), or "". An answer that is not a
// move goes as Jogar sends it, for the referee to judge; a turn of several
// moves (Dots and Boxes) gives its first, without a claim.
func (a *Adapter) Read(cfg Config, raw Raw) (bots.Answer, string, error) {
	cfg = a.convention(cfg)
	f, ok := raw.st.(Form)
	if raw.st == nil || !ok {
		return bots.Answer{}, "", fmt.Errorf("lisp: no position to read the answer against")
	}
	moves, claim, notes := f.LispAnswer(raw.value, cfg.Conventions())
	if len(moves) > 1 {
		claim = nil
	}
	return bots.Answer{Move: moves[0], State: claim}, strings.Join(notes, "; "), nil
}

// convention returns cfg's conventions, defaults set, with the adapter's
// files, package, root and heap.
func (a *Adapter) convention(cfg Config) Config {
	cfg = cfg.WithDefaults()
	cfg.Files, cfg.Reads, cfg.Root, cfg.Package, cfg.HeapMB = a.cfg.Files, a.cfg.Reads, a.cfg.Root, a.cfg.Package, a.cfg.HeapMB
	return cfg
}
