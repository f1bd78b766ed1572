package adji

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
)

// positionFile is the JSON form of a position: the course's board, two rows
// of six counts, row 0 first; the seeds captured by players 1 and 2; the
// side to move (1 or 2); the ply. The rules fields are optional on input
// (nil: the decoding game's) and always written.
type positionFile struct {
	GameName   string  `json:"game,omitempty"`
	Board      [][]int `json:"board"`
	Scores     [2]int  `json:"scores"`
	ToMove     int     `json:"to_move"`
	Ply        int     `json:"ply"`
	PliesLeft  *int    `json:"plies_left,omitempty"`
	SkipOrigin *bool   `json:"skip_origin,omitempty"`
	FirstRow   *int    `json:"first_row,omitempty"`
}

// maxPly bounds the ply of a file, so that it fits a Position.
const maxPly = 1 << 30

// Decode reads a position file under the default rules (Game{}.Decode).
func Decode(data []byte) (Position, error) { return Game{}.decode(data) }

// decode reads a position file and checks that it is a position of the
// game: "game", when given, is "adji"; "board" has 2 rows of 6 counts, each
// 0 to 96; "scores" are 0 or more, and with the seeds on the board total
// 96; "to_move" is 1 or 2; "ply" is 0 or more; "plies_left", when given,
// is 0 to MaxMaxPlies (left out: g's max_plies less the ply, which must
// not pass it); "first_row", when given, is 0 or 1. Its errors start with
// "position:", name the field, and give the line and column of JSON
// mistakes.
func (g Game) decode(data []byte) (Position, error) {
	var f positionFile
	if err := referee.DecodeOptionalGameFile(data, Name, &f, &f.GameName); err != nil {
		return Position{}, err
	}
	if f.FirstRow != nil {
		if *f.FirstRow != 0 && *f.FirstRow != 1 {
			return Position{}, fmt.Errorf("position: first_row is %d: want 0 or 1", *f.FirstRow)
		}
		g.FirstRow = *f.FirstRow
	}
	if f.SkipOrigin != nil {
		g.SowOrigin = !*f.SkipOrigin
	}
	p := g.start()
	if len(f.Board) != 2 {
		return Position{}, fmt.Errorf("position: board has %d rows, want 2 rows of %d holes", len(f.Board), Cols)
	}
	seeds := 0
	for r, row := range f.Board {
		if len(row) != Cols {
			return Position{}, fmt.Errorf("position: board row %d has %d holes, want %d", r, len(row), Cols)
		}
		for c, n := range row {
			if n < 0 || n > Seeds {
				return Position{}, fmt.Errorf("position: board hole %s holds %d: want 0 to %d seeds", lispName(r*Cols+c), n, Seeds)
			}
			p.holes[r*Cols+c] = uint8(n)
			seeds += n
		}
	}
	for i, s := range f.Scores {
		if s < 0 || s > Seeds {
			return Position{}, fmt.Errorf("position: scores[%d] is %d: want 0 to %d seeds captured", i, s, Seeds)
		}
		p.score[i] = uint8(s)
	}
	if total := seeds + f.Scores[0] + f.Scores[1]; total != Seeds {
		return Position{}, fmt.Errorf("position: board and scores hold %d seeds (%d on the board, %d and %d captured), want %d",
			total, seeds, f.Scores[0], f.Scores[1], Seeds)
	}
	if f.ToMove != 1 && f.ToMove != 2 {
		return Position{}, fmt.Errorf("position: to_move is %d: want 1 or 2", f.ToMove)
	}
	p.toMove = referee.Side(f.ToMove)
	if f.Ply < 0 || f.Ply > maxPly {
		return Position{}, fmt.Errorf("position: ply is %d: want 0 to %d", f.Ply, maxPly)
	}
	p.ply = int32(f.Ply)
	switch left := f.PliesLeft; {
	case left == nil && f.Ply > int(p.maxPlies):
		return Position{}, fmt.Errorf("position: ply is %d, past max_plies %d: give plies_left, or a ply up to %d", f.Ply, p.maxPlies, p.maxPlies)
	case left == nil:
		p.left = p.maxPlies - int16(f.Ply)
	case *left < 0 || *left > MaxMaxPlies:
		return Position{}, fmt.Errorf("position: plies_left is %d: want 0 to %d", *left, MaxMaxPlies)
	default:
		p.left = int16(*left)
	}
	return p, nil
}

// Encode writes p as a position file, with the rules it is played under.
func (p *Position) Encode() ([]byte, error) {
	f := positionFile{
		GameName:   Name,
		Board:      [][]int{make([]int, Cols), make([]int, Cols)},
		Scores:     p.Scores(),
		ToMove:     int(p.toMove),
		Ply:        int(p.ply),
		PliesLeft:  new(int(p.left)),
		SkipOrigin: new(p.skip),
		FirstRow:   new(int(p.first)),
	}
	for h, n := range p.holes {
		f.Board[h/Cols][h%Cols] = int(n)
	}
	return json.Marshal(f)
}

// String draws the board as the rules print it, row 0 on top, each row
// marked with its owner; then the scores, the side to move and the plies
// left before the cap.
func (p *Position) String() string {
	var b strings.Builder
	b.WriteString("     c0  c1  c2  c3  c4  c5\n")
	for r := range 2 {
		fmt.Fprintf(&b, "r%d ", r)
		for c := range Cols {
			fmt.Fprintf(&b, "%4d", p.holes[r*Cols+c])
		}
		owner := referee.White
		if r != int(p.first) {
			owner = referee.Black
		}
		fmt.Fprintf(&b, "   %s\n", owner)
	}
	fmt.Fprintf(&b, "white %d, black %d, %s to move, %d plies left", p.score[0], p.score[1], p.toMove, p.left)
	return b.String()
}

// Diff describes how other differs from p, or returns "" when they are the
// same position. It is how the referee reports a bot's wrong claimed state.
func (p *Position) Diff(other referee.State) string {
	o, why := referee.Claimed[Position](other)
	if o == nil {
		return why
	}
	var d []string
	for h := range Holes {
		if x, y := p.holes[h], o.holes[h]; x != y {
			d = append(d, fmt.Sprintf("hole %s holds %d, claimed %d", lispName(h), x, y))
		}
	}
	if s := referee.ScoresDiffer(p.Scores(), o.Scores()); s != "" {
		d = append(d, s)
	}
	return referee.Differences(d)
}
