package solitario

import (
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
)

// gap is the distance between the centres of two holes in the drawing, in
// SVG units.
const gap = 48

// SVG draws the board as it is printed by String, row 1 at the top: one
// group of class "place" per hole, with data-target the hole's row and
// column (e.g. "3-4"), holding a circle of class "hole" and, on a peg, a
// circle of class "peg white" or "peg black"; and for every legal move of
// the side to move a small circle of class "move", with data-target the
// move's name (e.g. "b2-3", the place clicked to play it), drawn only
// when the page marks it playable. A move's marker sits in the hole where
// the peg lands, moved a little towards the peg's origin: two moves that
// land in one hole come from different directions, so each has its own
// marker. Column numbers run along the top, row numbers down the left.
func (p *Position) SVG() string {
	const margin = 24
	size := margin + Size*gap
	sc := p.Scores()
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="board solitario" viewBox="0 0 %d %d" role="img" aria-label="Solitário 2 board: white %d, black %d, %s to move">`,
		size, size, sc[0], sc[1], p.toMove)
	b.WriteString(style)
	for i := range Size {
		fmt.Fprintf(&b, `<text class="label" x="%d" y="16">%d</text>`, margin+i*gap+gap/2, i+1)
		fmt.Fprintf(&b, `<text class="label" x="8" y="%d">%d</text>`, margin+i*gap+gap/2+5, i+1)
	}
	for sq := range cells {
		r, c := sq/Size+1, sq%Size+1
		if !OnBoard(r, c) {
			continue
		}
		x, y := centre(sq)
		fmt.Fprintf(&b, `<g class="place" data-target="%s"><title>%d %d</title><circle class="hole" cx="%d" cy="%d" r="%d"/>`,
			placeName(sq), r, c, margin+x, margin+y, gap/6)
		if s := p.Peg(r, c); s != 0 {
			fmt.Fprintf(&b, `<circle class="peg %s" cx="%d" cy="%d" r="%d"/>`, s, margin+x, margin+y, gap*2/5)
		}
		b.WriteString(`</g>`)
	}
	var buf [referee.MaxMoves]referee.Move
	for _, m := range p.Moves(buf[:0]) {
		if m == referee.Pass {
			continue
		}
		x, y := marker(m)
		name := FormatMove(m)
		fmt.Fprintf(&b, `<circle class="move" data-target="%s" cx="%d" cy="%d" r="%d"><title>%s</title></circle>`, name, margin+x, margin+y, gap/6, name)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// centre returns the centre of cell sq in the drawing, margin left out.
func centre(sq int) (x, y int) { return sq%Size*gap + gap/2, sq/Size*gap + gap/2 }

// marker returns where the marker of m, a legal move, is drawn: the
// centre of the hole it lands in, a quarter of a gap towards its origin.
func marker(m referee.Move) (x, y int) {
	sq, op := int(m&moveCell), int(m>>moveOp)
	n := 1
	if op >= jumpOp {
		n = 2
	}
	fx, fy := centre(sq)
	dx := [directions]int{0, 0, -1, 1}[op%directions]
	dy := [directions]int{-1, 1, 0, 0}[op%directions]
	return fx + dx*(n*gap-gap/4), fy + dy*(n*gap-gap/4)
}

// Target returns the name of m (e.g. "b2-3"), the data-target of its
// marker; a pass has no place.
func (p *Position) Target(m referee.Move) string {
	if m == referee.Pass {
		return ""
	}
	return FormatMove(m)
}

// Landing returns the place where the peg of m, a legal move, stands once
// it moved (e.g. "3-3" for "b2-3"): the marker m is played from is gone
// by then.
func (p *Position) Landing(m referee.Move) string {
	if m == referee.Pass {
		return ""
	}
	sq, op := int(m&moveCell), int(m>>moveOp)
	d := op % directions
	to := int(neighbour[sq][d])
	if op >= jumpOp {
		to = int(neighbour[to][d])
	}
	return placeName(to)
}

// placeName names the hole of cell sq in the drawing: its row and column,
// e.g. "3-4".
func placeName(sq int) string { return fmt.Sprintf("%d-%d", sq/Size+1, sq%Size+1) }

// style is how the page draws the board: the drawing carries it, so that
// no page holds a game's looks. The page's colours (var(--white) and the
// like) apply where it defines them; it marks the places of legal moves
// .playable and the last move's .last (the place its peg landed on).
const style = `<style>svg.solitario circle.hole { fill: #d7ccc8; stroke: #8d6e63; stroke-width: 2; }
svg.solitario circle.peg.white { fill: var(--white, #fff); stroke: var(--black, #222); stroke-width: 3; }
svg.solitario circle.peg.black { fill: var(--black, #222); stroke: var(--black, #222); stroke-width: 3; }
svg.solitario g.last circle.peg, svg.solitario g.last circle.hole { stroke: #f9a825; stroke-width: 5; }
svg.solitario circle.move { fill: none; pointer-events: none; }
svg.solitario circle.move.playable { fill: #43a047; stroke: #1b5e20; stroke-width: 2; pointer-events: auto; cursor: pointer; }
svg.solitario circle.move.playable:hover { fill: var(--accent, #0b57d0); }</style>`
