// Package ladder is the practice ladder: `arena ladder init|serve|upload|
// standings|freeze`. Groups of a class upload their projects all term;
// each upload goes through intake's unpacking and probe and two
// validation games (a refusal on a move, one game against random that
// shows where it fails), then plays the other groups' active versions on
// the league runner's slots; ratings are refitted from every game with the
// Bradley–Terry fit of results; a new version plays an SPRT match against
// the previous one; at the deadline the lecturer freezes the ladder into
// the championship's league file.
//
// The ladder's one truth is DIR/ladder.db, an SQLite database (pure Go,
// modernc.org/sqlite, WAL) that only one process writes.
//
// ladder imports only arena, arena/league, arena/lispimage, arena/tournament,
// bots/lisp/probe, course/intake, games, host, host/sandbox, internal/inert,
// internal/treehash, referee and results. It must not import web or cmd: web/ladder draws
// its pages from the types of api.go.
package ladder
