//go:build !linux

package dots

import "time"

// threadCPU returns 0: the thread's CPU time is read on Linux only.
func threadCPU() time.Duration { return 0 }

// lockThread does nothing where threadCPU reads nothing.
func lockThread() func() { return func() {} }
