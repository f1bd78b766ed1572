// Package games is the table of the games arena runs: one entry per game
// package (games/cavalo, ...), looked up by the name a league's config or a
// command's --game gives. Adding a game touches only its own package and All.
//
// Only the wiring (package arena and cmd/arena) imports games; the referee,
// the results and the bots receive a referee.Game and never name a game.
package games
