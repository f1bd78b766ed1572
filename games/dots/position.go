package dots

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
)

// positionFile is the JSON form of a position (docs/dots.md), the layout of
// the course's Lisp board ((H) (V)): horizontal[i][j] joins dot (i, j) to
// (i, j+1), vertical[j][i] joins dot (i, j) to (i+1, j); a value is 0
// (empty) or the player (1 or 2) who drew the arc.
type positionFile struct {
	GameName   string  `json:"game"`
	Rows       int     `json:"rows"`
	Cols       int     `json:"cols"`
	Horizontal [][]int `json:"horizontal"`
	Vertical   [][]int `json:"vertical"`
	Scores     [2]int  `json:"scores"`
	ToMove     int     `json:"to_move"`
}

// Decode reads a position file and checks that it is a position of the
// game: "game": "dots", rows and cols in MinSize..MaxSize, rows+1 lists of
// cols horizontal values and cols+1 lists of rows vertical ones, each 0, 1
// or 2, scores that add up to the closed boxes, a side to move of 1 or 2.
// Its errors start with "position:" and give the line and column of JSON
// mistakes.
//
// A file does not say who closed each box: Decode credits a closed box to a
// player when the file leaves no doubt (all four arcs drawn by that player,
// or the scores leave only that player), and leaves it unknown otherwise.
func Decode(data []byte) (Position, error) {
	var f positionFile
	if err := referee.DecodeGameFile(data, Name, &f, &f.GameName); err != nil {
		return Position{}, err
	}
	if err := checkSize(f.Rows, f.Cols); err != nil {
		return Position{}, fmt.Errorf("position: %w", err)
	}
	p := New(f.Rows, f.Cols)
	drawn := make([]referee.Side, p.Arcs())
	if err := p.readArcs("horizontal", f.Horizontal, f.Rows+1, f.Cols, p.hArc, drawn); err != nil {
		return Position{}, err
	}
	if err := p.readArcs("vertical", f.Vertical, f.Cols+1, f.Rows, p.vArc, drawn); err != nil {
		return Position{}, err
	}
	return FromArcs(f.Rows, f.Cols, drawn, f.Scores, referee.Side(f.ToMove))
}

// readArcs reads lists, n lists of m values, into drawn[index(i, j)]: i
// counts the lists, j the values of one (p.hArc for horizontal, p.vArc for
// vertical). p only gives the board's size.
func (p *Position) readArcs(key string, lists [][]int, n, m int, index func(i, j int) int, drawn []referee.Side) error {
	if len(lists) != n {
		return fmt.Errorf("position: %s has %d lists, want %d", key, len(lists), n)
	}
	for i, list := range lists {
		if len(list) != m {
			return fmt.Errorf("position: %s list %d has %d values, want %d", key, i+1, len(list), m)
		}
		for j, v := range list {
			a := index(i, j)
			switch v {
			case 0, 1, 2:
				drawn[a] = referee.Side(v)
			default:
				return fmt.Errorf("position: %s[%d][%d] (%s) is %d: want 0, 1 or 2", key, i, j, p.FormatMove(referee.Move(a)), v)
			}
		}
	}
	return nil
}

// creditOwners credits the closed boxes whose owner the arcs and the scores
// tell: a box whose four arcs one player drew is that player's (the closing
// arc was theirs), and once a player's score is accounted for, the other
// boxes are the opponent's.
func (p *Position) creditOwners() {
	var unknown []int
	var known [2]int
	for b := range int(p.rows) * int(p.cols) {
		if p.sides(b) != 4 {
			continue
		}
		var by [3]int
		for _, a := range p.boxArcs(b) {
			by[p.Drawn(a)]++
		}
		switch {
		case by[1] == 4:
			p.owner[0].add(b)
			known[0]++
		case by[2] == 4:
			p.owner[1].add(b)
			known[1]++
		default:
			unknown = append(unknown, b)
		}
	}
	for i := range 2 {
		if int(p.score[i]) == known[i] && len(unknown) == int(p.score[1-i])-known[1-i] {
			for _, b := range unknown {
				p.owner[1-i].add(b)
			}
			return
		}
	}
}

// Encode writes p as a position file.
func (p *Position) Encode() ([]byte, error) {
	rows, cols := int(p.rows), int(p.cols)
	f := positionFile{
		GameName: Name, Rows: rows, Cols: cols,
		Horizontal: p.writeArcs(rows+1, cols, p.hArc),
		Vertical:   p.writeArcs(cols+1, rows, p.vArc),
		Scores:     p.Scores(),
		ToMove:     int(p.toMove),
	}
	return json.Marshal(f)
}

// writeArcs returns n lists of m values of the arcs index(i, j).
func (p *Position) writeArcs(n, m int, index func(i, j int) int) [][]int {
	lists := make([][]int, n)
	for i := range lists {
		lists[i] = make([]int, m)
		for j := range lists[i] {
			lists[i][j] = int(p.Drawn(index(i, j)))
		}
	}
	return lists
}

// String draws the board: dots as +, arcs as --- and |, each closed box
// with the number of its owner (? when a decoded file did not tell), column
// letters above and row numbers on the left; then the scores and the side
// to move.
func (p *Position) String() string {
	rows, cols := int(p.rows), int(p.cols)
	var b strings.Builder
	b.WriteString("   ")
	for c := range cols + 1 {
		fmt.Fprintf(&b, "%c   ", 'A'+c)
	}
	b.WriteString("\n")
	for r := range rows + 1 {
		fmt.Fprintf(&b, "%2d ", r+1)
		for c := range cols {
			b.WriteString("+")
			if p.drawn.has(p.hArc(r, c)) {
				b.WriteString("---")
			} else {
				b.WriteString("   ")
			}
		}
		b.WriteString("+\n")
		if r == rows {
			break
		}
		b.WriteString("   ")
		for c := range cols + 1 {
			if p.drawn.has(p.vArc(c, r)) {
				b.WriteString("|")
			} else {
				b.WriteString(" ")
			}
			if c < cols {
				fmt.Fprintf(&b, " %c ", p.boxMark(r*cols+c))
			}
		}
		b.WriteString("\n")
	}
	var out strings.Builder
	for line := range strings.Lines(b.String()) {
		out.WriteString(strings.TrimRight(line, " \n"))
		out.WriteByte('\n')
	}
	fmt.Fprintf(&out, "white %d, black %d, %s to move", p.score[0], p.score[1], p.toMove)
	return out.String()
}

// boxMark is how String draws box b: its owner's number, ? for a closed box
// of unknown owner, a blank for an open one.
func (p *Position) boxMark(b int) byte {
	switch {
	case p.owner[0].has(b):
		return '1'
	case p.owner[1].has(b):
		return '2'
	case p.sides(b) == 4:
		return '?'
	}
	return ' '
}

// Diff describes how other differs from p, or returns "" when they are the
// same position. It is how the referee reports a bot's wrong claimed state.
func (p *Position) Diff(other referee.State) string {
	o, why := referee.Claimed[Position](other)
	switch {
	case o == nil:
		return why
	case o.rows != p.rows || o.cols != p.cols:
		return fmt.Sprintf("board is %dx%d, claimed %dx%d", p.rows, p.cols, o.rows, o.cols)
	}
	var d []string
	for a := range p.Arcs() {
		if x, y := p.Drawn(a), o.Drawn(a); x != y {
			d = append(d, fmt.Sprintf("%s is %s, claimed %s", p.FormatMove(referee.Move(a)), drawnBy(x), drawnBy(y)))
		}
	}
	if s := referee.ScoresDiffer(p.Scores(), o.Scores()); s != "" {
		d = append(d, s)
	}
	return referee.Differences(d)
}

// drawnBy names who drew an arc, for Diff.
func drawnBy(s referee.Side) string {
	if s == 0 {
		return "empty"
	}
	return "drawn by " + s.String()
}
