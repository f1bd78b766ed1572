package dots

import (
	"math/bits"
	"testing"
)

// floorBoard is the floor that Position's speed is measured against: the
// tightest plain Dots and Boxes board, two words of arcs (boards of up to
// 128 arcs), a table of the boxes beside each arc and a mask of each box's
// arcs. It plays the same rules (a closed box scores and the mover moves
// again) and counts move sequences as Perft does, the last ply counted
// without playing it.
type floorBoard struct {
	arcs   int
	arcBox [128][2]int8
	boxArc [maxBoxes][2]uint64
}

// floorPos is a position of floorBoard.
type floorPos struct {
	drawn  [2]uint64
	score  [2]int8
	toMove uint8
}

// newFloorBoard returns the floor board of rows×cols boxes, with Position's
// arc indices.
func newFloorBoard(rows, cols int) *floorBoard {
	g := geometryOf(rows, cols)
	f := &floorBoard{arcs: g.arcs}
	for a := range g.arcs {
		f.arcBox[a] = [2]int8{int8(g.arcBox[a][0]), int8(g.arcBox[a][1])}
	}
	for b := range g.boxes {
		for _, a := range g.boxArc[b] {
			f.boxArc[b][a>>6] |= 1 << (a & 63)
		}
	}
	return f
}

// play draws arc a in p.
func (f *floorBoard) play(p *floorPos, a int) {
	p.drawn[a>>6] |= 1 << (a & 63)
	closed := int8(0)
	for _, b := range f.arcBox[a] {
		if b >= 0 {
			m := &f.boxArc[b]
			if p.drawn[0]&m[0] == m[0] && p.drawn[1]&m[1] == m[1] {
				closed++
			}
		}
	}
	if closed == 0 {
		p.toMove ^= 1
		return
	}
	p.score[p.toMove] += closed
}

// perft counts the sequences of exactly depth (1 or more) arcs from p,
// playing the arcs of each ply in child[ply].
func (f *floorBoard) perft(p *floorPos, depth int, child []floorPos) uint64 {
	left := f.arcs - bits.OnesCount64(p.drawn[0]) - bits.OnesCount64(p.drawn[1])
	if depth == 1 {
		return uint64(left)
	}
	c := &child[depth-1]
	var n uint64
	for w := range 2 {
		free := ^p.drawn[w]
		if rest := f.arcs - 64*w; rest < 64 {
			free &= 1<<max(rest, 0) - 1
		}
		for ; free != 0; free &= free - 1 {
			*c = *p
			f.play(c, 64*w+bits.TrailingZeros64(free))
			n += f.perft(c, depth-1, child)
		}
	}
	return n
}

// TestFloorPerft checks that the floor counts what Position counts.
func TestFloorPerft(t *testing.T) {
	f := newFloorBoard(DefaultRows, DefaultCols)
	p := New(DefaultRows, DefaultCols)
	for depth := 1; depth <= 3; depth++ {
		if got, want := f.perft(&floorPos{}, depth, make([]floorPos, depth)), p.Perft(depth); got != want {
			t.Errorf("depth %d: the floor counts %d, Position %d", depth, got, want)
		}
	}
}
