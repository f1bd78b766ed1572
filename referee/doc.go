// Package referee owns the truth of a game: the generic contract of a game
// (the Game and State interfaces, sides, moves, perft, the frozen SplitMix64
// source of seeded choices), the one judge of a bot's answer (Judge:
// parsing, completion, legality, the clock, the claimed state and the
// verdict of a fault), and the one match loop that asks two players for moves
// and has the judge decide each answer. The games themselves live in their
// own packages under games/, each implementing Game.
//
// referee is pure: it starts no process, opens no file and names no game;
// it never imports proto. Players are anything that implements Player; the
// bots package adapts real bot processes to it, and tests use in-process
// fakes.
package referee
