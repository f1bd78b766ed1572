// Package examples holds arena's example bots, and gives their sources as a
// file system so that `arena bot new` starts a project from the very files
// that the tests build and play:
//
//   - first/main.go: the smallest Go bot (package main, built with the SDK);
//   - lines/: first bots of the line protocol (docs/protocol.md) in C,
//     Python, Rust and JavaScript, the starters of those languages;
//   - python/: a complete Python bot of the gRPC protocol, bot.py, with its
//     generated gRPC modules (in the repository, not embedded: `arena bot
//     new --lang python` starts from lines/first.py);
//   - lisp/: three Common Lisp bots and the rules they share, regras.lisp.
package examples

import (
	"embed"
	"io/fs"
)

//go:embed first/main.go lines/first.* lisp/regras.lisp lisp/tabuleiro/jogo.lisp
var files embed.FS

// FS returns the sources of the example bots, with paths as in this folder
// (first/main.go, lines/first.c, lisp/tabuleiro/jogo.lisp, ...).
func FS() fs.FS { return files }
