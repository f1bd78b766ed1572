package dots

import "sync"

// geometry is what a board's size fixes: the boxes beside each arc and the
// arcs of each box. Play, the opening and the evaluator look them up rather
// than divide arc indices by the board's width at every move.
type geometry struct {
	rows, cols, arcs, boxes int
	words                   int                // the words of an arcSet that hold the board's arcs
	arcBox                  [maxArcs][2]int16  // the boxes beside each arc, -1 at the edge
	boxArc                  [maxBoxes][4]int16 // the arcs of each box: top, bottom, left, right
	// boxMask is the same arcs as a set, and at edge every arc up to 256
	// (past maxArcs): the box beyond the edge is never closed.
	boxMask [maxBoxes + 1]arcSet
	// arcSlot is arcBox with edge as the box beyond the edge: counters
	// indexed by it need no test for the edge.
	arcSlot [maxArcs][2]uint8
	// arcSide is, for each arc, which side it is of its two boxes (of
	// arcSlot) as a bit of a box's sides: 1 top, 2 bottom, 4 left, 8 right.
	arcSide [maxArcs][2]uint8
	// boxNext is the box across each side of a box (boxArc's order), edge
	// beyond the board.
	boxNext [maxBoxes][4]uint8
	pack    packing // a packed board's (packed.go), boxes 0 for others
}

// edge is arcSlot's box beyond the edge.
const edge = maxBoxes

// closed reports whether every arc of box b (or edge) is in drawn. Boards
// of under 128 arcs (the default's 71 among them) need only two words: the
// edge's second word then holds arcs no board of theirs has.
func (g *geometry) closed(drawn *arcSet, b int) bool {
	m := &g.boxMask[b]
	if drawn[0]&m[0] != m[0] || drawn[1]&m[1] != m[1] {
		return false
	}
	return g.arcs < 128 || drawn[2]&m[2] == m[2] && drawn[3]&m[3] == m[3]
}

// maxBoxes is the number of boxes of the largest board.
const maxBoxes = MaxSize * MaxSize

// geometries holds the geometry of each size, built the first time a
// position of that size is made and never changed after: positions of one
// size share it.
var geometries [MaxSize + 1][MaxSize + 1]struct {
	once sync.Once
	g    geometry
}

// geometryOf returns the geometry of the board of rows×cols boxes, a size
// within MinSize..MaxSize.
func geometryOf(rows, cols int) *geometry {
	e := &geometries[rows][cols]
	e.once.Do(func() { e.g.build(rows, cols) })
	return &e.g
}

// build fills g for a board of rows×cols boxes (the arc indices of
// Position).
func (g *geometry) build(rows, cols int) {
	h := (rows + 1) * cols
	g.rows, g.cols, g.arcs, g.boxes = rows, cols, arcs(rows, cols), rows*cols
	g.words = (g.arcs + 63) / 64
	for a := range g.arcs {
		g.arcBox[a] = [2]int16{-1, -1}
		if a < h {
			i, j := a/cols, a%cols
			if i > 0 {
				g.arcBox[a][0] = int16((i-1)*cols + j)
			}
			if i < rows {
				g.arcBox[a][1] = int16(i*cols + j)
			}
			continue
		}
		j, i := (a-h)/rows, (a-h)%rows
		if j > 0 {
			g.arcBox[a][0] = int16(i*cols + j - 1)
		}
		if j < cols {
			g.arcBox[a][1] = int16(i*cols + j)
		}
	}
	for a := range g.arcs {
		for i, b := range g.arcBox[a] {
			g.arcSlot[a][i] = edge
			if b >= 0 {
				g.arcSlot[a][i] = uint8(b)
			}
		}
		// The box before the arc (above, left) has it as its bottom or
		// right side, the box after it as its top or left.
		g.arcSide[a] = [2]uint8{2, 1}
		if a >= h {
			g.arcSide[a] = [2]uint8{8, 4}
		}
	}
	g.buildPacking()
	g.boxMask[edge] = arcSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	for b := range g.boxes {
		r, c := b/cols, b%cols
		g.boxArc[b] = [4]int16{int16(r*cols + c), int16((r+1)*cols + c), int16(h + c*rows + r), int16(h + (c+1)*rows + r)}
		for k, a := range g.boxArc[b] {
			g.boxMask[b].add(int(a))
			g.boxNext[b][k] = g.arcSlot[a][0]
			if g.arcSlot[a][0] == uint8(b) {
				g.boxNext[b][k] = g.arcSlot[a][1]
			}
		}
	}
}
