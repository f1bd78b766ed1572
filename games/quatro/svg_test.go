package quatro

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

// TestSVG checks that the drawing has one place per cell, named as Target
// names the moves onto it, the pieces on the board and in the reserve
// drawn with their attributes, and the winning line crossed.
func TestSVG(t *testing.T) {
	q := load(t, "win.json")
	svg := q.SVG()
	if !strings.HasPrefix(svg, `<svg xmlns="http://www.w3.org/2000/svg" class="board quatro" `) || !strings.HasSuffix(svg, "</svg>") {
		t.Errorf("not a standalone svg of class \"board quatro\": %.100s", svg)
	}
	targets, err := gametest.Targets(svg)
	if err != nil {
		t.Fatal(err)
	}
	if len(targets) != Cells+10 {
		t.Errorf("%d data-targets, want %d (one per cell, one per piece of the reserve)", len(targets), Cells+10)
	}
	moves := q.Moves(nil)
	for _, m := range moves {
		c, p := split(m)
		if got := q.Target(m); got != CellName(c) || !targets[got] {
			t.Errorf("Target(%s) = %q, want %q among the targets", q.FormatMove(m), got, CellName(c))
		}
		if got := q.Choice(m); got != p.String() || !targets[got] {
			t.Errorf("Choice(%s) = %q, want %q among the targets", q.FormatMove(m), got, p)
		}
	}
	for _, n := range []struct {
		what      string
		got, want int
	}{
		{"cells", strings.Count(svg, `<rect class="cell"`), Cells},
		{"pieces", strings.Count(svg, `<g class="piece `), Pieces},
		{"reserve slots", strings.Count(svg, `class="slot`), Pieces},
		{"played slots", strings.Count(svg, `class="slot played"`), 6},
		{"light pieces", strings.Count(svg, `class="piece light `), 8},
		{"round pieces", strings.Count(svg, ` round `), 8},
		{"short pieces", strings.Count(svg, ` short `), 8},
		{"holes", strings.Count(svg, `class="hole"`), 8},
		{"winning lines", strings.Count(svg, `class="win"`), 0},
	} {
		if n.got != n.want {
			t.Errorf("%s: %d, want %d", n.what, n.got, n.want)
		}
	}
	if !strings.Contains(svg, `<title>A1: BQAC (BRANCA QUADRADA ALTA CHEIA)</title>`) {
		t.Errorf("no title for the piece on A1")
	}

	play(t, &q, "D1:BRAO")
	won := q.SVG()
	if _, err := gametest.Targets(won); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(won, `class="win"`); got != 1 {
		t.Errorf("after a win: %d winning lines drawn, want 1", got)
	}
	if !strings.Contains(won, `aria-label="Jogo do Quatro board: white won"`) {
		t.Errorf("the label does not say who won: %.300s", won)
	}
	if got := q.Target(referee.Pass); got != "" {
		t.Errorf("Target(pass) = %q, want \"\"", got)
	}
}
