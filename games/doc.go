// Package games is the table of the games arena runs: one entry per game
// package (games/cavalo, ...), looked up by the name a league's config or a
// command's --game gives. Adding a game touches only its own package and All.
//
// Only arena, cmd/arena, web, bots/builtin, host/conformance and
// bots/wire import it: the wiring, the pages, the built-in bots,
// the conformance check and the decoder of any game's state on the wire.
// The referee, the results and the bots' host receive a referee.Game and
// never name a game.
package games
