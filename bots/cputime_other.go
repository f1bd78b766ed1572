//go:build !unix

package bots

import "time"

// processCPU reports that the process's CPU time is not read here: a
// Deadline runs on the wall clock.
func processCPU() (time.Duration, bool) { return 0, false }
