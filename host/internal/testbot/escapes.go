package main

import (
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// escapes tries, during a move, each thing a sandboxed bot must not do, with
// the targets its arguments name (KEY=VALUE): read a sibling bot's file
// (sibling), read /etc/shadow, create a file in the results directory
// (results) and in the host's /tmp (tmp, a file name to create), connect
// to a TCP listener (tcp, HOST:PORT), signal arena (pid), make an AF_VSOCK
// socket (a way to the hypervisor of a virtual machine) and read arena's
// environment. It returns one line per attempt: "escapes NAME: denied: ERR"
// or "escapes NAME: ALLOWED".
func escapes(args []string) []string {
	target := map[string]string{}
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok {
			target[k] = v
		}
	}
	pid, _ := strconv.Atoi(target["pid"])
	attempts := []struct {
		name string
		try  func() error
	}{
		{"read-sibling", func() error { _, err := os.ReadFile(target["sibling"]); return err }},
		{"read-shadow", func() error {
			data, err := os.ReadFile("/etc/shadow")
			if err == nil && len(data) == 0 {
				return fmt.Errorf("/etc/shadow is empty")
			}
			return err
		}},
		{"write-results", func() error { return create(target["results"] + "/probe-was-here") }},
		{"write-host-tmp", func() error { return create(target["tmp"]) }},
		{"connect-tcp", func() error {
			c, err := net.DialTimeout("tcp", target["tcp"], time.Second)
			if err == nil {
				c.Close()
			}
			return err
		}},
		{"signal-arena", func() error {
			if pid <= 0 {
				return fmt.Errorf("no pid given")
			}
			return unix.Kill(pid, 0)
		}},
		{"socket-vsock", func() error {
			fd, err := unix.Socket(unix.AF_VSOCK, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
			if err == nil {
				unix.Close(fd)
			}
			return err
		}},
		{"read-arena-environ", func() error {
			data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
			if err == nil && len(data) == 0 {
				return fmt.Errorf("empty environment")
			}
			return err
		}},
	}
	var out []string
	for _, a := range attempts {
		if err := a.try(); err != nil {
			out = append(out, fmt.Sprintf("probe %s: denied: %v", a.name, err))
		} else {
			out = append(out, fmt.Sprintf("probe %s: ALLOWED", a.name))
		}
	}
	return out
}

// create makes a file at path.
func create(path string) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}
