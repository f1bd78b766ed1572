//go:build linux

// Package filter builds the seccomp filter of a sandboxed bot with
// go-seccomp-bpf, for the architecture it runs on: the rules in one place.
// The launcher (package launch) holds the program it builds on amd64 as a
// table of instructions (its test checks that the table is what this
// package builds), so that a launcher process pays neither for the
// library's syscall tables, built at package initialisation, nor for the
// assembly; on the other architectures the launcher calls it.
//
// It imports nothing of arena: go-seccomp-bpf, golang.org/x/net/bpf and
// golang.org/x/sys.
package filter
