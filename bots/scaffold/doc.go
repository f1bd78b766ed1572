// Package scaffold writes a new bot project, in Go, Python or Common Lisp,
// from arena's example bots (package examples), and builds it: what
// `arena bot new` does. A Go project is a module of its own whose go.mod
// replaces the SDK's module path, which is not fetchable, with a local
// arena source tree.
//
// It imports only the examples; checking the bot is the caller's job.
package scaffold
