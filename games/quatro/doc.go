// Package quatro is Jogo do Quatro (the course's game of 2020/21, not
// commercial Quarto) as a referee.Game: 16 pieces of four two-valued
// attributes placed on a 4×4 board, the mover choosing both the piece and
// the cell, the mover winning by completing a row, a column or a long
// diagonal of four pieces that share an attribute value. It holds the rules
// on a compact, allocation-free position, the seeded opening
// (game_options opening_plies), the notation (B3:BQAO), the position file
// (JSON, the layout of the course's (board reserve) state), the drawing
// of the board, the evaluation of the built-in search bots (Evaluator,
// CourseValue), what intake knows of the course (CourseWords) and the
// course's Lisp form (LispEstado, LispAnswer).
//
// # Notation
//
// A move is a cell and a piece. FormatMove writes B3:BQAO: the column A–D
// (left to right) and the row 1–4 (top to bottom) of the cell, a colon, and
// one letter per attribute of the piece in the order colour, shape, height,
// fill: B (BRANCA) or P (PRETA), Q (QUADRADA) or R (REDONDA), A (ALTA) or B
// (BAIXA), C (CHEIA) or O (OCA). ParseMove accepts, ignoring case and
// surrounding space:
//
//   - the canonical form, the colon optional or replaced by spaces:
//     B3:BQAO, b3:bqao, B3 BQAO, B3BQAO;
//   - the course's long form, a cell and the piece's list of attribute
//     words, in parentheses, words separated by spaces:
//     (B3 (BRANCA QUADRADA ALTA OCA)).
//
// Nothing else (the course's 0-based (row col) answers are for the bots'
// adapters, which find the piece in the new state).
//
// # Perft
//
// Move sequences from the empty board (Position.Perft):
//
//	depth 1:                 256 = 16·16
//	depth 2:              57,600 = 256·15·15
//	depth 3:          11,289,600 = 57,600·14·14
//	depth 4:       1,907,942,400 = 11,289,600·13·13
//	depth 5:     274,299,125,760 = 144·(1,907,942,400 − 3,087,360)
//
// No line can be complete before the fourth piece, so depths 1–4 are plain
// products; 3,087,360 of the depth-4 sequences complete a line (10 lines ×
// 4! orders of its cells × 4! orders of one of the 536 sets of four pieces
// sharing an attribute value), and the other positions have 12·12 moves.
// The tests check depths 1–3 against a second, naive implementation of the
// rules and depth 5 by the count above (TestPerft) and, with -deep, depth 4
// by Perft and depth 5 by a search of the fourth-ply wins (TestPerftDepth5).
//
// quatro imports only referee, referee/sexp and the standard library.
package quatro
