package quatro

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/arenabots/arena/referee"
)

// Sizes of the drawing, in SVG units: a board cell, the margin of the
// labels, a slot of the reserve (its piece above its letters) and where the
// reserve starts.
const (
	cellSize = 70
	margin   = 30
	slotW    = 50
	slotH    = 64
	reserveX = margin + 4*cellSize + 30
	reserveY = margin
)

// Colours, given as presentation attributes so that the drawing reads well
// without a style sheet (a page's CSS overrides them).
const (
	boardFill = "#efe4cf"
	gridLine  = "#8d6e63"
	lightFill = "#fbf6ea"
	darkFill  = "#4e342e"
	edge      = "#2b1a12"
)

// SVG draws the board as String prints it, with the reserve beside it: one
// rect of class "cell" per cell, with data-target its name (e.g. "B3"), the
// place clicked to play there: a move is a cell and a piece, so a cell is
// the place of every move onto it, one per piece of the reserve, and the
// page offers them as a choice, picked by clicking the piece's slot of
// the reserve (a rect of class "slot", data-target the piece, e.g.
// "BQAO"; see Choice). A piece is drawn light or dark (colour),
// as a square or a circle (shape), large or small (height), plain or with a
// hole (fill), and carries classes naming those (e.g. "piece light square
// tall hollow"). The reserve shows each piece not played in a slot of its
// own, with its letters, under a label the page may translate (data-i18n).
// A complete line is crossed by a line of class "win". Column letters run along the top, row numbers down the left.
func (q *Position) SVG() string {
	w := reserveX + 4*slotW + 10
	h := max(margin+4*cellSize+10, reserveY+4*slotH+10)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="board quatro" viewBox="0 0 %d %d" role="img" aria-label="Jogo do Quatro board: %s">`,
		w, h, q.status())
	b.WriteString(style)
	for i := range 4 {
		fmt.Fprintf(&b, `<text class="label" x="%d" y="20" text-anchor="middle">%c</text>`, margin+i*cellSize+cellSize/2, 'A'+i)
		fmt.Fprintf(&b, `<text class="label" x="14" y="%d" text-anchor="middle">%d</text>`, margin+i*cellSize+cellSize/2+5, i+1)
	}
	for c := range Cells {
		x, y := margin+c%4*cellSize, margin+c/4*cellSize
		name := CellName(c)
		fmt.Fprintf(&b, `<rect class="cell" data-target="%s" x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="%s" stroke-width="2"><title>%s</title></rect>`,
			name, x, y, cellSize, cellSize, boardFill, gridLine, name)
		if p, ok := q.At(c); ok {
			drawPiece(&b, p, x+cellSize/2, y+cellSize/2, cellSize, boardFill, name+": ")
		}
	}
	for rest := q.winningLines(); rest != 0; rest &= rest - 1 {
		l := lines[bits.TrailingZeros16(rest)]
		first, last := bits.TrailingZeros16(l), 15-bits.LeadingZeros16(l)
		fmt.Fprintf(&b, `<line class="win" x1="%d" y1="%d" x2="%d" y2="%d" stroke="#c62828" stroke-width="8" stroke-linecap="round" opacity="0.6" pointer-events="none"/>`,
			margin+first%4*cellSize+cellSize/2, margin+first/4*cellSize+cellSize/2,
			margin+last%4*cellSize+cellSize/2, margin+last/4*cellSize+cellSize/2)
	}
	fmt.Fprintf(&b, `<text class="label" data-i18n="reserve" x="%d" y="20">reserve</text>`, reserveX)
	for p := range Piece(Pieces) {
		x, y := reserveX+int(p)%4*slotW, reserveY+int(p)/4*slotH
		if !q.InReserve(p) {
			fmt.Fprintf(&b, `<rect class="slot played" x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="1"/>`,
				x, y, slotW, slotH, gridLine)
			continue
		}
		fmt.Fprintf(&b, `<rect class="slot" data-target="%s" x="%d" y="%d" width="%d" height="%d" fill="#ffffff" stroke="%s" stroke-width="1"/>`,
			p, x, y, slotW, slotH, gridLine)
		drawPiece(&b, p, x+slotW/2, y+slotW/2, slotW, "#ffffff", "")
		fmt.Fprintf(&b, `<text class="code" x="%d" y="%d" text-anchor="middle" font-size="11">%s</text>`, x+slotW/2, y+slotH-4, p)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// drawPiece draws p centred on (cx, cy) in a square of side size whose
// background, showing through a hollow piece's hole, is bg. title starts
// the piece's tooltip.
func drawPiece(b *strings.Builder, p Piece, cx, cy, size int, bg, title string) {
	colour, shape, height, fill := p.value(0), p.value(1), p.value(2), p.value(3)
	r := size * 36 / 100 // tall
	if height == 1 {
		r = size * 24 / 100
	}
	body, stroke := lightFill, edge
	if colour == 1 {
		body = darkFill
	}
	class := "piece " + [2]string{"light", "dark"}[colour] + " " + [2]string{"square", "round"}[shape] + " " +
		[2]string{"tall", "short"}[height] + " " + [2]string{"solid", "hollow"}[fill]
	w := p.Words()
	fmt.Fprintf(b, `<g class="%s" pointer-events="none"><title>%s%s (%s)</title>`, class, title, p, strings.Join(w[:], " "))
	if shape == 0 {
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="%s" stroke-width="2"/>`, cx-r, cy-r, 2*r, 2*r, body, stroke)
	} else {
		fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="%s" stroke-width="2"/>`, cx, cy, r, body, stroke)
	}
	if fill == 1 {
		fmt.Fprintf(b, `<circle class="hole" cx="%d" cy="%d" r="%d" fill="%s" stroke="%s" stroke-width="1.5"/>`, cx, cy, r*45/100, bg, stroke)
	}
	b.WriteString(`</g>`)
}

// status says who is to move, or how the game ended, for the drawing's
// label.
func (q *Position) status() string {
	switch {
	case q.winner != 0:
		return q.winner.String() + " won"
	case q.filled == fullBoard:
		return "draw, the board is full"
	}
	return q.toMove.String() + " to move"
}

// Target returns the name of the cell of m, the place clicked to play it
// (the page then offers the pieces of the reserve as a choice).
func (q *Position) Target(m referee.Move) string {
	if m >= Cells*Pieces {
		return ""
	}
	c, _ := split(m)
	return CellName(c)
}

// Choice returns the piece of m, the data-target of its slot in the
// reserve: clicked after m's cell, it picks m among the moves onto it.
func (q *Position) Choice(m referee.Move) string {
	if m >= Cells*Pieces {
		return ""
	}
	_, p := split(m)
	return p.String()
}

// style is how the page marks the board: the drawing carries it, so that
// no page holds a game's looks (the colours above are the drawing's own).
// The page marks the places of legal moves .playable, the piece slots of
// a cell's moves .playable once the cell is clicked (the cell .chosen),
// and the last move's cell .last.
const style = `<style>svg.quatro rect.cell.playable { fill: #c8e6c9; stroke: #1b5e20; cursor: pointer; }
svg.quatro rect.cell.playable:hover, svg.quatro rect.slot.playable:hover { stroke: var(--accent, #0b57d0); stroke-width: 4; }
svg.quatro rect.cell.chosen { fill: #81c784; stroke: var(--accent, #0b57d0); stroke-width: 4; }
svg.quatro rect.slot.playable { fill: #c8e6c9; stroke: #1b5e20; stroke-width: 2; cursor: pointer; }
svg.quatro rect.cell.last { stroke: #f9a825; stroke-width: 6; }</style>`
