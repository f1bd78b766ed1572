package solitario

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

// TestSVG checks that the drawing has a hole per hole, a peg per peg and
// one target per legal move, named as the move, including two moves that
// land in one hole.
func TestSVG(t *testing.T) {
	// Row 4: white pegs in cols 3 and 5 can both step into col 4, and a
	// white peg in row 2 col 4 can jump over the black peg in row 3.
	p := build(t, [7]string{"  ...  ", "  .1.  ", "...2...", "..1.1..", ".......", "  ...  ", "  .2.  "}, 1, started, "")
	svg := p.SVG()
	if !strings.HasPrefix(svg, `<svg xmlns="http://www.w3.org/2000/svg" class="board solitario"`) || !strings.HasSuffix(svg, "</svg>") {
		t.Errorf("SVG() is not one standalone svg element of class \"board solitario\": %.120s...", svg)
	}
	targets, err := gametest.Targets(svg)
	if err != nil {
		t.Fatal(err)
	}
	moves := moveTexts(&p)
	want := slices.Clone(moves)
	for sq := range cells {
		if OnBoard(sq/Size+1, sq%Size+1) {
			want = append(want, placeName(sq))
		}
	}
	if got := slices.Sorted(maps.Keys(targets)); !slices.Equal(got, slices.Sorted(slices.Values(want))) {
		t.Errorf("targets %q, want the holes and the moves %q", got, want)
	}
	for _, n := range []struct {
		what      string
		got, want int
	}{
		{"holes", strings.Count(svg, `class="hole"`), Holes},
		{"white pegs", strings.Count(svg, `class="peg white"`), 3},
		{"black pegs", strings.Count(svg, `class="peg black"`), 2},
		{"move markers", strings.Count(svg, `class="move"`), len(moves)},
	} {
		if n.got != n.want {
			t.Errorf("%s: %d, want %d", n.what, n.got, n.want)
		}
	}
	for _, c := range []struct{ move, landing string }{{"d4-3", "4-4"}, {"e4-5", "4-4"}, {"cb2-4", "4-4"}, {"b4-3", "5-3"}} {
		m, _ := ParseMove(c.move)
		if !referee.Legal(&p, m) {
			t.Fatalf("%s is not legal: %q", c.move, moves)
		}
		if got := p.Target(m); got != c.move || !targets[got] {
			t.Errorf("Target(%s) = %q, want %q among the targets", c.move, got, c.move)
		}
		if got := p.Landing(m); got != c.landing {
			t.Errorf("Landing(%s) = %q, want %q", c.move, got, c.landing)
		}
	}
	if got := p.Target(referee.Pass); got != "" {
		t.Errorf("Target(pass) = %q, want none", got)
	}
}

// TestSVGMarkersApart checks that the markers of moves landing in one
// hole are drawn in different places, over random games.
func TestSVGMarkersApart(t *testing.T) {
	var buf [referee.MaxMoves]referee.Move
	for seed := range uint64(50) {
		p := New(DefaultMaxPlies)
		r := referee.SplitMix64{State: seed}
		for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
			at := map[[2]int]string{}
			for _, m := range moves {
				if m == referee.Pass {
					continue
				}
				x, y := marker(m)
				if other, ok := at[[2]int{x, y}]; ok {
					t.Fatalf("seed %d: %s and %s share a marker\n%s", seed, other, FormatMove(m), &p)
				}
				at[[2]int{x, y}] = FormatMove(m)
			}
			p.Play(moves[r.Below(uint64(len(moves)))])
		}
	}
}
