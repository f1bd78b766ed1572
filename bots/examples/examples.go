// Package examples holds arena's example bots, and gives their sources as a
// file system so that `arena bot new` starts a project from the very files
// that the tests build and play:
//
//   - first/main.go: the smallest Go bot (package main, built with the SDK);
//   - python/: a complete Python bot, bot.py, with its generated gRPC modules;
//   - lisp/: three Common Lisp bots and the rules they share, regras.lisp.
package examples

import (
	"embed"
	"io/fs"
)

//go:embed first/main.go lines/first.c python/bot.py python/*_pb2.py python/*_pb2_grpc.py lisp/regras.lisp lisp/tabuleiro/jogo.lisp
var files embed.FS

// FS returns the sources of the example bots, with paths as in this folder
// (first/main.go, python/bot.py, lisp/tabuleiro/jogo.lisp, ...).
func FS() fs.FS { return files }
