//go:build !linux

package search

import "unsafe"

// adviseHuge does nothing: only Linux is asked for huge pages.
func adviseHuge(unsafe.Pointer, uintptr) {}
