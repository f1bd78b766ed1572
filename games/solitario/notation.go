package solitario

import (
	"errors"
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
)

// Notation of Solitário 2 moves: the operator, then the ORIGIN of the peg
// as its row, "-" and its column, counted from 1 (row 1 is player 1's
// side, column 1 the left):
//
//	b2-3     the peg in row 2, column 3 steps down (c b e d: up, down,
//	         left, right)
//	cd4-2    the peg in row 4, column 2 jumps right over row 4, column 3
//	         (cc cb ce cd: jumps up, down, left, right)
//	pass     the side to move has no legal move
//
// Output is that canonical form, lower case. Input is case-insensitive
// and also takes the course's own form, (b 2 3) or (CD 4 2).

// HoleName returns the name of (row col), counted from 1, as the
// notation writes an origin: "2-3".
func HoleName(row, col int) string { return fmt.Sprintf("%d-%d", row, col) }

// holeText names the hole of cell sq for people: "row 2 col 3".
func holeText(sq int) string { return fmt.Sprintf("row %d col %d", sq/Size+1, sq%Size+1) }

// syntax is the reminder every error of ParseMove ends with.
const syntax = "want an operator (c b e d, cc cb ce cd), a row 1-7, - and a column 1-7, e.g. b2-3 or (b 2 3), or pass"

// ParseMove reads a move in the notation above. It checks the syntax only:
// any row and column 1..7, on the board or not.
func (p *Position) ParseMove(text string) (referee.Move, error) { return ParseMove(text) }

// ParseMove reads a Solitário 2 move in the notation above.
func ParseMove(text string) (referee.Move, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if t == "" {
		return 0, errors.New("empty move: " + syntax)
	}
	if t == "pass" {
		return referee.Pass, nil
	}
	var op, row, col string
	if inner, ok := strings.CutPrefix(t, "("); ok {
		inner, ok = strings.CutSuffix(inner, ")")
		f := strings.Fields(inner)
		if !ok || len(f) != 3 {
			return 0, fmt.Errorf("bad move %q: %s", text, syntax)
		}
		op, row, col = f[0], f[1], f[2]
	} else {
		i := strings.IndexAny(t, "0123456789")
		if i < 0 {
			return 0, fmt.Errorf("bad move %q: %s", text, syntax)
		}
		op = t[:i]
		var ok bool
		if row, col, ok = strings.Cut(t[i:], "-"); !ok {
			return 0, fmt.Errorf("bad move %q: %s", text, syntax)
		}
	}
	o := -1
	for i, name := range ops {
		if op == name {
			o = i
		}
	}
	if o < 0 {
		return 0, fmt.Errorf("bad move %q: unknown operator %q: %s", text, op, syntax)
	}
	r, c := digit(row), digit(col)
	if r < 1 || c < 1 {
		return 0, fmt.Errorf("bad move %q: %s", text, syntax)
	}
	return move(o, (r-1)*Size+c-1), nil
}

// digit returns the value of s, a single digit 1..7, or -1.
func digit(s string) int {
	if len(s) != 1 || s[0] < '1' || s[0] > '0'+Size {
		return -1
	}
	return int(s[0] - '0')
}

// FormatMove writes m in the notation above.
func (p *Position) FormatMove(m referee.Move) string { return FormatMove(m) }

// FormatMove writes a Solitário 2 move in the notation above. A number that
// is no move of the encoding (a bug, never a legal move) is written as
// "move?N".
func FormatMove(m referee.Move) string {
	if m == referee.Pass {
		return "pass"
	}
	sq, op := int(m&moveCell), int(m>>moveOp)
	if sq >= cells || op >= len(ops) {
		return fmt.Sprintf("move?%d", m)
	}
	return ops[op] + HoleName(sq/Size+1, sq%Size+1)
}
