// Package referee owns the truth of a game: the rules (the Game and State
// interfaces, with Jogo do Cavalo as the first implementation), seeded boards,
// move parsing and formatting, perft, and the one match loop that asks two
// players for moves, validates them, enforces the clock and decides the verdict.
//
// referee is pure: it never starts processes, opens files or imports proto.
// Players are anything that implements Player; the bots package adapts real
// bot processes to it, and tests use in-process fakes.
package referee
