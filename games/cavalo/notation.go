package cavalo

import (
	"errors"
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
)

// Notation of Jogo do Cavalo moves:
//
//	D1       the knight lands on D1 (a placement or a jump)
//	C4xH8    the knight lands on C4, a double, and removes the double on H8
//	pass     the side to move has no legal move
//
// Squares are a column letter A..J and a row number 1..10, case-insensitive
// on input and upper-case on output.

// SquareName returns the name of sq, e.g. "A1" for 0 and "J10" for 99.
func SquareName(sq int) string {
	return fmt.Sprintf("%c%d", 'A'+sq%10, sq/10+1)
}

// ParseSquare reads a square name such as "a1" or "J10".
func ParseSquare(s string) (int, error) {
	s = strings.TrimSpace(s)
	if len(s) < 2 || len(s) > 3 {
		return 0, fmt.Errorf("bad square %q: want a column A-J and a row 1-10, e.g. E5", s)
	}
	col := int(s[0]|0x20) - 'a'
	row := 0
	for _, ch := range s[1:] {
		if ch < '0' || ch > '9' {
			row = -1
			break
		}
		row = row*10 + int(ch-'0')
	}
	if col < 0 || col > 9 || row < 1 || row > 10 || s[1] == '0' {
		return 0, fmt.Errorf("bad square %q: want a column A-J and a row 1-10, e.g. E5", s)
	}
	return (row-1)*10 + col, nil
}

// ParseMove reads a move in the notation above. It checks syntax only.
func (c *Position) ParseMove(text string) (referee.Move, error) { return ParseMove(text) }

// ParseMove reads a Cavalo move in the notation above.
func ParseMove(text string) (referee.Move, error) {
	t := strings.TrimSpace(text)
	switch {
	case t == "":
		return 0, errors.New("empty move: want a square such as D1, a double and the double it removes such as C4xH8, or pass")
	case strings.EqualFold(t, "pass"):
		return referee.Pass, nil
	}
	to, removed, double := strings.Cut(t, "x")
	if !double {
		to, removed, double = strings.Cut(t, "X")
	}
	sq, err := ParseSquare(to)
	if err != nil {
		return 0, fmt.Errorf("bad move %q: %w", text, err)
	}
	m := referee.Move(sq)
	if double {
		r, err := ParseSquare(removed)
		if err != nil {
			return 0, fmt.Errorf("bad move %q: after x: %w", text, err)
		}
		m |= referee.Move(r+1) << moveRemove
	}
	return m, nil
}

// FormatMove writes m in the notation above.
func (c *Position) FormatMove(m referee.Move) string { return FormatMove(m) }

// FormatMove writes a Cavalo move in the notation above.
func FormatMove(m referee.Move) string {
	if m == referee.Pass {
		return "pass"
	}
	s := SquareName(int(m & moveTo))
	if r := int(m >> moveRemove); r != 0 {
		s += "x" + SquareName(r-1)
	}
	return s
}
