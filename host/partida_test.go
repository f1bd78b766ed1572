//go:build linux

package host

import (
	"context"
	"testing"
	"time"

	"github.com/arenabots/arena/internal/samples"
	"github.com/arenabots/arena/referee"
)

// TestPartida: a bot of the SDK is called on its Partida stream, the same
// stream from one call to the next; a bot that serves none (the test bot's
// raw modes, as every bot built before Partida and the Python example) is
// called unary; a call given up (its deadline passed) ends the stream, a
// timeout, and the next call opens another and is answered.
func TestPartida(t *testing.T) {
	st := samples.Load(t, "s1_p9")
	req := referee.Request{State: st, Tempo: time.Second, Legal: st.Moves(nil)}
	call := func(p *Process, timeout time.Duration) (referee.Reply, error) {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		return p.Jogar(ctx, req)
	}
	t.Run("sdk", func(t *testing.T) {
		p := startTest(t, testSpec("ok"))
		var first *partida
		for i := range 3 {
			if reply, err := call(p, 5*time.Second); err != nil || reply.Move == "" {
				t.Fatalf("call %d: %+v, %v", i, reply, err)
			}
			if i == 0 {
				first = p.part
			}
			if p.part == nil || p.part != first || p.unary {
				t.Fatalf("call %d: stream %p (first %p), unary %v: want the first call's stream", i, p.part, first, p.unary)
			}
		}
		_, err := call(p, time.Nanosecond)
		if referee.FaultOf(err) != referee.FaultTimeout {
			t.Fatalf("a call past its deadline: %v, want a timeout", err)
		}
		if p.part != nil {
			t.Error("the stream of a call given up is kept")
		}
		if reply, err := call(p, 5*time.Second); err != nil || reply.Move == "" || p.part == nil || p.part == first {
			t.Errorf("the call after: %+v, %v, stream %p (the first %p): want an answer on a new stream", reply, err, p.part, first)
		}
	})
	t.Run("unary", func(t *testing.T) {
		p := startTest(t, testSpec("badclaim"))
		for i := range 2 {
			if reply, _ := call(p, 5*time.Second); reply.Move == "" {
				t.Fatalf("call %d: no move (%+v)", i, reply)
			}
			if p.part != nil || !p.unary {
				t.Fatalf("call %d: stream %p, unary %v: want unary calls", i, p.part, p.unary)
			}
		}
	})
}
