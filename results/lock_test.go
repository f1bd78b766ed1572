package results

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func TestLockDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	l, err := LockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if l.Stale() != nil {
		t.Errorf("fresh lock: Stale = %v, want nil", l.Stale())
	}
	var h Holder
	data, _ := os.ReadFile(filepath.Join(dir, lockName))
	if err := json.Unmarshal(data, &h); err != nil || h.PID != os.Getpid() || h.Host == "" || h.Since.IsZero() {
		t.Errorf("lock file %q does not name this process: %v", data, err)
	}

	// A second holder, even in this process (another open file), is refused
	// with a message naming the first.
	_, err = LockDir(dir)
	var le *LockedError
	if !errors.As(err, &le) || le.Holder == nil || le.Holder.PID != os.Getpid() {
		t.Fatalf("second LockDir = %v, want a *LockedError naming pid %d", err, os.Getpid())
	}
	for _, want := range []string{dir + " is in use by another arena (pid ", " on host " + h.Host + " since ", "one writer"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("refusal %q lacks %q", err, want)
		}
	}

	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
	if err := l.Unlock(); err != nil {
		t.Errorf("second Unlock = %v", err)
	}
	l, err = LockDir(dir)
	if err != nil {
		t.Fatalf("LockDir after Unlock: %v", err)
	}
	defer l.Unlock()
	if l.Stale() != nil {
		t.Errorf("after a clean Unlock: Stale = %v, want nil", l.Stale())
	}
}

// TestLockDirStale takes over the lock file of a process that died holding
// it: the kernel dropped its flock, only its record is left.
func TestLockDirStale(t *testing.T) {
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skipf("cannot run true to get a dead pid: %v", err)
	}
	dir := t.TempDir()
	since := time.Date(2026, 11, 23, 14, 0, 0, 0, time.UTC)
	old, _ := json.Marshal(Holder{PID: dead.ProcessState.Pid(), Host: "elsewhere", Since: since})
	if err := os.WriteFile(filepath.Join(dir, lockName), old, 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := LockDir(dir)
	if err != nil {
		t.Fatalf("LockDir over a stale lock: %v", err)
	}
	defer l.Unlock()
	want := Holder{PID: dead.ProcessState.Pid(), Host: "elsewhere", Since: since}
	if s := l.Stale(); s == nil || *s != want {
		t.Errorf("Stale = %v, want %v", s, want)
	}
	data, _ := os.ReadFile(filepath.Join(dir, lockName))
	var h Holder
	if err := json.Unmarshal(data, &h); err != nil || h.PID != os.Getpid() {
		t.Errorf("lock file %q after takeover does not name this process", data)
	}
}

// TestLockDirNamesAHolderNotYetRecorded: two arenas started at once meet
// between the first's lock and its record (the file still empty); the
// second waits for the record and names the first, whichever comes first.
func TestLockDirNamesAHolderNotYetRecorded(t *testing.T) {
	dir := t.TempDir()
	f, err := os.OpenFile(filepath.Join(dir, lockName), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	refused := make(chan error, 1)
	go func() {
		_, err := LockDir(dir)
		refused <- err
	}()
	first := &Lock{f: f}
	if err := first.record(); err != nil {
		t.Fatal(err)
	}
	var le *LockedError
	if err := <-refused; !errors.As(err, &le) || le.Holder == nil || le.Holder.PID != os.Getpid() {
		t.Errorf("LockDir beside a holder recording itself = %v, want a *LockedError naming pid %d", err, os.Getpid())
	}
}
