package quatro

import (
	"errors"
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
)

// Notation (see the package documentation): B3:BQAO, or the course's
// (B3 (BRANCA QUADRADA ALTA OCA)), case-insensitive on input, upper-case
// with a colon on output.

// wantMove ends the errors of ParseMove.
const wantMove = "want a cell A1-D4 and a piece, e.g. B3:BQAO or (B3 (BRANCA QUADRADA ALTA OCA))"

// ParseMove reads a move in either form of the notation. It checks the
// syntax only: not whether the cell is empty or the piece in the reserve.
func (q *Position) ParseMove(text string) (referee.Move, error) {
	return ParseMove(text)
}

// ParseMove reads a move in either form of the notation (see the package
// documentation).
func ParseMove(text string) (referee.Move, error) {
	t := strings.TrimSpace(text)
	switch {
	case t == "":
		return 0, errors.New("empty move: " + wantMove)
	case strings.EqualFold(t, "pass"):
		return 0, errors.New("there is no pass in Jogo do Quatro: " + wantMove)
	case t[0] == '(':
		return parseLong(text, t)
	}
	if len(t) < 2 {
		return 0, fmt.Errorf("bad move %q: %s", text, wantMove)
	}
	c, err := parseCell(t[:2])
	if err != nil {
		return 0, fmt.Errorf("bad move %q: %w", text, err)
	}
	rest := strings.TrimSpace(t[2:])
	if after, ok := strings.CutPrefix(rest, ":"); ok {
		rest = strings.TrimSpace(after)
	}
	p, err := parseLetters(rest)
	if err != nil {
		return 0, fmt.Errorf("bad move %q: %w", text, err)
	}
	return move(c, p), nil
}

// parseLong reads t, the trimmed text of a move in the course's long form
// (B3 (BRANCA QUADRADA ALTA OCA)).
func parseLong(text, t string) (referee.Move, error) {
	spaced := strings.NewReplacer("(", " ( ", ")", " ) ").Replace(t)
	f := strings.Fields(spaced)
	if len(f) != 9 || f[0] != "(" || f[2] != "(" || f[7] != ")" || f[8] != ")" {
		return 0, fmt.Errorf("bad move %q: want the long form (CELL (COLOUR SHAPE HEIGHT FILL)), e.g. (B3 (BRANCA QUADRADA ALTA OCA))", text)
	}
	c, err := parseCell(f[1])
	if err != nil {
		return 0, fmt.Errorf("bad move %q: %w", text, err)
	}
	var p Piece
	for a, w := range f[3:7] {
		v, err := attributeValue(a, w, func(i int) string { return attributes[a].words[i] })
		if err != nil {
			return 0, fmt.Errorf("bad move %q: %w", text, err)
		}
		p |= Piece(v) * attributes[a].bit
	}
	return move(c, p), nil
}

// parseCell reads a cell name, e.g. B3, in either case.
func parseCell(s string) (int, error) {
	if len(s) == 2 {
		col, row := int(s[0]|0x20)-'a', int(s[1])-'1'
		if col >= 0 && col < 4 && row >= 0 && row < 4 {
			return row*4 + col, nil
		}
	}
	return 0, fmt.Errorf("bad cell %q: want a column A-D and a row 1-4, e.g. B3", s)
}

// parseLetters reads a piece as its four letters, e.g. BQAO, in either
// case.
func parseLetters(s string) (Piece, error) {
	if len(s) != 4 {
		return 0, fmt.Errorf("bad piece %q: want four letters, colour B/P, shape Q/R, height A/B, fill C/O, e.g. BQAO", s)
	}
	var p Piece
	for a := range attributes {
		v, err := attributeValue(a, s[a:a+1], func(i int) string { return string(attributes[a].letters[i]) })
		if err != nil {
			return 0, err
		}
		p |= Piece(v) * attributes[a].bit
	}
	return p, nil
}

// attributeValue returns the value (0 or 1) of attribute a that name(value)
// writes as s, ignoring case.
func attributeValue(a int, s string, name func(int) string) (int, error) {
	for v := range 2 {
		if strings.EqualFold(s, name(v)) {
			return v, nil
		}
	}
	return 0, fmt.Errorf("bad %s %q: want %s or %s", attributeNames[a], s, name(0), name(1))
}

// attributeNames name the attributes in errors.
var attributeNames = [4]string{"colour", "shape", "height", "fill"}

// FormatMove writes m as B3:BQAO; a number that is no move (a bug, never a
// legal move) as "move?N", and the pass (never legal) as "pass".
func (q *Position) FormatMove(m referee.Move) string { return FormatMove(m) }

// FormatMove writes m in the canonical notation (see Position.FormatMove).
func FormatMove(m referee.Move) string {
	switch {
	case m == referee.Pass:
		return "pass"
	case m >= Cells*Pieces:
		return fmt.Sprintf("move?%d", m)
	}
	c, p := split(m)
	return CellName(c) + ":" + p.String()
}
