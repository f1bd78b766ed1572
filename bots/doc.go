// Package bots is the SDK for bot authors: a Go bot implements Bot and
// calls Serve from main (see bots/examples/first). Serve completes
// go-plugin's handshake with arena and answers arena's calls of service
// Jogador (proto/jogador.proto) over gRPC.
//
// The package is portable (it builds for Linux, macOS and Windows) and
// holds nothing of arena's side, so that a bot's binary links only what it
// needs: arena starts, limits, sandboxes and judges bots with package
// host, keeps its registry in host/registry and checks submissions
// with host/conformance. The built-in bots are in bots/builtin, the adapter of
// Lisp bots in bots/lisp.
//
// bots imports only referee (rules), bots/wire (the handshake and
// the converters, shared with the host) and proto (the wire).
package bots
