// Package solitario is Solitário 2 (the course's second project of
// 2025/26; the rules arena enforces are those of solitario2.md, the
// statement's with the referee's choices) as a referee.Game: two players
// of 6 pegs on the 33 holes of a cross, each side's first move forced (b
// from row 2, c from row 6), steps and single jumps that capture, the win
// on reaching an opponent's start hole, the notation (b2-3, also the
// course's (b 2 3), and pass: see notation.go), the position file (JSON,
// the course's board layout with to_move, ply, max_plies, moved and
// scores: see position.go) and the drawing of the board.
//
// Options (Configure): max_plies, the move cap (200), and opening_plies,
// random plies played from the start with the board's seed (0), so that a
// league plays different games from each seed.
//
// A Position is a small value with the pegs in bitsets: Moves and Play
// allocate nothing, so perft and searches run on it directly.
//
// Where the statement is silent, the referee chooses:
//   - Scores: each side scores the opponent's pegs it has captured, plus
//     WinBonus (10) when one of its pegs reaches an opponent's start hole,
//     which ends the game at once; so the side that gets there always has
//     more points (a side captures 6 pegs at most).
//   - A game that ends with no one on the opponent's start holes (neither
//     side can move, or the move cap of max_plies is reached) is a draw,
//     as solitario2.md says, whatever the captures: the Position is a
//     referee.Decider, whose Winner decides the game, and its scores break
//     ties in the standings only.
//   - A side with no legal move passes while its opponent has one; a pass
//     is a ply and is not a first move (the first-move rule waits for the
//     side's first peg move). A side that cannot move when one more ply
//     would reach the cap ends the game instead of passing.
//   - Opening plies (option opening_plies) are drawn among the moves that
//     leave the game going on, so a seeded start is never a finished game;
//     they count against the move cap but not in Ply.
//
// Perft from the start (max_plies 200), the number of move sequences of
// exactly that many plies (TestPerftStart; depths 1..5 also counted by an
// independent naive implementation of the rules in the tests):
//
//	depth 1: 3
//	depth 2: 9
//	depth 3: 75
//	depth 4: 625
//	depth 5: 4,677
//	depth 6: 34,856
//	depth 7: 318,722
//	depth 8: 2,898,868
//
// What the built-in bots need of it: the evaluation a search engine asks
// for (Evaluator: captures, the race of the most advanced peg to the
// opponent's start holes, mobility; Zobrist hashing; move hints) and the
// course's evaluation (CourseValue). Its Lisp form (LispEstado,
// LispAnswer: the course's bare board, with who moves as the conventions
// say), and what intake knows its course by (CourseWords, CourseTitle,
// CourseOptions).
//
// solitario imports only referee, referee/sexp and the standard library.
package solitario
