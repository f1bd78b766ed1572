package solitario

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strings"

	"github.com/arenabots/arena/referee"
)

// positionFile is the JSON form of a position: board is the course's
// layout, 7 rows of 7 values from row 1, null off the board, 0 an empty
// hole, 1 or 2 a peg of that player; moved says whether players 1 and 2
// have made their first move; ply counts the plies of the game (opening
// included) against max_plies; scores are [player 1, player 2], each the
// pegs captured plus WinBonus for the side that reached the opponent's
// start holes.
type positionFile struct {
	GameName string   `json:"game"`
	Board    [][]*int `json:"board"`
	ToMove   int      `json:"to_move"`
	Ply      int      `json:"ply"`
	MaxPlies *int     `json:"max_plies,omitempty"`
	Moved    [2]bool  `json:"moved"`
	Scores   [2]int   `json:"scores"`
}

// Decode reads a position file and checks that it is a position of the
// game: "game": "solitario"; a board of 7 rows of 7 values, null exactly
// off the board and 0, 1 or 2 on it; at most Pegs pegs a side, and not
// both sides on the other's start holes; to_move 1 or 2; max_plies
// 1..MaxMaxPlies (DefaultMaxPlies when left out) and ply 0..max_plies;
// scores whose captures (the score less WinBonus for the side on the
// opponent's start holes) are 0..Pegs and no more than the opponent has
// lost. Its errors start with "position:" and name the field at fault.
func Decode(data []byte) (Position, error) {
	var f positionFile
	if err := referee.DecodeGameFile(data, Name, &f, &f.GameName); err != nil {
		return Position{}, err
	}
	p := Position{toMove: referee.Side(f.ToMove), moved: f.Moved}
	if len(f.Board) != Size {
		return Position{}, fmt.Errorf("position: board has %d rows, want %d", len(f.Board), Size)
	}
	for r, row := range f.Board {
		if len(row) != Size {
			return Position{}, fmt.Errorf("position: board row %d has %d values, want %d", r+1, len(row), Size)
		}
		for c, v := range row {
			switch on := OnBoard(r+1, c+1); {
			case !on && v != nil:
				return Position{}, fmt.Errorf("position: board row %d col %d is off the board and holds %d: want null", r+1, c+1, *v)
			case !on:
			case v == nil:
				return Position{}, fmt.Errorf("position: board row %d col %d is a hole and holds null: want 0 (empty), 1 or 2", r+1, c+1)
			case *v == 1 || *v == 2:
				p.pegs[*v-1] |= bit(r*Size + c)
			case *v != 0:
				return Position{}, fmt.Errorf("position: board row %d col %d holds %d: want 0 (empty), 1 or 2", r+1, c+1, *v)
			}
		}
	}
	for i, pegs := range p.pegs {
		if n := bits.OnesCount64(uint64(pegs)); n > Pegs {
			return Position{}, fmt.Errorf("position: board has %d pegs of player %d, want %d at most", n, i+1, Pegs)
		}
	}
	if p.pegs[0]&startHoles[1] != 0 && p.pegs[1]&startHoles[0] != 0 {
		return Position{}, fmt.Errorf("position: board has both players on the other's start holes: at most one can have won")
	}
	if p.toMove != referee.White && p.toMove != referee.Black {
		return Position{}, fmt.Errorf("position: to_move is %d: want 1 (player 1, white) or 2 (player 2, black)", f.ToMove)
	}
	p.maxPlies = DefaultMaxPlies
	if f.MaxPlies != nil {
		if *f.MaxPlies < 1 || *f.MaxPlies > MaxMaxPlies {
			return Position{}, fmt.Errorf("position: max_plies is %d: want 1 to %d", *f.MaxPlies, MaxMaxPlies)
		}
		p.maxPlies = int32(*f.MaxPlies)
	}
	if f.Ply < 0 || f.Ply > int(p.maxPlies) {
		return Position{}, fmt.Errorf("position: ply is %d: want 0 to max_plies (%d)", f.Ply, p.maxPlies)
	}
	p.ply, p.start = int32(f.Ply), int32(f.Ply)
	win := p.Winner()
	for i, s := range f.Scores {
		side := referee.Side(i + 1)
		took := s
		if win == side {
			took -= WinBonus
		}
		lost := Pegs - bits.OnesCount64(uint64(p.pegs[1-i]))
		if took < 0 || took > lost {
			return Position{}, fmt.Errorf("position: scores[%d] is %d: want player %d's captures, 0 to %d as player %d has %d pegs left, %s",
				i, s, i+1, lost, 2-i, Pegs-lost, bonusNote(win == side))
		}
		p.captures[i] = int8(took)
	}
	return p, nil
}

// bonusNote says whether a score includes WinBonus, for Decode's errors.
func bonusNote(won bool) string {
	if won {
		return fmt.Sprintf("plus %d for reaching the opponent's start holes", WinBonus)
	}
	return "with no bonus (no peg on the opponent's start holes)"
}

// Encode writes p as a position file.
func (p *Position) Encode() ([]byte, error) {
	maxPlies := int(p.maxPlies)
	f := positionFile{
		GameName: Name, Board: p.Board(), ToMove: int(p.toMove), Ply: int(p.ply),
		MaxPlies: &maxPlies, Moved: p.moved, Scores: p.Scores(),
	}
	return json.Marshal(f)
}

// Board returns the board in the course's layout: 7 rows from row 1 of 7
// values from column 1, nil off the board, else 0 (empty), 1 or 2 (a peg
// of that player).
func (p *Position) Board() [][]*int {
	board := make([][]*int, Size)
	for r := range board {
		board[r] = make([]*int, Size)
		for c := range board[r] {
			if OnBoard(r+1, c+1) {
				v := int(p.Peg(r+1, c+1))
				board[r][c] = &v
			}
		}
	}
	return board
}

// String draws the board as in the position file, row 1 at the top: 1 and
// 2 for the pegs, a dot for an empty hole, a blank off the board; then the
// scores, the side to move and the ply against the cap.
func (p *Position) String() string {
	var b strings.Builder
	b.WriteString("   1 2 3 4 5 6 7\n")
	for r := 1; r <= Size; r++ {
		line := fmt.Sprintf("%d ", r)
		for c := 1; c <= Size; c++ {
			line += " " + string(p.mark(r, c))
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	fmt.Fprintf(&b, "white %d, black %d, %s to move, ply %d of %d", p.Scores()[0], p.Scores()[1], p.toMove, p.ply, p.maxPlies)
	return b.String()
}

// mark is how String draws (row col).
func (p *Position) mark(row, col int) byte {
	switch {
	case !OnBoard(row, col):
		return ' '
	case p.Peg(row, col) == referee.White:
		return '1'
	case p.Peg(row, col) == referee.Black:
		return '2'
	}
	return '.'
}

// Diff describes how other differs from p, or returns "" when they are the
// same position. It is how the referee reports a bot's wrong claimed state.
func (p *Position) Diff(other referee.State) string {
	o, why := referee.Claimed[Position](other)
	if o == nil {
		return why
	}
	var d []string
	for r := 1; r <= Size; r++ {
		for c := 1; c <= Size; c++ {
			if a, b := p.mark(r, c), o.mark(r, c); a != b {
				d = append(d, fmt.Sprintf("row %d col %d is %s, claimed %s", r, c, holeState(a), holeState(b)))
			}
		}
	}
	if s := referee.ScoresDiffer(p.Scores(), o.Scores()); s != "" {
		d = append(d, s)
	}
	return referee.Differences(d)
}

// holeState names what a mark of String stands for, for Diff.
func holeState(mark byte) string {
	switch mark {
	case '1':
		return "a white peg"
	case '2':
		return "a black peg"
	}
	return "empty"
}
