package main

import (
	"runtime"
	"time"

	"golang.org/x/sys/unix"
)

// burn spins on one thread until that thread has used d of CPU time, by
// its own CPU clock, and returns what it used: a bot that thinks d in CPU,
// however long the machine's other work makes it take by the wall clock.
func burn(d time.Duration) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadCPU()
	x := uint64(1)
	for {
		for range 10000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
		if used := threadCPU() - start; used >= d || x == 0 {
			return used
		}
	}
}

// threadCPU returns the calling thread's CPU time.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
