//go:build linux

package host

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestCallContext checks that a call's deadline moves later by the time
// arena took to ready it, that the caller's cancellation ends the call,
// and that a call without a deadline gets none.
func TestCallContext(t *testing.T) {
	parent, cancelParent := context.WithTimeout(context.Background(), time.Hour)
	defer cancelParent()
	dl, _ := parent.Deadline()
	call, cancel := callContext(parent, time.Hour)
	defer cancel()
	if got, _ := call.Deadline(); !got.Equal(dl.Add(time.Hour)) {
		t.Errorf("deadline %v, want %v", got, dl.Add(time.Hour))
	}
	cancelParent()
	<-call.Done() // the test times out if the caller's cancel does not end the call
	if !errors.Is(call.Err(), context.Canceled) {
		t.Errorf("after the caller's cancel: %v, want canceled", call.Err())
	}

	open, cancelOpen := callContext(context.Background(), time.Second)
	defer cancelOpen()
	if _, ok := open.Deadline(); ok {
		t.Error("a call without a deadline got one")
	}
}

// TestEndUnlessDeadline checks what a call does when its caller's context
// is done, run here where the test can see its result: the caller's
// deadline passing leaves the call alone, its cancellation ends it.
func TestEndUnlessDeadline(t *testing.T) {
	expired, cancelExpired := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancelExpired()
	cancelled, cancelCancelled := context.WithCancel(context.Background())
	cancelCancelled()
	for _, tt := range []struct {
		name   string
		parent context.Context
		want   error
	}{
		{"deadline", expired, nil},
		{"cancel", cancelled, context.Canceled},
	} {
		t.Run(tt.name, func(t *testing.T) {
			call, cancel := context.WithCancel(context.Background())
			defer cancel()
			endUnlessDeadline(tt.parent, cancel)()
			if !errors.Is(call.Err(), tt.want) || (tt.want == nil) != (call.Err() == nil) {
				t.Errorf("after the caller's %s: the call's error is %v, want %v", tt.name, call.Err(), tt.want)
			}
		})
	}
}
