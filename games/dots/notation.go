package dots

import (
	"errors"
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
)

// Notation of Dots and Boxes moves: an arc is written by its two dots joined
// by "-", a dot being a column letter (A from the left) and a row number (1
// from the top), e.g. A1-B1 (the top-left horizontal arc) or A1-A2 (the
// top-left vertical arc). Input is case-insensitive and takes the dots in
// either order; output is upper-case with the left or top dot first.

// DotName returns the name of the dot in row and col, 0-based: "A1" for 0, 0.
func DotName(row, col int) string { return fmt.Sprintf("%c%d", 'A'+col, row+1) }

// parseDot reads a dot name of a board of rows×cols boxes.
func parseDot(s string, rows, cols int) (row, col int, err error) {
	s = strings.TrimSpace(s)
	bad := fmt.Errorf("bad dot %q: want a column A-%c and a row 1-%d, e.g. B2", s, 'A'+cols, rows+1)
	if len(s) < 2 || len(s) > 3 {
		return 0, 0, bad
	}
	col = int(s[0]|0x20) - 'a'
	for _, ch := range s[1:] {
		if ch < '0' || ch > '9' {
			return 0, 0, bad
		}
		row = row*10 + int(ch-'0')
	}
	if col < 0 || col > cols || row < 1 || row > rows+1 || s[1] == '0' {
		return 0, 0, bad
	}
	return row - 1, col, nil
}

// ParseMove reads an arc in the notation above. It checks the syntax and
// that the arc is on the board, not whether it is empty.
func (p *Position) ParseMove(text string) (referee.Move, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return 0, errors.New("empty move: want an arc as two adjacent dots, e.g. A1-B1 or A1-A2")
	}
	from, to, ok := strings.Cut(t, "-")
	if !ok {
		return 0, fmt.Errorf("bad move %q: want two adjacent dots joined by -, e.g. A1-B1 or A1-A2", text)
	}
	rows, cols := int(p.rows), int(p.cols)
	r1, c1, err := parseDot(from, rows, cols)
	if err != nil {
		return 0, fmt.Errorf("bad move %q: %w", text, err)
	}
	r2, c2, err := parseDot(to, rows, cols)
	if err != nil {
		return 0, fmt.Errorf("bad move %q: %w", text, err)
	}
	switch {
	case r1 == r2 && (c2 == c1+1 || c1 == c2+1):
		return referee.Move(p.hArc(r1, min(c1, c2))), nil
	case c1 == c2 && (r2 == r1+1 || r1 == r2+1):
		return referee.Move(p.vArc(c1, min(r1, r2))), nil
	}
	return 0, fmt.Errorf("bad move %q: the dots are not adjacent (want e.g. A1-B1 or A1-A2)", text)
}

// FormatMove writes arc m in the notation above, the left or top dot first.
// A number that is no arc of the board (a bug, never a legal move) is
// written as "arc?N".
func (p *Position) FormatMove(m referee.Move) string {
	a := int(m)
	if m >= referee.Move(p.Arcs()) {
		return fmt.Sprintf("arc?%d", m)
	}
	if h := p.horizontals(); a >= h {
		j, i := (a-h)/int(p.rows), (a-h)%int(p.rows)
		return DotName(i, j) + "-" + DotName(i+1, j)
	}
	i, j := a/int(p.cols), a%int(p.cols)
	return DotName(i, j) + "-" + DotName(i, j+1)
}
