package testbin

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// CacheHome gives the running test binary, and every process it starts, a
// cache folder of its own: XDG_CACHE_HOME, where arena keeps the saved
// images of Lisp bots (lispimage.DefaultDir), becomes a fresh temporary
// directory, which the returned function removes. A test's images, about
// 40 MB each and keyed by the paths of its temporary files, so never
// started from again, would otherwise pile up in the user's cache. The go
// command keeps its build cache in that folder too: GOCACHE is pinned
// where it is first, so that the binaries the tests build (Arena, a bot
// of `arena bot new`) reuse it instead of building the standard library
// and gRPC again, minutes on a busy machine.
func CacheHome() (remove func(), err error) {
	if os.Getenv("GOCACHE") == "" {
		out, err := exec.Command("go", "env", "GOCACHE").Output()
		if err != nil {
			return nil, fmt.Errorf("testbin: go env GOCACHE: %w", err)
		}
		if err := os.Setenv("GOCACHE", strings.TrimSpace(string(out))); err != nil {
			return nil, fmt.Errorf("testbin: %w", err)
		}
	}
	dir, err := os.MkdirTemp("", "arena-test-cache-")
	if err != nil {
		return nil, fmt.Errorf("testbin: %w", err)
	}
	if err := os.Setenv("XDG_CACHE_HOME", dir); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("testbin: %w", err)
	}
	return func() { os.RemoveAll(dir) }, nil
}

// Run runs m's tests with a cache folder of their own (see CacheHome),
// which it removes after them, and returns their exit code, for a
// TestMain's os.Exit. It exits with status 1 where it cannot make one.
func Run(m *testing.M) int {
	remove, err := CacheHome()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer remove()
	return m.Run()
}
