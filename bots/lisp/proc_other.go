//go:build !linux

package lisp

import (
	"os/exec"
	"time"
)

// setProcAttr leaves SBCL in the adapter's process group, so that a host
// that kills the group kills it too.
func setProcAttr(cmd *exec.Cmd) {}

// dataLimitMB returns 0: no data limit is known.
func dataLimitMB() int { return 0 }

// cpuTime reports that no CPU time of a process can be read here.
func cpuTime(pid int) (time.Duration, bool) { return 0, false }
