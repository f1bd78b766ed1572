package lisp

import (
	"os/exec"
	"syscall"
)

// setProcAttr makes SBCL die with the adapter: SBCL stays in the adapter's
// process group (so a host that kills the group kills it too), and the
// kernel kills it if the adapter dies first.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// dataLimitMB returns the process's data limit (RLIMIT_DATA) in MB, or 0
// when there is none.
func dataLimitMB() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_DATA, &lim); err != nil || lim.Cur == ^uint64(0) /* RLIM_INFINITY */ {
		return 0
	}
	return int(lim.Cur >> 20)
}
