//go:build linux

package host

import (
	"fmt"
	"os"
	"syscall"

	"golang.org/x/sys/unix"

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
