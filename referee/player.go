package referee

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Player is what the match loop asks for moves: a real bot process (see
// package bots) or an in-process fake in tests.
//
// Jogar must return when ctx is done. It reports facts, never verdicts: an
// answer that arrived (however wrong), or an error saying why none did,
// classified with the Fault type. The referee decides what that means.
type Player interface {
	Jogar(ctx context.Context, req Request) (Reply, error)
}

// PlayerFunc is a function as a Player, in process: a fake in a test, a
// person at a prompt.
type PlayerFunc func(ctx context.Context, req Request) (Reply, error)

// Jogar calls f.
func (f PlayerFunc) Jogar(ctx context.Context, req Request) (Reply, error) { return f(ctx, req) }

// Request is one call of jogar(estado, tempo).
type Request struct {
	State  State         // the referee's state; the player must not change it
	Tempo  time.Duration // the budget announced to the bot
	Legal  []Move        // the legal moves, as a convenience for bots
	Forced bool          // only one legal move (sent only under forced_moves: bot)
	// Clocks is both game clocks under a time control, nil under a fixed
	// tempo per move; Tempo is then the budget the referee allots.
	Clocks *ClockState
	// CPULimit, when not 0, is the CPU time past which the call loses on
	// time, under a clock that charges CPU time (Clock.Limit): a player
	// that measures the bot's CPU time ends the call once it passes it,
	// as contest judges do, rather than wait for the wall-time cap.
	CPULimit time.Duration
}

// Reply is a player's answer, untrusted.
type Reply struct {
	// Move is the move as the bot wrote it. With a FaultProtocol error it
	// may hold the undecodable answer, which the record keeps (capped).
	Move string
	// Claim is the state the bot says its move leads to, decoded by the
	// player's adapter, or nil when the bot sent none. The referee compares
	// it with its own and logs a discrepancy; its own state always wins.
	Claim State
	Stats Stats
	Log   string // what the bot wrote to stdout/stderr since the last call, capped
	// Elapsed, when set, is the bot's own call as the player measured it,
	// from the request written (the bot resumed) to the answer received:
	// the time charged, without what the player does around the call. The
	// player measures it, never the bot; 0 leaves Ask's own measure.
	Elapsed time.Duration
	// CPU, when CPUMeasured, is the CPU time the bot used in the call, all
	// its threads and processes together, as the player measured it (the
	// bot host: the bot's cgroup, from the request written to the answer
	// received): what a Clock with CPU set charges. A player that cannot
	// measure it leaves CPUMeasured false, and the call is charged its wall
	// time.
	CPU         time.Duration
	CPUMeasured bool
}

// Stats are a bot's search statistics for one move, as it reports them.
type Stats struct {
	Nodes int64
	Cuts  int64
	Depth int32
	Eval  float64
	PV    []string
}

// Reported says whether the bot reported any statistic: the wire has no
// mark for a field left out, and a bot that reports none sends them all
// zero (a search reports a depth or nodes with its eval).
func (s Stats) Reported() bool {
	return s.Nodes != 0 || s.Cuts != 0 || s.Depth != 0 || s.Eval != 0 || len(s.PV) > 0
}

// FaultKind classifies why a player gave no answer.
type FaultKind uint8

// Fault kinds. The zero value is invalid.
const (
	_             FaultKind = iota
	FaultStart              // the bot could not be started or failed the handshake
	FaultTimeout            // no answer before the deadline
	FaultCrash              // the process exited or the connection broke
	FaultProtocol           // the answer could not be decoded
	FaultMemory             // the process was killed for exceeding its memory limit
	FaultResign             // the player gave up the game: a person's resignation
)

var faultNames = [...]string{"invalid", "start", "timeout", "crash", "protocol", "memory", "resign"}

// String returns the fault kind's short name.
func (k FaultKind) String() string {
	if int(k) < len(faultNames) {
		return faultNames[k]
	}
	return fmt.Sprintf("FaultKind(%d)", uint8(k))
}

// Fault is the error a Player returns when it has no answer.
type Fault struct {
	Kind FaultKind
	Err  error
}

// Error describes the fault.
func (f *Fault) Error() string { return f.Kind.String() + ": " + f.Err.Error() }

// Unwrap returns the underlying error.
func (f *Fault) Unwrap() error { return f.Err }

// NewFault wraps err as a fault of kind k.
func NewFault(k FaultKind, err error) error { return &Fault{Kind: k, Err: err} }

// FaultOf returns the kind of err: the Fault it wraps, FaultTimeout for a
// passed deadline, FaultCrash for anything else.
func FaultOf(err error) FaultKind {
	var f *Fault
	switch {
	case errors.As(err, &f):
		return f.Kind
	case errors.Is(err, context.DeadlineExceeded):
		return FaultTimeout
	}
	return FaultCrash
}
