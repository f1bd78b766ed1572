package dots

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

// TestSVG checks that the drawing has one place per arc and one box per
// box, and colours what is drawn and closed.
func TestSVG(t *testing.T) {
	for _, c := range []struct{ rows, cols int }{{5, 6}, {2, 2}, {3, 7}} {
		p := New(c.rows, c.cols)
		for _, arc := range []string{"A1-B1", "A2-B2", "A1-A2", "B1-B2"} { // closes the top-left box
			m, err := p.ParseMove(arc)
			if err != nil {
				t.Fatal(err)
			}
			p.Play(m)
		}
		svg := p.SVG()
		targets, err := gametest.Targets(svg)
		if err != nil {
			t.Fatal(err)
		}
		arcs := (c.rows+1)*c.cols + (c.cols+1)*c.rows
		for _, n := range []struct {
			what      string
			got, want int
		}{
			{"data-targets", len(targets), arcs},
			{"arcs", strings.Count(svg, `<line class="arc`), arcs},
			{"drawn arcs", strings.Count(svg, `class="arc drawn`), 4},
			{"boxes", strings.Count(svg, `<rect class="box`), c.rows * c.cols},
			{"closed boxes", strings.Count(svg, `class="box black"`) + strings.Count(svg, `class="box white"`), 1},
			{"dots", strings.Count(svg, `class="dot"`), (c.rows + 1) * (c.cols + 1)},
		} {
			if n.got != n.want {
				t.Errorf("%dx%d: %s: %d, want %d", c.rows, c.cols, n.what, n.got, n.want)
			}
		}
		if got := p.Target(referee.Move(0)); !targets[got] || got != "A1-B1" {
			t.Errorf("%dx%d: Target(0) = %q, want A1-B1 among the targets", c.rows, c.cols, got)
		}
	}
}
