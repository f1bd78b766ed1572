//go:build !amd64

package search

import "unsafe"

// prefetch does nothing: only amd64 is asked to prefetch.
func prefetch(unsafe.Pointer) {}
