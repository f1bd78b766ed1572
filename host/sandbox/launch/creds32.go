//go:build linux && (386 || arm)

package launch

import "golang.org/x/sys/unix"

// The system calls that change one thread's credentials (becomeBot), with
// 32-bit ids: those named without 32 take 16-bit ids here.
const (
	sysSetgroups = unix.SYS_SETGROUPS32
	sysSetresgid = unix.SYS_SETRESGID32
	sysSetresuid = unix.SYS_SETRESUID32
)
