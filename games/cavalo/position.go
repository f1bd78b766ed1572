package cavalo

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arenabots/arena/referee"
)

// Game is the rules of Jogo do Cavalo as a Game.
type Game struct{}

// Name is the game's name in configs and on the wire.
const Name = "cavalo"

// Name returns "cavalo".
func (Game) Name() string { return Name }

// Configure returns the game with a league's settings. Cavalo has no
// game_options, and needs no opening: each round's seed draws a new board.
func Configure(options map[string]int) (referee.Game, error) {
	if err := referee.ReadOptions(Name, options, ""); err != nil {
		return nil, err
	}
	return Game{}, nil
}

// New returns the initial position of seed's board.
func (Game) New(seed uint64) referee.State {
	c := New(seed)
	return &c
}

// Decode reads a position file.
func (Game) Decode(data []byte) (referee.State, error) { return referee.DecodeState(Decode, data) }

// Cell values of the position file (besides numbers 0..99 and null).
const (
	WhiteKnight = -1
	BlackKnight = -2
)

// MaxScore is the most points one side can have: the sum of 0..99.
const MaxScore = 99 * 100 / 2

// positionFile is the JSON form of a position: board rows from row 1, cells
// a number, null (empty), -1 (White's knight) or -2 (Black's knight).
type positionFile struct {
	Board  [][]*int `json:"board"`
	Scores [2]int   `json:"scores"`
	ToMove int      `json:"to_move"`
}

// Decode reads a position file and checks that it is a position of the
// game: 10 rows of 10 cells, distinct numbers 0..99, at most one knight of
// each colour, a side to move of 1 or 2, scores in 0..MaxScore. Its errors
// start with "position:" and give the line and column of JSON mistakes.
func Decode(data []byte) (Position, error) {
	var f positionFile
	if err := referee.DecodePositionFile(data, &f); err != nil {
		return Position{}, err
	}
	if len(f.Board) != 10 {
		return Position{}, fmt.Errorf("position: board has %d rows, want 10", len(f.Board))
	}
	var cells [Squares]int
	for r, row := range f.Board {
		if len(row) != 10 {
			return Position{}, fmt.Errorf("position: board row %d has %d cells, want 10", r+1, len(row))
		}
		for col, v := range row {
			cells[r*10+col] = Empty
			if v != nil {
				if *v == Empty {
					return Position{}, fmt.Errorf("position: square %s holds %d: want 0..99, null, -1 or -2", SquareName(r*10+col), *v)
				}
				cells[r*10+col] = *v
			}
		}
	}
	return FromCells(cells, f.Scores, referee.Side(f.ToMove))
}

// Encode writes c as a position file: what json.Marshal writes of its
// positionFile, appended directly (arena encodes every position of every
// game it records).
func (c *Position) Encode() ([]byte, error) {
	b := make([]byte, 0, 400)
	b = append(b, `{"board":[`...)
	for sq, v := range c.Cells() {
		switch {
		case sq == 0:
			b = append(b, '[')
		case sq%10 == 0:
			b = append(b, "],["...)
		default:
			b = append(b, ',')
		}
		if v == Empty {
			b = append(b, "null"...)
		} else {
			b = strconv.AppendInt(b, int64(v), 10)
		}
	}
	b = append(b, `]],"scores":[`...)
	b = strconv.AppendInt(b, int64(c.score[0]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(c.score[1]), 10)
	b = append(b, `],"to_move":`...)
	b = strconv.AppendInt(b, int64(c.toMove), 10)
	return append(b, '}'), nil
}

// String draws the board as a grid, row 1 (White's home row) at the top as in
// the position file: numbers with two digits, WN and BN for the knights, a
// dot for an empty square; then the scores and the side to move.
func (c *Position) String() string {
	var b strings.Builder
	b.Grow(400)
	b.WriteString("     A  B  C  D  E  F  G  H  I  J\n")
	for r := range 10 {
		if r < 9 {
			b.WriteString("  ")
		} else {
			b.WriteString(" ")
		}
		b.WriteString(strconv.Itoa(r + 1))
		b.WriteByte(' ')
		for col := range 10 {
			sq := int8(r*10 + col)
			switch n := c.cell[sq]; {
			case sq == c.knight[0]:
				b.WriteString(" WN")
			case sq == c.knight[1]:
				b.WriteString(" BN")
			case n < 0:
				b.WriteString("  .")
			default: // 0..99, two digits
				b.Write([]byte{' ', '0' + byte(n/10), '0' + byte(n%10)})
			}
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "white %d, black %d, %s to move", c.score[0], c.score[1], c.toMove)
	return b.String()
}

// Diff describes how other differs from c, or returns "" when they are the
// same position. It is how the referee reports a bot's wrong claimed state.
func (c *Position) Diff(other referee.State) string {
	o, why := referee.Claimed[Position](other)
	if o == nil {
		return why
	}
	var d []string
	for sq := range Squares {
		if c.holds(sq) != o.holds(sq) {
			d = append(d, fmt.Sprintf("%s is %s, claimed %s", SquareName(sq), c.cellCode(sq), o.cellCode(sq)))
		}
	}
	if s := referee.ScoresDiffer(c.Scores(), o.Scores()); s != "" {
		d = append(d, s)
	}
	return referee.Differences(d)
}

// holds returns what sq holds, as cellCode names it, without naming it
// (the referee compares every square of every claim): a knight's side as
// -2 or -3, -1 for an empty square, else the number.
func (c *Position) holds(sq int) int8 {
	switch int8(sq) {
	case c.knight[0]:
		return -2
	case c.knight[1]:
		return -3
	}
	return max(c.cell[sq], -1)
}

// cellCode names what sq holds, as in String.
func (c *Position) cellCode(sq int) string {
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
