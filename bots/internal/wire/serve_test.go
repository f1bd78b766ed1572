package wire

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"google.golang.org/grpc/status"

	"github.com/arenabots/arena/referee"
)

// TestFaultOnTheWire sends every fault kind, a plain error and a passed
// deadline through Serve's encoding: the host reads back referee.FaultOf.
func TestFaultOnTheWire(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want referee.FaultKind
	}{
		{"plain", errors.New("no idea"), referee.FaultCrash},
		{"deadline", fmt.Errorf("thinking: %w", context.DeadlineExceeded), referee.FaultTimeout},
		{"start", referee.NewFault(referee.FaultStart, errors.New("sbcl missing")), referee.FaultStart},
		{"timeout", referee.NewFault(referee.FaultTimeout, errors.New("slow")), referee.FaultTimeout},
		{"crash", referee.NewFault(referee.FaultCrash, errors.New("lisp error")), referee.FaultCrash},
		{"protocol", referee.NewFault(referee.FaultProtocol, errors.New("not a move")), referee.FaultProtocol},
		{"memory", referee.NewFault(referee.FaultMemory, errors.New("heap exhausted")), referee.FaultMemory},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := status.Convert(ToprotoFault(tc.err))
			got, ok := FromprotoFault(st)
			if !ok || got != tc.want {
				t.Errorf("kind %v (found %v), want %v", got, ok, tc.want)
			}
			if st.Message() != tc.err.Error() {
				t.Errorf("message %q, want %q", st.Message(), tc.err.Error())
			}
		})
	}
	if _, ok := FromprotoFault(status.New(2, "a status from elsewhere")); ok {
		t.Error("a status without the detail names a fault")
	}
}
