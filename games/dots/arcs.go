package dots

import (
	"fmt"

	"github.com/arenabots/arena/referee"
)

// Horizontal returns the index of the horizontal arc that joins dot (i, j)
// to dot (i, j+1), horizontal[i][j] of the position file: i counts the rows
// of dots from the top, j the arcs from the left.
func (p *Position) Horizontal(i, j int) int { return p.hArc(i, j) }

// Vertical returns the index of the vertical arc that joins dot (i, j) to
// dot (i+1, j), vertical[j][i] of the position file: j counts the columns
// of dots from the left, i the arcs from the top.
func (p *Position) Vertical(j, i int) int { return p.vArc(j, i) }

// FromArcs returns the position of rows×cols boxes in which arc a (the
// index of Horizontal, Vertical and Drawn) is drawn by drawn[a] (0 when it
// is not), with scores [player 1, player 2] and toMove to move, after the
// checks of Decode: a size in MinSize..MaxSize, one value per arc, each 0,
// White or Black, scores that add up to the closed boxes, a side to move of
// White or Black. Its errors start with "position:". It is how a position
// is built outside this package (adapters), so that a change of the
// position's layout cannot break them silently; Drawn, Scores and ToMove
// read it back.
func FromArcs(rows, cols int, drawn []referee.Side, scores [2]int, toMove referee.Side) (Position, error) {
	if err := checkSize(rows, cols); err != nil {
		return Position{}, fmt.Errorf("position: %w", err)
	}
	p := New(rows, cols)
	if len(drawn) != p.Arcs() {
		return Position{}, fmt.Errorf("position: %d arcs, want %d for %d×%d boxes", len(drawn), p.Arcs(), rows, cols)
	}
	for a, s := range drawn {
		switch s {
		case 0:
		case referee.White, referee.Black:
			p.drawn.add(a)
			if s == referee.Black {
				p.byTwo.add(a)
			}
		default:
			return Position{}, fmt.Errorf("position: arc %s is %d: want 0, 1 or 2", p.FormatMove(referee.Move(a)), s)
		}
	}
	if toMove != referee.White && toMove != referee.Black {
		return Position{}, fmt.Errorf("position: to_move is %d: want 1 (white) or 2 (black)", toMove)
	}
	closed := 0
	for b := range rows * cols {
		if p.sides(b) == 4 {
			closed++
		}
	}
	if scores[0] < 0 || scores[1] < 0 || scores[0]+scores[1] != closed {
		return Position{}, fmt.Errorf("position: scores %d and %d: want two counts that add up to the %d closed boxes", scores[0], scores[1], closed)
	}
	p.score = [2]int16{int16(scores[0]), int16(scores[1])}
	p.toMove = toMove
	p.creditOwners()
	return p, nil
}
