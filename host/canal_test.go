//go:build linux

package host

import (
	"context"
	"testing"
	"time"

	"github.com/arenabots/arena/internal/samples"
	"github.com/arenabots/arena/referee"
)

// TestCanal: a bot of the SDK is called on its lean call channel, opened
// as it starts, in its sandbox; a call given up ends the channel, and the
// next call goes over gRPC.
func TestCanal(t *testing.T) {
	st := samples.Load(t, "s1_p9")
	req := referee.Request{State: st, Tempo: time.Second, Legal: st.Moves(nil)}
	p := startTest(t, testSpec("ok"))
	c := p.canal
	if c == nil || p.part != nil {
		t.Fatalf("channel %p, stream %p after the start: want a channel, no stream", c, p.part)
	}
	for i := range 3 {
		if reply, err := callWithin(p, req, 5*time.Second); err != nil || reply.Move == "" {
			t.Fatalf("call %d: %+v, %v", i, reply, err)
		}
		if c.dead {
			t.Fatalf("call %d: the channel died", i)
		}
	}
	_, err := callWithin(p, req, time.Nanosecond)
	if referee.FaultOf(err) != referee.FaultTimeout {
		t.Fatalf("a call past its deadline: %v, want a timeout", err)
	}
	if !c.dead {
		t.Error("the channel of a call given up is kept")
	}
	if reply, err := callWithin(p, req, 5*time.Second); err != nil || reply.Move == "" {
		t.Errorf("the call after: %+v, %v: want an answer", reply, err)
	}
}

// TestCanalHostile: a bot that misbehaves on its channel gets the verdict
// a bot that misbehaves alike over gRPC gets, its channel ends, and its
// next call goes over gRPC: an answer sent late (the late bot sends it
// when thawed for the next call, into the channel arena closed) is never
// taken for a later call's.
func TestCanalHostile(t *testing.T) {
	st := samples.Load(t, "s1_p9")
	req := referee.Request{State: st, Tempo: 200 * time.Millisecond, Legal: st.Moves(nil)}
	// A bot that answers at once has all the time a busy machine may
	// need; one that never answers in time, a short deadline.
	tests := []struct {
		kind    string
		timeout time.Duration
		want    referee.FaultKind
	}{
		{"garbage", 10 * time.Second, referee.FaultProtocol},
		{"huge", 10 * time.Second, referee.FaultProtocol},
		{"silent", 300 * time.Millisecond, referee.FaultTimeout},
		{"late", 300 * time.Millisecond, referee.FaultTimeout},
		{"close", 10 * time.Second, referee.FaultCrash},
	}
	for _, tc := range tests {
		t.Run(tc.kind, func(t *testing.T) {
			t.Parallel()
			p := startTest(t, testSpec("canal", tc.kind))
			if p.canal == nil {
				t.Fatal("no channel after the start")
			}
			_, err := callWithin(p, req, tc.timeout)
			if got := referee.FaultOf(err); got != tc.want {
				t.Fatalf("the call: %v (%v), want %v", got, err, tc.want)
			}
			if !p.canal.dead {
				t.Fatal("the channel is kept")
			}
			reply, err := callWithin(p, req, 10*time.Second)
			if err != nil || reply.Stats.Nodes != 2 {
				t.Errorf("the call after: %+v, %v: want the unary call's answer (nodes 2)", reply, err)
			}
		})
	}
}

// callWithin calls p.Jogar with req within timeout.
func callWithin(p *Process, req referee.Request, timeout time.Duration) (referee.Reply, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return p.Jogar(ctx, req)
}

// TestCanalUnasked: what a bot sends on its channel beyond its answer is
// never taken for the next call's answer: the channel ends, and the next
// call goes over gRPC.
func TestCanalUnasked(t *testing.T) {
	st := samples.Load(t, "s1_p9")
	req := referee.Request{State: st, Tempo: time.Second, Legal: st.Moves(nil)}
	p := startTest(t, testSpec("canal", "twice"))
	for i, want := range []int64{1, 2} {
		reply, err := callWithin(p, req, 5*time.Second)
		if err != nil || reply.Stats.Nodes != want {
			t.Fatalf("call %d: %+v, %v: want nodes %d", i, reply, err, want)
		}
	}
	if !p.canal.dead {
		t.Error("the channel is kept")
	}
}
