// Package dots is Dots and Boxes (the course variant of the rules in
// docs/dots.md) as a referee.Game: R×C boxes (5×6 by default, 2..10 each
// way), the extra move after closing a box, the notation (A1-B1), the
// position file (JSON, the layout of the course's Lisp board), the
// drawing of the board, and what the built-in bots need of it: the
// evaluation a search engine asks for (Evaluator: chains and loops, the
// long-chain rule, the loony endgame; Zobrist hashing, move hints) and the
// course's evaluation (CourseValue); its Lisp form (LispEstado,
// LispAnswer), the words and title intake knows its course by
// (CourseWords, CourseTitle).
//
// A Position is a small value with the arcs in bitsets: Moves and Play
// allocate nothing, so perft and searches run on it directly.
//
// dots imports only referee, referee/sexp and the standard library.
package dots
