//go:build linux

package host

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/arenabots/arena/referee"
)

// BotError is an error of one operation on one bot process: what went wrong,
// with the bot's name and the operation ("launch", "info", "jogar",
// "close"). The host wraps it in a *referee.Fault that classifies it, so
// callers use errors.As for either.
type BotError struct {
	Bot string // the bot's display name
	Op  string
	Err error
}

// Error returns "bot NAME: OP: ERR".
func (e *BotError) Error() string { return "bot " + e.Bot + ": " + e.Op + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *BotError) Unwrap() error { return e.Err }

// fault returns err about bot's op as a fault of kind k.
func fault(k referee.FaultKind, bot, op string, err error) error {
	return referee.NewFault(k, &BotError{Bot: bot, Op: op, Err: err})
}

// describeExit says how a process ended: "exited with status 3" or "killed
// by signal SIGSEGV".
func describeExit(st *os.ProcessState) string {
	if st == nil {
		return "ended"
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return "killed by signal " + unix.SignalName(ws.Signal())
	}
	return fmt.Sprintf("exited with status %d", st.ExitCode())
}

// killedBySIGKILL reports whether st is the end of a process killed with
// SIGKILL.
func killedBySIGKILL(st *os.ProcessState) bool {
	ws, ok := st.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL
}

// callFault classifies the error of a call started at start, from what the
// host observed: ctx's deadline passed, or the host ended the call once the
// bot used more CPU time than its limit (timeout), the process ended or the
// connection broke (crash, or memory), the answer could not be decoded
// (protocol). A bot that answers with an error status, alive and within
// its deadline, crashed: what it says of its error is detail, never its
// class, so that a crashing bot cannot pass for a slow one.
func (p *Process) callFault(ctx context.Context, op string, err error, start time.Time) error {
	st := status.Convert(err)
	if dl, ok := ctx.Deadline(); ok && st.Code() == codes.DeadlineExceeded && time.Until(dl) < deadlineSlack {
		// The bot's end of the call, told the deadline, may give up a
		// moment before ctx's own timer fires.
		<-ctx.Done()
	}
	var over *overCPU
	switch {
	case errors.As(context.Cause(ctx), &over):
		return fault(referee.FaultTimeout, p.spec.Name, op, over)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fault(referee.FaultTimeout, p.spec.Name, op,
			fmt.Errorf("no answer after %v: deadline passed", time.Since(start).Round(time.Millisecond)))
	case ctx.Err() != nil:
		return &BotError{Bot: p.spec.Name, Op: op, Err: ctx.Err()}
	}
	// A connection that broke is waited on: the bot may be ending. An
	// answer of any other kind is the bot's, alive or ending now.
	broke := st.Code() == codes.Unavailable || st.Code() == codes.Canceled
	if broke && p.box.EndsBefore(ctx) || !broke && p.box.Ending() {
		return p.exitFault(op)
	}
	switch st.Code() {
	case codes.Unavailable, codes.Canceled:
		return fault(referee.FaultCrash, p.spec.Name, op, fmt.Errorf("connection broke: %s", st.Message()))
	case codes.Internal, codes.ResourceExhausted:
		// gRPC's own codes for an answer it could not decode or that
		// exceeds maxAnswerBytes. A bot could send them itself, but it
		// gains nothing: a protocol fault is judged as an illegal move,
		// which any bot can answer.
		return fault(referee.FaultProtocol, p.spec.Name, op, fmt.Errorf("answer not decodable: %s", st.Message()))
	}
	return fault(referee.FaultCrash, p.spec.Name, op, fmt.Errorf("bot reported: %s", st.Message()))
}

// exitFault describes the end of the process as a crash or, when the bot
// ran out of memory, a memory fault. A SIGKILL arena did not send is taken
// for the kernel's out-of-memory killer.
func (p *Process) exitFault(op string) error {
	p.run.drain(drainWait) // the last words of a crash are in the pipes
	err := fmt.Errorf("process %s", describeExit(p.box.State()))
	if h := p.out.hint(); h != "" {
		err = fmt.Errorf("%w: %s", err, h)
	}
	switch {
	case p.box.OutOfMemory():
		return p.memoryFault(op, err)
	case p.out.outOfMemory():
		return fault(referee.FaultMemory, p.spec.Name, op, fmt.Errorf("%w (memory limit %d MiB)", err, p.spec.Limits.MemoryMB))
	case killedBySIGKILL(p.box.State()) && !p.box.KilledByArena():
		return fault(referee.FaultMemory, p.spec.Name, op, fmt.Errorf("%w, not sent by arena: taken for the kernel's out-of-memory killer", err))
	}
	return fault(referee.FaultCrash, p.spec.Name, op, err)
}
