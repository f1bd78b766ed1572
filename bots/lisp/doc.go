// Package lisp plays Common Lisp course projects as arena bots, without
// editing them: an Adapter is a bots.Bot that drives one long-lived SBCL.
//
// At Start, SBCL loads the bot's files in order (each with its own
// directory as *default-pathname-defaults*, so relative loads inside them
// work; SBCL runs in the first file's directory, the default pathname once
// they are loaded), as handed in: sources in UTF-8 or Latin-1, with CRLF
// line ends; a load or compile-file of a file that is not there retried
// with the file of the same base name under Config.Root, the submission's
// folder, and a compiled file served by its source, each retry noted in the
// log (see ParseLoadRetries); the configured package created when the
// files enter it without defining it. A load failure names the file, the
// line and the condition. Then the adapter finds the function JOGAR. For
// each move it sends the referee's position as an s-expression in the
// configured state form, calls (jogar estado tempo) with tempo in
// milliseconds (times Config.TempoScale), and reads the answer, of any
// shape: the move, with the state the bot claims it leads to for the
// referee to compare. An answer in which no legal move is read still goes
// to the referee, as the move read or as the answer's shape, for an
// illegal verdict.
//
// It plays every game that has a Lisp form: the game's states implement
// Form, which writes the estado under a bot's conventions and reads its
// answers (by looking for the boards of the league's size anywhere in
// them and comparing them with the position), in the game's own folder.
// When a bot answers a whole turn of several moves (Dots and Boxes, after
// a box), the adapter plays it one move per call, the later ones from a
// cache without calling jogar (form.go).
//
// The Lisp side of the adapter is driver.lisp and loader.lisp (how the
// bot's files are loaded), embedded in the binary. It talks to Go over two
// file descriptors of its own (requests on 3, answers on 4), so nothing a
// bot prints can corrupt the protocol; what it prints is captured and
// passed to Options.Log. Lisp errors, debugger entry and (quit) are caught
// and returned as referee faults quoting the Lisp condition and the bot's
// function that signalled it (the backtrace goes to the log); when a
// call's context ends SBCL is interrupted, and killed if jogar does not
// unwind.
//
// `arena bot serve lisp file=/abs/jogo.lisp state=board ...` runs a Lisp
// bot as a bot process with Serve, which loads the files before answering
// the handshake (arena/botkind's Serve dispatches to it), and the league or
// `arena bot check --lisp` starts it with arena/botkind's LispSpec, which
// carries the arguments (Args) and RecommendedStartTimeout.
//
// Ask and Read call jogar under any convention on a started adapter and
// read its answer, for bots/lisp/probe, which finds a submission's
// conventions in one SBCL. A load or a write that fails on a file the
// sandbox hides, or shows read-only, says so and names the file.
//
// README.md documents the league entry, the state and answer forms, the
// perspective rule and the timing advice for teachers. Package
// referee/sexp is the s-expression reader and writer, and holds the
// conventions a game's Lisp form reads.
//
// lisp is on the bot's side: arena's side starts it (arena/botkind's
// LispSpec). lisp imports only bots (Bot, Serve), bots/fence (the end of
// SBCL's output at each call), referee/sexp, internal/treehash (its
// image's key) and referee; it names no game.
package lisp
