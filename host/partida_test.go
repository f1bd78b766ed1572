//go:build linux

package host

import (
	"testing"
	"time"

	"github.com/arenabots/arena/internal/samples"
	"github.com/arenabots/arena/referee"
)

// TestPartida: a bot of the SDK not asked for its lean call channel is
// called on its Partida stream, opened
// as it starts, the same stream from one call to the next; a call given up
// (its deadline passed) is a timeout that ends the stream, and the next
// call is answered unary; a bot that serves no Partida (the test bot's raw
// modes, as every bot built before it and the Python example) is called
// unary.
func TestPartida(t *testing.T) {
	st := samples.Load(t, "s1_p9")
	req := referee.Request{State: st, Tempo: time.Second, Legal: st.Moves(nil)}
	call := func(p *Process, timeout time.Duration) (referee.Reply, error) {
		return callWithin(p, req, timeout)
	}
	t.Run("sdk", func(t *testing.T) {
		spec := testSpec("ok")
		spec.noCanal = true
		p := startTest(t, spec)
		first := p.part
		if first == nil {
			t.Fatal("no stream after the start")
		}
		for i := range 3 {
			if reply, err := call(p, 5*time.Second); err != nil || reply.Move == "" {
				t.Fatalf("call %d: %+v, %v", i, reply, err)
			}
			if p.part != first {
				t.Fatalf("call %d: stream %p, want the start's %p", i, p.part, first)
			}
		}
		_, err := call(p, time.Nanosecond)
		if referee.FaultOf(err) != referee.FaultTimeout {
			t.Fatalf("a call past its deadline: %v, want a timeout", err)
		}
		if p.part != nil {
			t.Error("the stream of a call given up is kept")
		}
		if reply, err := call(p, 5*time.Second); err != nil || reply.Move == "" || p.part != nil {
			t.Errorf("the call after: %+v, %v, stream %p: want an answer, unary", reply, err, p.part)
		}
	})
	t.Run("unary", func(t *testing.T) {
		p := startTest(t, testSpec("badclaim"))
		for i := range 2 {
			if reply, _ := call(p, 5*time.Second); reply.Move == "" || p.part != nil {
				t.Fatalf("call %d: %+v, stream %p: want a move, unary", i, reply, p.part)
			}
		}
	})
}
