// Package cavalo is Jogo do Cavalo (docs/rules.md) as a referee.Game: its
// rules on a compact, allocation-free position, the frozen board generator,
// the notation (D1, C4xH8, pass), the position file (JSON) and the drawing
// of the board.
//
// cavalo imports only referee and the standard library.
package cavalo
