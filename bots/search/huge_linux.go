package search

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks the system to back the n bytes at p with huge pages where
// it can (transparent huge pages set to "madvise" or "always"). It is
// advice: a system that declines leaves the memory as it was.
func adviseHuge(p unsafe.Pointer, n uintptr) {
	_ = syscall.Madvise(unsafe.Slice((*byte)(p), n), syscall.MADV_HUGEPAGE)
}
