// Package probe finds how to talk to a Common Lisp course project, so
// that nobody has to read its code to write its league entry: which estado
// its jogar wants (state form, perspective, knight codes), how its answer
// reads (answer form, index base), and whether it reads its tempo in
// LispWorks' clock units (tempo_scale: read from its sources, [ReadClock],
// and tried the other way when it gives no legal move).
//
// A probe runs in the bot's own sandbox, as a bot process of its own: the
// submission is loaded once into one SBCL (`arena bot serve lisp-probe
// ...`, see [Serve]), and its detect calls jogar there on reference
// positions of the game (samplePositions: both sides to move, a double or
// a box to take, a late game) under every convention in turn, judging each
// answer with the referee as in a league, and answers with its [Findings]:
// the conventions kept, the evidence (position, answer, move read), the
// time jogar takes at the league's tempo ([TimeUse]), or why the
// submission cannot play. course/intake starts that process through the
// host and reads the Findings.
//
// arena intake, `arena bot check --lisp` and `arena play` with a Lisp bot
// all use it. The conventions tried are the game's own: its Lisp form's
// package lists them (Game, LispConventions), found through the table of
// games; a new one is a line there.
//
// probe imports only bots (Bot, Serve), bots/lisp (the adapter), games
// (the table), referee/sexp and referee; it must not import host, arena or
// cmd.
package probe
