package quatro

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
	"strings"

	"github.com/arenabots/arena/referee"
)

// positionFile is the JSON form of a position, the layout of the course's
// state (board reserve): board is 4 rows (row 1 first) of 4 cells, each 0
// (empty) or a piece as its list of four attribute words, e.g. ["BRANCA",
// "QUADRADA","ALTA","OCA"]; reserve lists the pieces not played, in any
// order (Encode writes them in number order); to_move is 1 (White) or 2
// (Black); ply counts the moves played since the game's initial state.
type positionFile struct {
	Board   [][]json.RawMessage `json:"board"`
	Reserve [][]string          `json:"reserve"`
	ToMove  int                 `json:"to_move"`
	Ply     int                 `json:"ply"`
}

// Decode reads a position file and checks that it is a position of the
// game: 4 rows of 4 cells, each 0 or a piece; every piece exactly once
// between the board and the reserve; to_move 1 when an even number of
// pieces is on the board (White moves first), 2 otherwise; ply from 0 to
// the number of pieces on the board; and complete lines, if any, all
// through one cell (the game ends at the first line). A board with a line
// is over, won by the side that is not to move. Its errors start with
// "position:" and name the field at fault, or give the line and column of
// JSON mistakes.
func Decode(data []byte) (Position, error) {
	var f positionFile
	if err := referee.DecodePositionFile(data, &f); err != nil {
		return Position{}, err
	}
	if len(f.Board) != 4 {
		return Position{}, fmt.Errorf("position: board has %d rows, want 4", len(f.Board))
	}
	q := Position{}
	where := [Pieces]string{}
	for r, row := range f.Board {
		if len(row) != 4 {
			return Position{}, fmt.Errorf("position: board row %d has %d cells, want 4", r+1, len(row))
		}
		for col, raw := range row {
			c := r*4 + col
			if bytes.Equal(bytes.TrimSpace(raw), []byte("0")) {
				continue
			}
			field := fmt.Sprintf("board cell %s", CellName(c))
			var words []string
			if err := json.Unmarshal(raw, &words); err != nil {
				return Position{}, fmt.Errorf("position: %s is %s: want 0 or a piece, e.g. [\"BRANCA\",\"QUADRADA\",\"ALTA\",\"OCA\"]", field, raw)
			}
			p, err := pieceOfWords(words)
			if err != nil {
				return Position{}, fmt.Errorf("position: %s: %w", field, err)
			}
			if where[p] != "" {
				return Position{}, fmt.Errorf("position: %s holds %s, which is on %s already", field, p, where[p])
			}
			where[p] = CellName(c)
			q.cell[c] = p
			q.filled |= 1 << c
		}
	}
	for i, words := range f.Reserve {
		p, err := pieceOfWords(words)
		if err != nil {
			return Position{}, fmt.Errorf("position: reserve piece %d: %w", i+1, err)
		}
		switch {
		case q.InReserve(p):
			return Position{}, fmt.Errorf("position: reserve lists %s twice", p)
		case where[p] != "":
			return Position{}, fmt.Errorf("position: reserve lists %s, which is on %s", p, where[p])
		}
		q.reserve |= 1 << p
	}
	for p := range Piece(Pieces) {
		if where[p] == "" && !q.InReserve(p) {
			return Position{}, fmt.Errorf("position: %s is neither on the board nor in the reserve: want each of the 16 pieces once", p)
		}
	}
	pieces := bits.OnesCount16(q.filled)
	want := referee.White
	if pieces%2 == 1 {
		want = referee.Black
	}
	if referee.Side(f.ToMove) != want {
		return Position{}, fmt.Errorf("position: to_move is %d, want %d: %d pieces are on the board and White (1) moves first", f.ToMove, want, pieces)
	}
	q.toMove = want
	if f.Ply < 0 || f.Ply > pieces {
		return Position{}, fmt.Errorf("position: ply is %d, want 0 to %d (the pieces on the board)", f.Ply, pieces)
	}
	q.ply = int32(f.Ply)
	if won := q.winningLines(); won != 0 {
		common := uint16(fullBoard)
		for rest := won; rest != 0; rest &= rest - 1 {
			common &= lines[bits.TrailingZeros16(rest)]
		}
		if common == 0 {
			return Position{}, fmt.Errorf("position: board has complete lines that no one piece completed: the game ends at the first line")
		}
		q.winner = q.toMove.Other()
	}
	return q, nil
}

// pieceOfWords reads a piece written as its four attribute words, upper
// case as the course writes them.
func pieceOfWords(words []string) (Piece, error) {
	if len(words) != 4 {
		return 0, fmt.Errorf("piece %q has %d words, want 4: colour, shape, height, fill, e.g. [\"BRANCA\",\"QUADRADA\",\"ALTA\",\"OCA\"]", words, len(words))
	}
	var p Piece
	for a, w := range words {
		switch w {
		case attributes[a].words[0]:
		case attributes[a].words[1]:
			p |= attributes[a].bit
		default:
			return 0, fmt.Errorf("piece %q: %s is %q, want %s or %s", words, attributeNames[a], w, attributes[a].words[0], attributes[a].words[1])
		}
	}
	return p, nil
}

// Encode writes q as a position file.
func (q *Position) Encode() ([]byte, error) {
	type file struct {
		Board   [4][4]any   `json:"board"`
		Reserve [][4]string `json:"reserve"`
		ToMove  int         `json:"to_move"`
		Ply     int         `json:"ply"`
	}
	f := file{Reserve: [][4]string{}, ToMove: int(q.toMove), Ply: int(q.ply)}
	for c := range Cells {
		f.Board[c/4][c%4] = 0
		if p, ok := q.At(c); ok {
			f.Board[c/4][c%4] = p.Words()
		}
	}
	for p := range Piece(Pieces) {
		if q.InReserve(p) {
			f.Reserve = append(f.Reserve, p.Words())
		}
	}
	return json.Marshal(f)
}

// String draws the board as a grid, row 1 at the top: each piece as its
// letters, ---- for an empty cell; then the reserve and the side to move,
// or the result.
func (q *Position) String() string {
	var b strings.Builder
	b.WriteString("    A    B    C    D\n")
	for r := range 4 {
		fmt.Fprintf(&b, "%d", r+1)
		for col := range 4 {
			b.WriteString(" ")
			b.WriteString(q.cellText(r*4 + col))
		}
		b.WriteByte('\n')
	}
	b.WriteString("reserve:")
	for p := range Piece(Pieces) {
		if q.InReserve(p) {
			b.WriteString(" " + p.String())
		}
	}
	b.WriteByte('\n')
	switch {
	case q.winner != 0:
		fmt.Fprintf(&b, "%s won", q.winner)
	case q.filled == fullBoard:
		b.WriteString("draw: the board is full")
	default:
		fmt.Fprintf(&b, "%s to move", q.toMove)
	}
	return b.String()
}

// cellText is what String writes for cell c.
func (q *Position) cellText(c int) string {
	if p, ok := q.At(c); ok {
		return p.String()
	}
	return "----"
}

// Diff describes how other differs from q, or returns "" when they are the
// same position. It is how the referee reports a bot's wrong claimed state.
func (q *Position) Diff(other referee.State) string {
	o, why := referee.Claimed[Position](other)
	if o == nil {
		return why
	}
	var d []string
	for c := range Cells {
		if a, b := q.cellText(c), o.cellText(c); a != b {
			d = append(d, fmt.Sprintf("%s is %s, claimed %s", CellName(c), strings.ReplaceAll(a, "----", "empty"), strings.ReplaceAll(b, "----", "empty")))
		}
	}
	if q.reserve != o.reserve {
		for p := range Piece(Pieces) {
			if a, b := q.InReserve(p), o.InReserve(p); a != b {
				d = append(d, fmt.Sprintf("%s is %s, claimed %s", p, inReserve(a), inReserve(b)))
			}
		}
	}
	if q.toMove != o.toMove {
		d = append(d, fmt.Sprintf("%s is to move, claimed %s", q.toMove, o.toMove))
	}
	return referee.Differences(d)
}

// inReserve says where a piece is, for Diff.
func inReserve(in bool) string {
	if in {
		return "in the reserve"
	}
	return "played"
}
