package search

import "unsafe"

// prefetch asks the processor to bring the cache line at p in, and returns
// at once: a load that missed would hold up what follows it.
//
//go:noescape
func prefetch(p unsafe.Pointer)
