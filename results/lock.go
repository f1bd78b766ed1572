package results

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/sys/unix"
)

// lockName is the lock file's name in a results directory.
const lockName = "arena.lock"

// Holder is who holds, or last held, a results directory's lock, as its lock
// file records it.
type Holder struct {
	PID   int       `json:"pid"`
	Host  string    `json:"host"`
	Since time.Time `json:"since"`
}

// String describes the holder for a message, e.g. "pid 4242 on host ci-3
// since 2026-11-23 14:30:05 UTC".
func (h Holder) String() string {
	return fmt.Sprintf("pid %d on host %s since %s", h.PID, h.Host, h.Since.UTC().Format("2006-01-02 15:04:05 MST"))
}

// LockedError is returned by LockDir when another process holds the lock.
type LockedError struct {
	Dir    string
	Holder *Holder // nil when the holder has not recorded itself yet
}

func (e *LockedError) Error() string {
	who := "another arena"
	if e.Holder != nil {
		who += " (" + e.Holder.String() + ")"
	}
	return fmt.Sprintf("%s is in use by %s: one results directory takes one writer; wait for it to finish, or stop it", e.Dir, who)
}

// Lock is a results directory's exclusive lock: whoever holds it is the
// directory's only writer (of the journal, move logs and snapshots).
//
// It is an flock(2) on the directory's lock file, held for as long as the
// file stays open, so the kernel releases it when its process dies, however
// it dies: the lock of a dead process is simply taken over. The file's
// content, the holder's pid, host and start time, only informs the users
// refused meanwhile. The file is opened close-on-exec, so a bot process
// never inherits the lock.
type Lock struct {
	f     *os.File
	stale *Holder
}

// LockDir takes the lock of the results directory dir, creating dir if
// needed, and records this process as its holder. It does not wait: when
// another process holds the lock it returns a *LockedError naming it.
func LockDir(dir string) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("results directory: %w", err)
	}
	path := filepath.Join(dir, lockName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		defer f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, &LockedError{Dir: dir, Holder: awaitHolder(f)}
		}
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	l := &Lock{f: f}
	l.stale, _ = readHolder(f) // a holder that never released: its process died
	if err := l.record(); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	return l, nil
}

// holderWait bounds how long a refused LockDir waits for the holder of
// the lock to record itself, which it does right after it takes the lock:
// a holder that neither records itself nor lets go in that time (a
// stopped process) is not named.
const holderWait = 5 * time.Second

// awaitHolder returns the holder recorded in the lock file f, whose lock
// another process held, once it has recorded itself: two arenas started
// at once meet in between, the lock taken and the file still empty. Nil
// when the holder lets go first (its record gone with it), or does not
// record itself within holderWait.
func awaitHolder(f *os.File) *Holder {
	deadline := time.Now().Add(holderWait)
	for {
		if h, _ := readHolder(f); h != nil {
			return h
		}
		if time.Now().After(deadline) || unix.Flock(int(f.Fd()), unix.LOCK_SH|unix.LOCK_NB) == nil {
			return nil // f's close lets go of a lock taken here
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// record writes this process into the lock file.
func (l *Lock) record() error {
	host, err := os.Hostname()
	if err != nil {
		host = "unknown"
	}
	data, err := json.Marshal(Holder{PID: os.Getpid(), Host: host, Since: time.Now().UTC().Truncate(time.Second)})
	if err != nil {
		return err
	}
	if err := l.f.Truncate(0); err != nil {
		return err
	}
	if _, err := l.f.WriteAt(append(data, '\n'), 0); err != nil {
		return err
	}
	return l.f.Sync()
}

// Stale returns the holder recorded by a process that died holding the lock
// (the lock was taken over from it), or nil when the last holder released
// it cleanly.
func (l *Lock) Stale() *Holder { return l.stale }

// Unlock releases the lock, leaving an empty lock file behind. Unlock may be
// called more than once.
func (l *Lock) Unlock() error {
	if l.f == nil {
		return nil
	}
	err := l.f.Truncate(0)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	if err != nil {
		return fmt.Errorf("unlock: %w", err)
	}
	return nil
}

// readHolder returns the holder recorded in the lock file f, or nil when it
// is empty or unreadable.
func readHolder(f *os.File) (*Holder, error) {
	data, err := io.ReadAll(io.NewSectionReader(f, 0, 1<<16))
	if err != nil || len(data) == 0 {
		return nil, err
	}
	var h Holder
	if err := json.Unmarshal(data, &h); err != nil {
		return nil, err
	}
	return &h, nil
}
