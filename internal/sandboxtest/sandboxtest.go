// Package sandboxtest holds the targets that the sandbox tests hand to the
// probing test bot: listeners (loopback, Unix) that count the connections
// they get, and a path in the host's /tmp that a bot must not be able to
// create.
package sandboxtest

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// Listener listens on a loopback port until the test ends and counts the
// connections made to it. It returns the address and the count.
func Listener(t testing.TB) (addr string, accepted *atomic.Int32) {
	t.Helper()
	return listen(t, "tcp", "127.0.0.1:0")
}

// UnixListener listens on a Unix socket at path until the test ends and
// counts the connections made to it.
func UnixListener(t testing.TB, path string) (accepted *atomic.Int32) {
	t.Helper()
	_, accepted = listen(t, "unix", path)
	return accepted
}

// listen listens on network's addr until the test ends, accepting and
// closing every connection, and returns the address and the count.
func listen(t testing.TB, network, addr string) (string, *atomic.Int32) {
	t.Helper()
	ln, err := net.Listen(network, addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	accepted := new(atomic.Int32)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	return ln.Addr().String(), accepted
}

// HostTmp returns a path in the host's temporary directory that no one uses,
// and removes whatever is there when the test ends.
func HostTmp(t testing.TB) string {
	path := filepath.Join(os.TempDir(), "arena-probe-"+strconv.Itoa(os.Getpid())+"-"+strconv.FormatInt(time.Now().UnixNano(), 36))
	t.Cleanup(func() { os.Remove(path) })
	return path
}
