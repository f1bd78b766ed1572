//go:build linux

// Package sysfile reads and writes the kernel's own files, those of /proc
// and of the cgroup file systems, and opens other files that never make a
// reader wait (a regular file), with plain system calls.
//
// Go's os package offers every file it opens to its poller: on Linux it
// makes the descriptor non-blocking, asks epoll to watch it and, where
// epoll refuses (a file of /proc), makes it blocking again; where epoll
// accepts (a cgroup's file), the process's poller starts, with its epoll
// instance and event descriptor, and the file is watched until it is
// closed. The kernel's files never make a reader or a writer wait, so all
// of that is four or five system calls an open for nothing. The launcher
// and the host open a dozen such files at every bot's start.
package sysfile

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// Read returns the contents of the file at path.
func Read(path string) ([]byte, error) {
	fd, err := open(path, unix.O_RDONLY)
	if err != nil {
		return nil, err
	}
	defer unix.Close(fd)
	data := make([]byte, 0, 512)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := unix.Read(fd, data[len(data):cap(data)])
		switch {
		case errors.Is(err, unix.EINTR):
			continue
		case err != nil:
			return nil, &fs.PathError{Op: "read", Path: path, Err: err}
		case n == 0:
			return data, nil
		}
		data = data[:len(data)+n]
	}
}

// Write writes data to the file at path, which must exist, in one write.
func Write(path string, data []byte) error {
	fd, err := open(path, unix.O_WRONLY)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	for {
		n, err := unix.Write(fd, data)
		switch {
		case errors.Is(err, unix.EINTR):
			continue
		case err != nil:
			return &fs.PathError{Op: "write", Path: path, Err: err}
		case n < len(data):
			return &fs.PathError{Op: "write", Path: path, Err: unix.EIO}
		}
		return nil
	}
}

// Open opens the file at path with flag (os.O_RDONLY or os.O_WRONLY) as an
// *os.File that Go's poller does not watch: its reads and writes are plain
// system calls.
func Open(path string, flag int) (*os.File, error) {
	fd, err := open(path, flag)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), path), nil
}

// open opens path with flag, close-on-exec.
func open(path string, flag int) (int, error) {
	for {
		fd, err := unix.Open(path, flag|unix.O_CLOEXEC, 0)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return -1, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return fd, nil
	}
}
