// Package referee owns the truth of a game: the rules (the Game and State
// interfaces, with Jogo do Cavalo as the first implementation), seeded boards,
// move parsing and formatting, perft, the one judge of a bot's answer (Judge:
// parsing, completion, legality, the clock, the claimed state and the
// verdict of a fault), and the one match loop that asks two players for moves
// and has the judge decide each answer.
//
// referee is pure: it never starts processes, opens files or imports proto.
// Players are anything that implements Player; the bots package adapts real
// bot processes to it, and tests use in-process fakes.
package referee
