//go:build linux

package launch

import "golang.org/x/sys/unix"

// On amd64, the launcher's filter is package filter's program as a table
// (zseccomp_amd64.go, written by TestSeccompTable -update): each launcher
// process, both stages, would otherwise pay for go-seccomp-bpf's syscall
// tables, which it builds at package initialisation (some 2 ms of CPU a
// bot's start on a 2-core VM), and the second for the assembly.

// seccompFilter returns the table of package filter's program.
func seccompFilter(keepGroup bool) ([]unix.SockFilter, error) {
	if keepGroup {
		return seccompKeepGroup[:], nil
	}
	return seccompDefault[:], nil
}

// nativeArch is package filter's name of amd64.
func nativeArch() string { return "x86_64" }
