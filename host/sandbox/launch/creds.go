//go:build linux && !386 && !arm

package launch

import "golang.org/x/sys/unix"

// The system calls that change one thread's credentials (becomeBot): on
// 386 and arm they are the 32-bit-id calls (creds32.go).
const (
	sysSetgroups = unix.SYS_SETGROUPS
	sysSetresgid = unix.SYS_SETRESGID
	sysSetresuid = unix.SYS_SETRESUID
)
