//go:build linux

package launch

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/unix"
)

// NativeArch names the only architecture whose system calls a sandboxed bot
// may make.
func NativeArch() string { return nativeArch() }

// applySeccomp installs the filter (package filter's rules, seccompFilter)
// on every thread of the process (the one that execs among them), with
// no_new_privs; keepGroup also refuses setsid and setpgid.
func applySeccomp(keepGroup bool) error {
	filter, err := seccompFilter(keepGroup)
	if err != nil {
		return fmt.Errorf("sandbox: seccomp: %w", err)
	}
	prog := unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("sandbox: no_new_privs: %w", err)
	}
	const setModeFilter = 1 // SECCOMP_SET_MODE_FILTER
	if _, _, errno := unix.Syscall(unix.SYS_SECCOMP, setModeFilter, unix.SECCOMP_FILTER_FLAG_TSYNC, uintptr(unsafe.Pointer(&prog))); errno != 0 {
		return fmt.Errorf("sandbox: seccomp: %w", errno)
	}
	return nil
}
