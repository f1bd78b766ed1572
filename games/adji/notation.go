package adji

import (
	"errors"
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
)

// Notation of Adji-boto moves:
//
//	r0c3    sow the hole of row 0, column 3 (the canonical form)
//	(0 3)   the same, as the course's Lisp bots write it
//	pass    the side to move has an empty row
//
// Rows are 0–1 and columns 0–5, 0-based from the top left. Input is
// case-insensitive and allows spaces around the numbers of (0 3); output is
// always r0c3 or pass.

// HoleName returns the canonical name of the hole of row and col: "r0c3".
func HoleName(row, col int) string { return fmt.Sprintf("r%dc%d", row, col) }

// lispName returns the course's name of hole h: "(0 3)".
func lispName(h int) string { return fmt.Sprintf("(%d %d)", h/Cols, h%Cols) }

// ParseMove reads a move in the notation above. It checks syntax only.
func (p *Position) ParseMove(text string) (referee.Move, error) { return ParseMove(text) }

// ParseMove reads an Adji-boto move in the notation above: a hole on the
// board or pass.
func ParseMove(text string) (referee.Move, error) {
	t := strings.TrimSpace(text)
	bad := func() error {
		return fmt.Errorf("bad move %q: want a hole as r0c3 or (0 3), row 0-1 and column 0-5, or pass", text)
	}
	switch {
	case t == "":
		return 0, errors.New("empty move: want a hole as r0c3 or (0 3), row 0-1 and column 0-5, or pass")
	case strings.EqualFold(t, "pass"):
		return referee.Pass, nil
	}
	var row, col string
	switch {
	case len(t) == 4 && t[0]|0x20 == 'r' && t[2]|0x20 == 'c':
		row, col = t[1:2], t[3:4]
	case len(t) >= 5 && t[0] == '(' && t[len(t)-1] == ')':
		f := strings.Fields(t[1 : len(t)-1])
		if len(f) != 2 {
			return 0, bad()
		}
		row, col = f[0], f[1]
	default:
		return 0, bad()
	}
	if len(row) != 1 || len(col) != 1 || row[0] < '0' || row[0] > '1' || col[0] < '0' || col[0] >= '0'+Cols {
		return 0, bad()
	}
	return referee.Move(int(row[0]-'0')*Cols + int(col[0]-'0')), nil
}

// FormatMove writes m in the notation above.
func (p *Position) FormatMove(m referee.Move) string { return FormatMove(m) }

// FormatMove writes an Adji-boto move in the canonical notation. A number
// that is no hole (a bug, never a legal move) is written "hole?N".
func FormatMove(m referee.Move) string {
	switch {
	case m == referee.Pass:
		return "pass"
	case m >= Holes:
		return fmt.Sprintf("hole?%d", m)
	}
	return HoleName(int(m)/Cols, int(m)%Cols)
}
