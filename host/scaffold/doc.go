// Package scaffold writes a new bot project, in Go, C, Python, Rust,
// JavaScript or Common Lisp, from arena's example bots (package examples),
// and builds it: what `arena bot new` does. C, Python, Rust and JavaScript
// bots speak the line protocol (docs/protocol.md) and use no library. A Go
// project is a module of its own whose go.mod replaces the SDK's module
// path, which is not fetchable, with the copy of the SDK's sources that
// arena carries (package sdk, the module's root), written into the project,
// or with a local arena source tree.
//
// It imports only bots/examples and github.com/arenabots/arena (package
// sdk, the SDK's sources); checking the bot is the caller's job.
package scaffold
