package cavalo

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/referee/gametest"
)

// TestSVG checks the drawing's places, squares and knights.
func TestSVG(t *testing.T) {
	st := Game{}.New(7)
	moves := st.Moves(nil)
	st.Play(moves[0])
	p := st.(*Position)
	svg := p.SVG()
	targets, err := gametest.Targets(svg)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what string
		got  int
		want int
	}{
		{"data-targets", len(targets), Squares},
		{`class="sq `, strings.Count(svg, `class="sq `), Squares},
		{"white knights", strings.Count(svg, `class="knight white"`), 1},
		{"black knights", strings.Count(svg, `class="knight black"`), 0},
		{"numbers", strings.Count(svg, `class="num`), p.Numbers().Count()},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d, want %d", c.what, c.got, c.want)
		}
	}
	if !targets["A1"] || !targets["J10"] {
		t.Errorf("targets lack A1 or J10: %v", targets)
	}
}
