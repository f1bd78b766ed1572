package lisp

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
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

// cpuTime returns the CPU time process pid has used so far, all its
// threads (each task's /proc schedstat, in nanoseconds), and whether it
// could be read.
func cpuTime(pid int) (time.Duration, bool) {
	tasks, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	if err != nil {
		return 0, false
	}
	var total time.Duration
	for _, t := range tasks {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + t.Name() + "/schedstat")
		if err != nil {
			continue // a thread that ended meanwhile
		}
		f := strings.Fields(string(data))
		if len(f) == 0 {
			return 0, false
		}
		ns, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return 0, false
		}
		total += time.Duration(ns)
	}
	return total, true
}
