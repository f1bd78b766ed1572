// Package cavalo is Jogo do Cavalo (docs/rules.md) as a referee.Game: its
// rules on a compact, allocation-free position, the frozen board generator,
// the notation (D1, C4xH8, pass), the position file (JSON), the drawing of
// the board, and what the built-in bots need of it: the evaluation a search
// engine asks for (Evaluator: territory by knight distance, an exact solver
// of separated regions, Zobrist hashing, move hints) and the course's
// evaluation (CourseValue); its Lisp form (LispEstado, LispAnswer), the
// words and title intake knows its course by (CourseWords, CourseTitle).
//
// cavalo imports only referee, referee/sexp and the standard library.
package cavalo
