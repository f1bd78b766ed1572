//go:build unix

package bots

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the process used so far, all its threads,
// user and system together.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
