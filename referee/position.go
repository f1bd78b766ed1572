package referee

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// CavaloGame is the rules of Jogo do Cavalo as a Game.
type CavaloGame struct{}

// Name returns "cavalo".
func (CavaloGame) Name() string { return "cavalo" }

// New returns the initial position of seed's board.
func (CavaloGame) New(seed uint64) State {
	c := NewCavalo(seed)
	return &c
}

// Decode reads a position file.
func (CavaloGame) Decode(data []byte) (State, error) {
	c, err := DecodeCavalo(data)
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// Cell values of the position file (besides numbers 0..99 and null).
const (
	WhiteKnight = -1
	BlackKnight = -2
)

// positionFile is the JSON form of a position: board rows from row 1, cells
// a number, null (empty), -1 (White's knight) or -2 (Black's knight).
type positionFile struct {
	Board  [10][10]*int `json:"board"`
	Scores [2]int       `json:"scores"`
	ToMove int          `json:"to_move"`
}

// DecodeCavalo reads a position file and checks that it is a position of the
// game: distinct numbers 0..99, at most one knight of each colour, a side to
// move of 1 or 2, non-negative scores.
func DecodeCavalo(data []byte) (Cavalo, error) {
	var f positionFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Cavalo{}, fmt.Errorf("position: %w", err)
	}
	var board [Squares]int8
	seen := [Squares]bool{}
	knight := [2]int8{noSquare, noSquare}
	for r, row := range f.Board {
		for col, v := range row {
			sq := r*10 + col
			board[sq] = noSquare
			switch {
			case v == nil:
			case *v == WhiteKnight || *v == BlackKnight:
				i := -*v - 1
				if knight[i] != noSquare {
					return Cavalo{}, fmt.Errorf("position: two %s knights (%s and %s)", Side(i+1), SquareName(int(knight[i])), SquareName(sq))
				}
				knight[i] = int8(sq)
			case *v < 0 || *v > 99:
				return Cavalo{}, fmt.Errorf("position: square %s holds %d: want 0..99, null, -1 or -2", SquareName(sq), *v)
			case seen[*v]:
				return Cavalo{}, fmt.Errorf("position: number %d appears twice (second on %s)", *v, SquareName(sq))
			default:
				seen[*v] = true
				board[sq] = int8(*v)
			}
		}
	}
	if f.ToMove != 1 && f.ToMove != 2 {
		return Cavalo{}, fmt.Errorf("position: to_move is %d: want 1 (white) or 2 (black)", f.ToMove)
	}
	if f.Scores[0] < 0 || f.Scores[1] < 0 {
		return Cavalo{}, fmt.Errorf("position: negative score %v", f.Scores)
	}
	c := cavaloFromBoard(board)
	c.knight = knight
	c.score = [2]int32{int32(f.Scores[0]), int32(f.Scores[1])}
	c.toMove = Side(f.ToMove)
	return c, nil
}

// Encode writes c as a position file.
func (c *Cavalo) Encode() ([]byte, error) {
	var f positionFile
	for sq := range Squares {
		v := int(c.cell[sq])
		switch int8(sq) {
		case c.knight[0]:
			v = WhiteKnight
		case c.knight[1]:
			v = BlackKnight
		}
		if v != noSquare {
			f.Board[sq/10][sq%10] = &v
		}
	}
	f.Scores = [2]int{int(c.score[0]), int(c.score[1])}
	f.ToMove = int(c.toMove)
	return json.Marshal(f)
}

// String draws the board as a grid, row 1 (White's home row) at the top as in
// the position file: numbers with two digits, WN and BN for the knights, a
// dot for an empty square; then the scores and the side to move.
func (c *Cavalo) String() string {
	var b strings.Builder
	b.WriteString("     A  B  C  D  E  F  G  H  I  J\n")
	for r := range 10 {
		fmt.Fprintf(&b, "%3d ", r+1)
		for col := range 10 {
			sq := int8(r*10 + col)
			switch {
			case sq == c.knight[0]:
				b.WriteString(" WN")
			case sq == c.knight[1]:
				b.WriteString(" BN")
			case c.cell[sq] < 0:
				b.WriteString("  .")
			default:
				fmt.Fprintf(&b, " %02d", c.cell[sq])
			}
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "white %d, black %d, %s to move", c.score[0], c.score[1], c.toMove)
	return b.String()
}

// Diff describes how other differs from c, or returns "" when they are the
// same position. It is how the referee reports a bot's wrong claimed state.
func (c *Cavalo) Diff(other State) string {
	o, ok := other.(*Cavalo)
	if !ok {
		return fmt.Sprintf("claimed state is a %s position", other.Game().Name())
	}
	var d []string
	for sq := range Squares {
		if a, b := c.cellCode(sq), o.cellCode(sq); a != b {
			d = append(d, fmt.Sprintf("%s is %s, claimed %s", SquareName(sq), a, b))
		}
	}
	if c.score != o.score {
		d = append(d, fmt.Sprintf("scores are %d-%d, claimed %d-%d", c.score[0], c.score[1], o.score[0], o.score[1]))
	}
	if len(d) > 5 {
		d = append(d[:5], fmt.Sprintf("and %d more", len(d)-5))
	}
	return strings.Join(d, "; ")
}

// cellCode names what sq holds, as in String.
func (c *Cavalo) cellCode(sq int) string {
	switch int8(sq) {
	case c.knight[0]:
		return "WN"
	case c.knight[1]:
		return "BN"
	}
	if c.cell[sq] < 0 {
		return "empty"
	}
	return fmt.Sprintf("%02d", c.cell[sq])
}
