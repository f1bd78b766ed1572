//go:build linux

package host

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestCallContext checks that a call's deadline moves later by the time
// arena took to ready it, that the caller's deadline passing does not end
// the call before that, and that the caller's cancellation still does.
func TestCallContext(t *testing.T) {
	parent, cancelParent := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancelParent()
	dl, _ := parent.Deadline()
	call, cancel := callContext(parent, time.Hour)
	defer cancel()
	if got, _ := call.Deadline(); !got.Equal(dl.Add(time.Hour)) {
		t.Errorf("deadline %v, want %v", got, dl.Add(time.Hour))
	}
	<-parent.Done()
	time.Sleep(10 * time.Millisecond) // AfterFunc's goroutine, had it cancelled
	if call.Err() != nil {
		t.Errorf("the caller's deadline ended the call: %v", call.Err())
	}

	parent, cancelParent = context.WithTimeout(context.Background(), time.Hour)
	call, cancel = callContext(parent, time.Second)
	defer cancel()
	cancelParent()
	select {
	case <-call.Done():
		if !errors.Is(call.Err(), context.Canceled) {
			t.Errorf("after the caller's cancel: %v, want canceled", call.Err())
		}
	case <-time.After(time.Second):
		t.Error("the caller's cancel did not end the call")
	}

	open, cancelOpen := callContext(context.Background(), time.Second)
	defer cancelOpen()
	if _, ok := open.Deadline(); ok {
		t.Error("a call without a deadline got one")
	}
}
