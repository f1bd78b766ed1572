// Package bots is both sides of a bot process. On the host side it starts a
// bot binary under go-plugin gRPC in its own process group with limits, and
// adapts it to referee.Player; on the plugin side Serve turns a Bot into a
// bot process. Sub-packages hold the search engine, the built-in bots and
// the adapters for other languages.
//
// bots depends on referee (rules) and proto (the wire); only this package
// and proto see generated types.
package bots
