// Package sdk carries the sources of arena's bot SDK, package bots and the
// packages of this module that it imports, with the module's go.mod and
// go.sum: the SDK's module path is not fetchable, so `arena bot new`
// (package host/scaffold) writes them beside a new Go bot, whose go.mod
// replaces the module with that copy, and the bot builds without a clone of
// arena. A test of host/scaffold checks that the list below holds every
// package the SDK imports. It imports nothing of arena.
package sdk

import (
	"embed"
	"io/fs"
)

// The SDK's packages, bots and what it imports of this module, and the
// files they embed (with their test files, which a pattern cannot leave
// out; a copy leaves them out). The games are one folder each: games
// embeds every one of them, so that a new game needs no line here.
//
//go:embed go.mod go.sum bots/*.go bots/wire/*.go proto/*.go referee/*.go referee/sexp/*.go games
var files embed.FS

// FS returns the SDK's sources, go.mod and go.sum, at their paths in the
// module: go.mod, bots/bots.go, referee/game.go, ...
func FS() fs.FS { return files }
