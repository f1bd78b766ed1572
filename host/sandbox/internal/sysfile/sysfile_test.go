//go:build linux

package sysfile

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	long := bytes.Repeat([]byte("0123456789"), 1000) // past the first buffer
	if err := os.WriteFile(filepath.Join(dir, "long"), long, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "empty"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path string
		want       func([]byte) bool
	}{
		{"a file of /proc, of size 0", "/proc/self/stat", func(b []byte) bool {
			return strings.HasPrefix(string(b), strings.Fields(string(b))[0]+" (") && bytes.HasSuffix(b, []byte("\n"))
		}},
		{"longer than the first buffer", filepath.Join(dir, "long"), func(b []byte) bool { return bytes.Equal(b, long) }},
		{"empty", filepath.Join(dir, "empty"), func(b []byte) bool { return len(b) == 0 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Read(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			if !tc.want(got) {
				t.Errorf("Read(%s) = %.80q", tc.path, got)
			}
		})
	}
}

func TestWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("old contents"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	// Like a write to a cgroup's file: at the start, nothing truncated.
	if got, _ := os.ReadFile(path); string(got) != "new contents" {
		t.Errorf("after Write: %q, want %q", got, "new contents")
	}
}

func TestMissing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing")
	for _, tc := range []struct {
		op  string
		err func() error
	}{
		{"Read", func() error { _, err := Read(path); return err }},
		{"Write", func() error { return Write(path, []byte("x")) }},
		{"Open", func() error { _, err := Open(path, os.O_RDONLY); return err }},
	} {
		err := tc.err()
		var pe *fs.PathError
		if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || pe.Path != path {
			t.Errorf("%s of a missing file: %v, want a *fs.PathError for %s that is fs.ErrNotExist", tc.op, err, path)
		}
	}
}

// TestOpenNotPolled checks that a file Open opens is not watched by Go's
// poller, where os.OpenFile's is: one end of a pipe, which the poller would
// watch (a watched file takes deadlines); and that it reads and writes.
func TestOpenNotPolled(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	end := "/proc/self/fd/" + strconv.Itoa(int(pr.Fd()))
	polled, err := os.OpenFile(end, os.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer polled.Close()
	if err := polled.SetDeadline(time.Now()); err != nil {
		t.Fatalf("SetDeadline of the pipe opened by os.OpenFile: %v, want nil", err)
	}
	f, err := Open(end, os.O_RDONLY)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.SetDeadline(time.Now()); !errors.Is(err, os.ErrNoDeadline) {
		t.Errorf("SetDeadline of the pipe opened by Open: %v, want %v", err, os.ErrNoDeadline)
	}

	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("12345"), 0o600); err != nil {
		t.Fatal(err)
	}
	w, err := Open(path, os.O_WRONLY)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteString("ab"); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path, os.O_RDONLY)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	buf := make([]byte, 16)
	n, err := r.ReadAt(buf, 0)
	if string(buf[:n]) != "ab345" {
		t.Errorf("read back %q (%v), want %q", buf[:n], err, "ab345")
	}
}
