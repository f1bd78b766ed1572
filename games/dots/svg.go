package dots

import (
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
)

// gap is the distance between two dots in the drawing, in SVG units.
const gap = 60

// SVG draws the board as it is printed by String: one rect of class "box"
// per box (with class "white" or "black" once its owner is known, "closed"
// when not), one line of class "arc" per arc, with data-target its name
// (e.g. "A1-B1", the place clicked to draw it) and class "white" or
// "black" once drawn, and the dots on top. Column letters run along the
// top, row numbers down the left.
func (p *Position) SVG() string {
	const margin = 30
	rows, cols := int(p.rows), int(p.cols)
	w, h := margin+cols*gap+12, margin+rows*gap+12
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="board dots" data-legend="sides" viewBox="0 0 %d %d" role="img" aria-label="Dots and Boxes board: white %d, black %d, %s to move">`,
		w, h, p.score[0], p.score[1], p.toMove)
	b.WriteString(style)
	for c := range cols + 1 {
		fmt.Fprintf(&b, `<text class="label" x="%d" y="14">%c</text>`, margin+c*gap, 'A'+c)
	}
	for r := range rows + 1 {
		fmt.Fprintf(&b, `<text class="label" x="10" y="%d">%d</text>`, margin+r*gap+5, r+1)
	}
	for box := range rows * cols {
		r, c := box/cols, box%cols
		class := "box"
		switch p.boxMark(box) {
		case '1':
			class += " white"
		case '2':
			class += " black"
		case '?':
			class += " closed"
		}
		fmt.Fprintf(&b, `<rect class="%s" x="%d" y="%d" width="%d" height="%d"/>`, class, margin+c*gap, margin+r*gap, gap, gap)
	}
	for a := range p.Arcs() {
		x1, y1, x2, y2 := p.arcEnds(a)
		class := "arc"
		if s := p.Drawn(a); s != 0 {
			class += " drawn " + s.String()
		}
		name := p.FormatMove(referee.Move(a))
		fmt.Fprintf(&b, `<line class="%s" data-target="%s" x1="%d" y1="%d" x2="%d" y2="%d"><title>%s</title></line>`,
			class, name, margin+x1, margin+y1, margin+x2, margin+y2, name)
	}
	for r := range rows + 1 {
		for c := range cols + 1 {
			fmt.Fprintf(&b, `<circle class="dot" cx="%d" cy="%d" r="4"/>`, margin+c*gap, margin+r*gap)
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// arcEnds returns the ends of arc a, relative to the top-left dot.
func (p *Position) arcEnds(a int) (x1, y1, x2, y2 int) {
	if h := p.horizontals(); a >= h {
		j, i := (a-h)/int(p.rows), (a-h)%int(p.rows)
		return j * gap, i * gap, j * gap, (i + 1) * gap
	}
	i, j := a/int(p.cols), a%int(p.cols)
	return j * gap, i * gap, (j + 1) * gap, i * gap
}

// Target returns the name of arc m, the place clicked to draw it.
func (p *Position) Target(m referee.Move) string { return p.FormatMove(m) }

// style is how the page draws the board: the drawing carries it, so that
// no page holds a game's looks. The page's colours (var(--light) and the
// like) apply where it defines them; it marks the places of legal moves
// .playable and the last move's .last.
const style = `<style>svg.dots line.arc { stroke: #e4e4e4; stroke-width: 8; stroke-linecap: round; }
svg.dots line.arc.drawn.white { stroke: #1565c0; }
svg.dots line.arc.drawn.black { stroke: #c62828; }
svg.dots rect.box { fill: none; }
svg.dots rect.box.white { fill: #bbdefb; }
svg.dots rect.box.black { fill: #ffcdd2; }
svg.dots rect.box.closed { fill: #ddd; }
svg.dots circle.dot { fill: var(--fg); }
svg.dots line.arc.playable { stroke: #a5d6a7; }
svg.dots line.arc.playable:hover { stroke: var(--accent); }
svg.dots line.arc.drawn.last { stroke-dasharray: 6 4; stroke-width: 10; }
svg.dots line.arc.last { filter: drop-shadow(0 0 3px #f9a825); }</style>`
