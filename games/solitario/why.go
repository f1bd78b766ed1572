package solitario

import (
	"fmt"

	"github.com/arenabots/arena/referee"
)

// WhyIllegal says which rule of the game m breaks in p, a move that is not
// among p's Moves (referee.Explainer): any move once the game is over, a
// pass while a move exists, an origin off the board or without a peg of
// the mover's, a first move other than the rules' opening step, a step
// into a hole that is off the board or taken, a jump over anything but an
// opponent's peg or into a hole that is off the board or taken.
func (p *Position) WhyIllegal(m referee.Move) string {
	side := p.toMove
	i := side.Index()
	if why := p.whyOver(); why != "" {
		return "the game is over: " + why
	}
	if m == referee.Pass {
		if p.canMove(side) {
			return fmt.Sprintf("%s has a move, and passes only when it has none", side)
		}
		return ""
	}
	sq, op := int(m&moveCell), int(m>>moveOp)
	if sq >= cells || op >= len(ops) {
		return "the move is not in the game's encoding"
	}
	r, c := sq/Size+1, sq%Size+1
	switch {
	case !OnBoard(r, c):
		return fmt.Sprintf("%s is off the board", holeText(sq))
	case p.pegs[i]&bit(sq) == 0:
		return fmt.Sprintf("%s holds no peg of yours (%s)", holeText(sq), side)
	}
	if !p.moved[i] && (op != firstDir[i] || firstRow[i]&bit(sq) == 0) {
		return fmt.Sprintf("the first move must be %s from row %d", ops[firstDir[i]], 2+4*i)
	}
	d := op % directions
	to := int(neighbour[sq][d])
	if op >= jumpOp {
		switch {
		case to < 0:
			return fmt.Sprintf("a jump %s from %s leaves the board", dirName[d], holeText(sq))
		case p.pegs[1-i]&bit(to) == 0:
			what := "nothing"
			if p.pegs[i]&bit(to) != 0 {
				what = "your own peg"
			}
			return fmt.Sprintf("a jump passes over an opponent's peg, and %s holds %s", holeText(to), what)
		}
		if to = int(neighbour[to][d]); to < 0 {
			return fmt.Sprintf("a jump %s from %s leaves the board", dirName[d], holeText(sq))
		}
	}
	switch {
	case to < 0:
		return fmt.Sprintf("moving %s from %s leaves the board", dirName[d], holeText(sq))
	case (p.pegs[0]|p.pegs[1])&bit(to) != 0:
		return fmt.Sprintf("%s, where the peg would land, is not empty", holeText(to))
	}
	return ""
}

// whyOver says why the game is over, or "" when it is not.
func (p *Position) whyOver() string {
	switch w := p.Winner(); {
	case w != 0:
		return fmt.Sprintf("%s has reached %s's start holes", w, w.Other())
	case p.ply >= p.maxPlies:
		return fmt.Sprintf("the move cap of %d plies is reached", p.maxPlies)
	case p.Terminal():
		if !p.canMove(p.toMove.Other()) {
			return "neither side can move"
		}
		return fmt.Sprintf("%s cannot move, and a pass would reach the move cap of %d plies", p.toMove, p.maxPlies)
	}
	return ""
}
