package main

// int80raw makes system call trap with first argument a1 through the i386
// entry, int $0x80, and returns the kernel's result (a negative errno on
// failure).
func int80raw(trap, a1 uintptr) uintptr

// int80 makes system call trap through the i386 entry; ok is false where
// there is none.
func int80(trap, a1 uintptr) (r uintptr, ok bool) { return int80raw(trap, a1), true }
