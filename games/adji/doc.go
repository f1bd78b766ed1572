// Package adji is Adji-boto, the course's two-row sowing game ("a variant
// of Adji-boto and Oware made for the project", as the project's rules file
// adji-boto.md has it), as a referee.Game: its rules on a compact,
// allocation-free position, the options a league may set (skip_origin,
// first_row, max_plies, opening_plies), the notation, the position file
// (JSON, the course's board layout) and the drawing of the board.
//
// # Board and moves
//
// Two rows of six holes, row 0 printed on top, columns 0–5 from the left;
// 8 seeds in every hole at the start. Player 1 (referee.White) moves first
// and owns row 0 (row 1 with first_row 1). A move takes every seed of a
// non-empty hole of the mover's row and sows them one per hole
// counter-clockwise: along row 0 toward column 0, down to (1 0), along row
// 1 toward column 5, up to (0 5), and round again, skipping the emptied
// origin unless skip_origin is 0. If the last seed falls in the opponent's
// row and that hole then holds 1, 3 or 5 seeds, the mover captures them. A
// player whose row is empty passes. The scores are the seeds each side
// captured.
//
// # End
//
// The game ends when the board is empty, or when max_plies plies have been
// played, opening plies and passes included; the captured seeds decide
// (48–48, or equal at the cap: a draw). One choice of arena's where the
// rules are silent: a side that would have to pass on the last ply before
// the cap ends the game there instead, since its pass would leave the
// opponent no move to play.
//
// # Notation
//
// A move is the hole sown, written r<row>c<col>, e.g. r0c3 (the names of the
// rules' board ((r0c0 … r0c5) (r1c0 … r1c5))); ParseMove also reads the
// course's (0 3), and pass. Input is case-insensitive; output is the
// lower-case r0c3 form.
//
// # Position file
//
// JSON: "game", "adji" (optional on input); "board", two rows of six
// counts as in the course's Lisp state; "scores", the seeds captured by
// players 1 and 2; "to_move", 1 or 2; "ply". The seeds on the board and the
// scores must total 96. The optional "plies_left" (plies before the move
// cap), "skip_origin" and "first_row" carry the rules the position is
// played under; a file that leaves them out takes those of the game
// decoding it. See Decode.
//
// # Perft
//
// The move sequences from the start. TestPerft checks depths 1–8; a
// second, naive implementation of the rules in the tests checks depths 1–8
// under every skip_origin and first_row, and depths 1–5 from random
// positions; it agreed on depths 9 and 10 when counted once. Player 1 on row 1 gives the
// same counts (the start is symmetric under a half turn); with skip_origin
// 0 they part from depth 7 on, once a sowing of 12 or more seeds can have
// been played:
//
//	depth   skip_origin 1   skip_origin 0
//	    1               6               6
//	    2              36              36
//	    3             210             210
//	    4           1,206           1,206
//	    5           6,983           6,983
//	    6          39,535          39,535
//	    7         225,354         228,280
//	    8       1,251,491       1,312,963
//	    9       6,961,179       7,559,771
//	   10      38,102,677      43,197,364
//
// # Search, course and Lisp form
//
// Evaluator is the game's evaluation for the built-in search bots
// (bots/search): the captures, the seeds on each side's row and the
// captures each side can make next, with a Zobrist hash; CourseValue is
// the course projects' evaluation, which the classic bot plays by.
// CourseWords, CourseTitle and CourseOptions are what intake knows of the
// course (course/intake). LispEstado and LispAnswer are the course's Lisp
// form (bots/lisp): the estado is the board, or (board (points1 points2)),
// sent as it is or to a bot that is always player 1 on the board turned
// half a turn; an answer is read by the hole it names, ((row col)
// new-estado), or by its boards.
//
// adji imports only referee, referee/sexp and the standard library.
package adji
