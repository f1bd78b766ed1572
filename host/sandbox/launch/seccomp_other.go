//go:build linux && !amd64

package launch

import (
	"golang.org/x/sys/unix"

	"github.com/arenabots/arena/host/sandbox/launch/internal/filter"
)

// seccompFilter builds package filter's program for this architecture.
func seccompFilter(keepGroup bool) ([]unix.SockFilter, error) {
	return filter.Program(keepGroup)
}

// nativeArch is package filter's name of this architecture.
func nativeArch() string { return filter.NativeArch() }
