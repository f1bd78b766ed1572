//go:build !amd64

package main

// int80 has no i386 entry to use outside amd64.
func int80(trap, a1 uintptr) (r uintptr, ok bool) { return 0, false }
