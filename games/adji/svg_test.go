package adji

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

// TestSVG checks that the drawing has one place per hole, named as the
// notation names it, with each hole's count and its row's owner.
func TestSVG(t *testing.T) {
	for _, first := range []int{0, 1} {
		p := Game{FirstRow: first}.start()
		m, _ := ParseMove("(0 0)")
		if first == 1 {
			m, _ = ParseMove("(1 5)")
		}
		p.Play(m) // 8 seeds sown: one empty hole, eight 9s
		svg := p.SVG()
		if !strings.HasPrefix(svg, `<svg xmlns="http://www.w3.org/2000/svg" class="board adji" `) || !strings.HasSuffix(svg, `</svg>`) {
			t.Errorf("first_row %d: not a standalone svg of class \"board adji\": %.80s", first, svg)
		}
		targets, err := gametest.Targets(svg)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []struct {
			what      string
			got, want int
		}{
			{"data-targets", len(targets), Holes},
			{"holes", strings.Count(svg, `<circle class="hole `), Holes},
			{"white holes", strings.Count(svg, `<circle class="hole white"`), Cols},
			{"black holes", strings.Count(svg, `<circle class="hole black"`), Cols},
			{"counts of 9", strings.Count(svg, `>9</text>`), 8},
			{"counts of 0", strings.Count(svg, `>0</text>`), 1},
		} {
			if n.got != n.want {
				t.Errorf("first_row %d: %s: %d, want %d", first, n.what, n.got, n.want)
			}
		}
		owner := `<circle class="hole white" data-target="r0c0"`
		if first == 1 {
			owner = `<circle class="hole black" data-target="r0c0"`
		}
		if !strings.Contains(svg, owner) {
			t.Errorf("first_row %d: want %s", first, owner)
		}
		var buf [referee.MaxMoves]referee.Move
		for _, m := range p.Moves(buf[:0]) {
			if got := p.Target(m); !targets[got] || got != FormatMove(m) {
				t.Errorf("first_row %d: Target(%s) = %q, want it among the targets", first, FormatMove(m), got)
			}
		}
	}
	p := Start()
	if got := p.Target(referee.Pass); got != "" {
		t.Errorf("Target(pass) = %q, want \"\"", got)
	}
}
