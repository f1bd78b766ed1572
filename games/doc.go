// Package games is the table of the games arena runs: one entry per game
// package (games/cavalo, ...), looked up by the name a league's config or a
// command's --game gives. Adding a game touches only its own package and the
// table.
//
// Everything particular to a game lives in its folder, games/<name>: its
// rules, notation, position file and drawing, the positions a bot is
// checked on, its options, and what the rest of arena asks of it through
// interfaces the rest defines and the game implements with referee's
// types alone: what the search engine and the built-in bots
// need (bots/search's Game and Position, the classic bot's CourseValue),
// its form on the wire when it is not its position file (bots/wire's Cells
// and CellsGame), its Lisp form (bots/lisp's Form), and what intake knows
// of its course (course/intake's Course). Those consumers find a game
// through this table and type assertions, never by its package: outside
// games/<name>, only this table names a game (a test of internal/repocheck
// keeps it so). A game's embedded data lives in its
// checkdata folder, which the SDK's sources carry (package sdk). What
// every game does the same way (its options, the position file's
// prologue, Zobrist keys, the perspective view, reading a Lisp answer) it
// takes from referee and referee/sexp, the kit (docs/new-game.md).
//
// Only arena/league, cmd/arena, web, web/ladder, bots/builtin, host/conformance, bots/wire,
// bots/lisp/probe, course/intake, course/ladder, referee/judgetest and
// internal/samples import it: the league file, the wiring, the pages, the built-in bots, the
// conformance check, the decoder of any game's state on the wire, the probe
// of a Lisp bot's conventions, the intake of a class's projects, the
// ladder's check of its game, and the tests' table of judged calls and reference positions. The referee, the results and the
// bots' host receive a referee.Game and never name a game.
package games
