package fence

import (
	"io"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// unread returns how many bytes the pipe of which w is an end holds
// unread (FIONREAD, TIOCINQ, which answers for either end of a pipe).
func unread(w *os.File) (int, bool) {
	rc, err := w.SyscallConn()
	if err != nil {
		return 0, false
	}
	n, ierr := 0, error(nil)
	if err := rc.Control(func(fd uintptr) { n, ierr = unix.IoctlGetInt(int(fd), unix.TIOCINQ) }); err != nil || ierr != nil {
		return 0, false
	}
	return n, true
}

// pollable reports whether r is read through Go's poller: its reads that
// find nothing wait there rather than in the system call.
func pollable(r *os.File) bool {
	rc, err := r.SyscallConn()
	if err != nil {
		return false
	}
	nonblock := false
	_ = rc.Control(func(fd uintptr) {
		fl, err := unix.FcntlInt(fd, unix.F_GETFL, 0)
		nonblock = err == nil && fl&unix.O_NONBLOCK != 0
	})
	return nonblock
}

// newReader returns r read under f's lock for pipe i (see Fence.Reader),
// or nil where r is not read through Go's poller.
func newReader(f *Fence, i int, r *os.File) io.Reader {
	rc, err := r.SyscallConn()
	if err != nil || !pollable(r) {
		return nil
	}
	return &reader{f: f, i: i, rc: rc}
}

// reader is a pipe's read end read under its Fence's lock (see
// Fence.Reader).
type reader struct {
	f  *Fence
	i  int
	rc syscall.RawConn
}

func (r *reader) Read(p []byte) (int, error) {
	r.f.reading(r.i)
	var (
		n     int
		errno error
	)
	err := r.rc.Read(func(fd uintptr) bool {
		r.f.mu.Lock()
		defer r.f.mu.Unlock()
		for {
			n, errno = syscall.Read(int(fd), p)
			if errno != syscall.EINTR {
				break
			}
		}
		r.f.taken(r.i, n)
		return errno != syscall.EAGAIN
	})
	switch {
	case err != nil:
		return 0, err
	case errno != nil:
		return 0, &os.PathError{Op: "read", Path: "pipe", Err: errno}
	case n == 0 && len(p) > 0:
		return 0, io.EOF
	}
	return n, nil
}
