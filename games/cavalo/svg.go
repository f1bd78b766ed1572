package cavalo

import (
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
)

// cell is the side of a square in the drawing, in SVG units.
const cell = 40

// SVG draws the board as it is printed by String, row 1 at the top: one
// rect of class "sq" per square, with data-target its name (the place
// clicked to land there), the numbers on the squares (doubles in class
// "double") and the knights as circles of class "knight white" and
// "knight black". Column letters run along the top, row numbers down the
// left.
func (c *Position) SVG() string {
	const margin = 24
	size := margin + 10*cell
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="board cavalo" viewBox="0 0 %d %d" role="img" aria-label="Jogo do Cavalo board: white %d, black %d, %s to move">`,
		size+2, size+2, c.score[0], c.score[1], c.toMove)
	b.WriteString(style)
	for col := range 10 {
		fmt.Fprintf(&b, `<text class="label" x="%d" y="16">%c</text>`, margin+col*cell+cell/2, 'A'+col)
	}
	for r := range 10 {
		fmt.Fprintf(&b, `<text class="label" x="12" y="%d">%d</text>`, margin+r*cell+cell/2+5, r+1)
	}
	for sq := range Squares {
		x, y := margin+sq%10*cell, margin+sq/10*cell
		shade := "light"
		if (sq/10+sq%10)%2 == 1 {
			shade = "dark"
		}
		fmt.Fprintf(&b, `<rect class="sq %s" data-target="%s" x="%d" y="%d" width="%d" height="%d"><title>%s</title></rect>`,
			shade, SquareName(sq), x, y, cell, cell, SquareName(sq))
		switch n := c.cell[sq]; {
		case int8(sq) == c.knight[0], int8(sq) == c.knight[1]:
			side := "white"
			if int8(sq) == c.knight[1] {
				side = "black"
			}
			fmt.Fprintf(&b, `<circle class="knight %s" cx="%d" cy="%d" r="%d"/><text class="knight-label %s" x="%d" y="%d">N</text>`,
				side, x+cell/2, y+cell/2, cell*2/5, side, x+cell/2, y+cell/2+6)
		case n >= 0:
			class := "num"
			if isDouble(n) {
				class = "num double"
			}
			fmt.Fprintf(&b, `<text class="%s" x="%d" y="%d">%02d</text>`, class, x+cell/2, y+cell/2+6, n)
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// Target returns the name of the square m lands on, the place clicked to
// play it: a landing on a double has one move per double removed, all
// played from that square. A pass has no place.
func (c *Position) Target(m referee.Move) string {
	if m == referee.Pass {
		return ""
	}
	return SquareName(int(m & moveTo))
}

// style is how the page draws the board: the drawing carries it, so that
// no page holds a game's looks. The page's colours (var(--light) and the
// like) apply where it defines them; it marks the places of legal moves
// .playable and the last move's .last.
const style = `<style>svg.cavalo rect.light { fill: var(--light); }
svg.cavalo rect.dark { fill: var(--dark); }
svg.cavalo text.double { font-weight: bold; fill: #7a1a00; }
svg.cavalo circle.knight.white { fill: var(--white); stroke: var(--black); stroke-width: 2; }
svg.cavalo circle.knight.black { fill: var(--black); }
svg.cavalo text.knight-label.black { fill: var(--white); font-weight: bold; }
svg.cavalo text.knight-label.white { font-weight: bold; }
svg.cavalo rect.playable { fill: #a5d6a7; stroke: #1b5e20; stroke-width: 2; }
svg.cavalo rect.playable:hover { stroke: var(--accent); }
svg.cavalo rect.last { stroke: #f9a825; stroke-width: 4; }</style>`
