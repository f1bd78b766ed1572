// Package intake turns a class's Common Lisp submissions, as handed in,
// into a league: it is `arena intake DIR...`, for
// any game of the table whose course it knows (Course). Take is the whole
// of it, one call: the command keeps its flags and what it prints.
//
// For each submission (a folder, or a zip unpacked into a work folder with
// guards against paths that leave it and zip bombs: List), intake
// reads the Lisp files without running them (the lenient source reader of
// referee/sexp) to choose what to load: the ways of loading it, best
// first (the file that loads the file of jogar, topmost, a cycle of loads
// read as one; jogar's file alone), each completed with the files that
// define what jogar uses (chooseEntry, scope.complete), and the package
// jogar is in. It then probes the submission in its sandbox
// (bots/lisp/probe) for the conventions of its jogar and its time base,
// trying the next way of loading it when one does not play (probePlans),
// and writes a league file
// with one lisp entry per group that can play, every setting written out
// (WriteLeague), and a report with the evidence (WriteReport, Rows).
//
// `arena bot check --lisp` and `arena play` use Prepare, which probes the
// same way, for a Lisp bot given without settings, so that the three find
// the same conventions: through Completer, the botkind.LispCompleter that
// the commands hand to botkind.ParseSpec.
//
// It knows a game's course through the table (package games) and the
// Course interface a game implements: the words its functions are named
// with, its title.
//
// intake imports only arena/botkind, host, host/sandbox,
// bots/lisp, bots/lisp/probe, referee/sexp, games, internal/inert,
// results (its Markdown text) and referee; it must not import arena or
// cmd.
package intake
