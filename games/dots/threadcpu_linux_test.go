package dots

import (
	"runtime"
	"syscall"
	"time"
)

// threadCPU returns the CPU time the calling thread has used, or 0 when it
// cannot be read. A benchmark that locks its goroutine to its thread
// (runtime.LockOSThread) measures its own work with it, whatever else the
// machine runs.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// lockThread locks the calling goroutine to its thread, for threadCPU, and
// returns the function that unlocks it.
func lockThread() func() {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
