package adji

import (
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
)

// pitch is the distance between two holes in the drawing, in SVG units.
const pitch = 60

// SVG draws the board as it is printed by String, row 0 on top: one circle
// of class "hole" per hole, with class "white" or "black" for the side that
// owns its row, data-target its name (e.g. "r0c3", the place clicked to sow
// it) and its count as a number; column names along the top, each row's
// name and owner on the left, and the scores below; the words a page may
// translate are marked data-i18n (white, black).
func (p *Position) SVG() string {
	const left, top = 90, 30
	w, h := left+Cols*pitch+10, top+2*pitch+30
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="board adji" viewBox="0 0 %d %d" role="img" aria-label="Adji-boto board: white %d, black %d, %s to move">`,
		w, h, p.score[0], p.score[1], p.toMove)
	b.WriteString(style)
	for c := range Cols {
		fmt.Fprintf(&b, `<text class="label" x="%d" y="16">c%d</text>`, left+c*pitch+pitch/2, c)
	}
	for r := range 2 {
		owner := referee.White
		if r != int(p.first) {
			owner = referee.Black
		}
		y := top + r*pitch
		fmt.Fprintf(&b, `<rect class="row %s" x="%d" y="%d" width="%d" height="%d"/>`, owner, left, y, Cols*pitch, pitch)
		fmt.Fprintf(&b, `<text class="label row-label %s" x="%d" y="%d">r%d <tspan data-i18n="%s">%[1]s</tspan></text>`, owner, left/2, y+pitch/2+5, r, owner)
		for c := range Cols {
			hole := r*Cols + c
			name := HoleName(r, c)
			cx, cy := left+c*pitch+pitch/2, y+pitch/2
			fmt.Fprintf(&b, `<circle class="hole %s" data-target="%s" cx="%d" cy="%d" r="%d"><title>%s %s: %d seeds</title></circle>`,
				owner, name, cx, cy, pitch*2/5, name, lispName(hole), p.holes[hole])
			fmt.Fprintf(&b, `<text class="count" x="%d" y="%d">%d</text>`, cx, cy+6, p.holes[hole])
		}
	}
	fmt.Fprintf(&b, `<text class="score" x="%d" y="%d"><tspan data-i18n="white">white</tspan> %d, <tspan data-i18n="black">black</tspan> %d</text>`, left, top+2*pitch+20, p.score[0], p.score[1])
	b.WriteString(`</svg>`)
	return b.String()
}

// Target returns the name of the hole m sows, the place clicked to play
// it; "" for a pass.
func (p *Position) Target(m referee.Move) string {
	if m == referee.Pass {
		return ""
	}
	return FormatMove(m)
}

// style is how the page draws the board: the drawing carries it, so that
// no page holds a game's looks. The page's colours (var(--light) and the
// like) apply where it defines them; it marks the places of legal moves
// .playable and the last move's .last.
const style = `<style>svg.adji rect.row { fill: var(--light); stroke: var(--dark); stroke-width: 2; }
svg.adji rect.row.black { fill: var(--dark); }
svg.adji circle.hole { fill: #fffaf0; stroke: #8d6e63; stroke-width: 2; }
svg.adji circle.hole.black { fill: #eadbc0; stroke: #5d4037; }
svg.adji text.count { font-weight: bold; }
svg.adji circle.hole.playable { fill: #a5d6a7; stroke: #1b5e20; cursor: pointer; }
svg.adji circle.hole.playable:hover { stroke: var(--accent); }
svg.adji circle.hole.last { stroke: #f9a825; stroke-width: 4; }</style>`
