package lines

import (
	"os/exec"
	"syscall"
)

// setProcAttr makes the program die with the adapter: it stays in the
// adapter's process group, and the kernel kills it if the adapter dies
// first.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
