package dots

import "math/bits"

// A packed board is one whose dots fit in a word: (rows+1)×(cols+1) of
// them, 64 at most (the default 5×6 board and every board up to 7×7).
// Evaluator reads such a board with a bit a box, all boxes at once: box
// (r, c) is bit r*(cols+1)+c, which leaves a bit of padding after each row
// so that shifting by one never joins two rows. The horizontal arc above a
// box is the box's bit in one word of arcs (h), the vertical arc on its
// left its bit in another (v): the arcs below the last row take the bits
// of the row after it, those right of the last column the padding.

// packing is what a packed board's size fixes.
type packing struct {
	stride uint   // cols+1: from a box to the one below
	boxes  uint64 // the bits of the boxes
	row    uint64 // the bits of the first row of horizontal arcs
	column uint64 // the bits of the first column of vertical arcs
	// lastRow and lastColumn are the bits of the last row of horizontal
	// arcs (below the last row of boxes) and column of vertical ones.
	lastRow, lastColumn uint64
	spread              []uint64 // the bits in column of each set of a column's arcs
	// arcBits is each arc's bit in the packed arcs, horizontal and
	// vertical (one of them 0).
	arcBits [][2]uint64
}

// packDiffMax is the most arcs by which a board may differ from the last
// one the evaluator read for it to update that one's packed arcs rather
// than pack the board's anew.
const packDiffMax = 12

// buildPacking fills g.pack when the board is packed; g.pack.boxes stays 0
// when it is not.
func (g *geometry) buildPacking() {
	if (g.rows+1)*(g.cols+1) > 64 {
		return
	}
	k := &g.pack
	k.stride = uint(g.cols + 1)
	k.row = 1<<g.cols - 1
	for r := range g.rows {
		k.boxes |= k.row << (uint(r) * k.stride)
	}
	k.spread = make([]uint64, 1<<g.rows)
	for set := range k.spread {
		for r := range g.rows {
			if set&(1<<r) != 0 {
				k.spread[set] |= 1 << (uint(r) * k.stride)
			}
		}
	}
	k.column = k.spread[len(k.spread)-1]
	k.lastRow, k.lastColumn = k.row<<(uint(g.rows)*k.stride), k.column<<uint(g.cols)
	k.arcBits = make([][2]uint64, g.arcs)
	for a := range k.arcBits {
		var one arcSet
		one.add(a)
		h, v := g.packedArcs(&one)
		k.arcBits[a] = [2]uint64{h, v}
	}
}

// packedArcs returns the arcs drawn of a packed board, horizontal and
// vertical (see packing).
func (g *geometry) packedArcs(drawn *arcSet) (h, v uint64) {
	k := &g.pack
	for i := range g.rows + 1 {
		h |= bitsAt(drawn, i*g.cols, g.cols) << (uint(i) * k.stride)
	}
	first := (g.rows + 1) * g.cols
	for c := range g.cols + 1 {
		v |= k.spread[bitsAt(drawn, first+c*g.rows, g.rows)] << uint(c)
	}
	return h, v
}

// bitsAt returns the n bits of s from bit lo on, n < 64 and lo < 128: a
// packed board's arcs fit in two words (fewer than 2×64 dots' worth).
func bitsAt(s *arcSet, lo, n int) uint64 {
	x := s[1] >> uint(lo-64)
	if lo < 64 {
		x = s[0]>>uint(lo) | s[1]<<uint(64-lo)
	}
	return x & (1<<n - 1)
}

// packedArcsOf returns g.packedArcs of the arcs drawn of a packed board,
// by updating those of the last board it read when the two differ by few arcs, as a node and
// the next the search evaluates mostly do. A packed board's arcs fit in two
// words.
func (e *Evaluator) packedArcsOf(drawn *arcSet) (h, v uint64) {
	g := e.geo
	d0, d1 := drawn[0]^e.packDrawn[0], drawn[1]^e.packDrawn[1]
	if d0|d1 == 0 {
		return e.packH, e.packV // the same board: the leaves of a node
	}
	if bits.OnesCount64(d0)+bits.OnesCount64(d1) > packDiffMax {
		h, v = g.packedArcs(drawn)
	} else {
		h, v = e.packH, e.packV
		ab := g.pack.arcBits
		for ; d0 != 0; d0 &= d0 - 1 {
			b := &ab[bits.TrailingZeros64(d0)]
			h ^= b[0]
			v ^= b[1]
		}
		for ; d1 != 0; d1 &= d1 - 1 {
			b := &ab[64+bits.TrailingZeros64(d1)]
			h ^= b[0]
			v ^= b[1]
		}
	}
	e.packDrawn, e.packH, e.packV = [2]uint64{drawn[0], drawn[1]}, h, v
	return h, v
}

// planes are the boxes of a packed board by their drawn sides: at least
// one, at least two, exactly three, and four.
type planes struct {
	one, two, three, four uint64
}

// planesOf counts the sides of every box of a packed board with arcs h and
// v.
func (k *packing) planesOf(h, v uint64) planes {
	t, b := h&k.boxes, h>>(k.stride&63)&k.boxes
	l, r := v&k.boxes, v>>1&k.boxes
	tb, lr := t&b, l&r
	either := (t | b) & (l | r)
	p := planes{
		one:  t | b | l | r,
		two:  tb | lr | either,
		four: tb & lr,
	}
	p.three = (tb&(l|r) | lr&(t|b)) &^ p.four
	return p
}

// readPacked is Evaluator.reading of a packed board of arcs h and v.
func (e *Evaluator) readPacked(h, v uint64) reading {
	g := e.geo
	k := &g.pack
	pl := k.planesOf(h, v)
	if pl.four == k.boxes {
		return reading{exact: true} // every arc is a box's side: all are drawn
	}
	var r reading

	// The strings the side to move can take now: those holding a box of
	// three sides; taking them draws every side of their boxes.
	take, hot := 0, 0
	var offer piece
	if pl.three != 0 {
		n := e.packedHot(h, v, pl)
		hot = n
		if n == 1 {
			offer = e.pieces[0]
		}
		for i := range n {
			take += int(e.pieces[i].size)
		}
		taken := e.taken
		h |= taken | taken<<k.stride
		v |= taken | taken<<1
		pl = k.planesOf(h, v)
	}

	// Safe moves left, by a greedy run (safeRun).
	h0, v0 := h, v
	h, v, two := k.safeRun(h, v, pl)
	safe := bits.OnesCount64(h^h0) + bits.OnesCount64(v^v0)
	pure := k.boxes&^two == 0
	loony, exactLoony := e.loonyAfter(h, v)
	return r.settle(take, hot, offer, safe, pure, loony, exactLoony)
}

// safeRun draws the safe moves of a packed board with arcs h and v and
// planes pl by a greedy run in the arcs' order, and returns its arcs then
// and the boxes of two sides or more (and some bits past the boxes): a row
// of horizontal arcs, or a column of vertical ones, shares no box, so each
// is drawn at once. (A function of its own, whose few words stay in
// registers.) The rows leave the bits past the last row of boxes set in one
// and two, which no column reads: they need no mask.
func (k *packing) safeRun(h, v uint64, pl planes) (uint64, uint64, uint64) {
	one, two := pl.one, pl.two
	stride, row := k.stride&63, k.row
	for {
		s := row &^ (h | two | two<<stride)
		h |= s
		b := s | s>>stride
		two |= one & b
		one |= b
		if row == k.lastRow {
			break
		}
		row <<= stride
	}
	boxes, column := k.boxes, k.column
	for {
		s := column &^ (v | two | two<<1)
		v |= s
		b := (s | s>>1) & boxes
		two |= one & b
		one |= b
		if column == k.lastColumn {
			break
		}
		column <<= 1
	}
	return h, v, two
}

// loonyAfter returns the loony value of the strings of a packed board with
// arcs h and v left by the greedy run of safe moves, which it keeps by
// those arcs: positions that differ by a safe move or two mostly leave the
// same board after the run.
func (e *Evaluator) loonyAfter(h, v uint64) (int, bool) {
	slot := &e.afters[((h^v*0x9E3779B97F4A7C15)*0xBF58476D1CE4E5B9)>>(64-aftersBits)]
	if slot.full && slot.h == h && slot.v == v {
		return int(slot.loony), slot.exact
	}
	n := e.packedCodes(h, v, e.geo.pack.planesOf(h, v))
	loony, exact := e.loonyOfCodes(e.codes[:n])
	*slot = afterEntry{h: h, v: v, full: true, exact: exact, loony: int32(loony)}
	return loony, exact
}

// links returns, of a packed board with arcs h and v and planes pl, the
// boxes of its strings (of two and three sides), those joined to the box on
// their right (both in, the arc between them empty) and those joined to the
// box below, and the boxes joined to none, each a string of its own.
func (k *packing) links(h, v uint64, pl planes) (in, right, down, alone uint64) {
	stride := k.stride & 63 // under 64, which spares each shift a test
	in = pl.two &^ pl.four
	right = in & (in >> 1) &^ (v >> 1)
	down = in & (in >> stride) &^ (h >> stride)
	alone = in &^ (right | right<<1 | down | down<<stride)
	return in, right, down, alone
}

// fill finds the strings of the boxes from (whole strings of links right
// and down) into e.found, and returns how many there are: their boxes
// first, their counts after, so that the loop, without the call a popcount
// may make, keeps its words in registers.
func (e *Evaluator) fill(from, right, down uint64) int {
	stride := e.geo.pack.stride & 63
	n := 0
	for ; from != 0; n++ {
		s := from & -from
		for {
			next := s | (s&right)<<1 | s>>1&right | (s&down)<<stride | s>>stride&down
			if next == s {
				break
			}
			s = next
		}
		from &^= s
		e.found[n] = s
	}
	return n
}

// packedHot finds the strings of a packed board with arcs h and v that
// hold a box of three sides, which the side to move can take now, into
// e.pieces, and returns how many there are, their boxes in e.taken.
func (e *Evaluator) packedHot(h, v uint64, pl planes) int {
	in, right, down, alone := e.geo.pack.links(h, v, pl)
	alone &= pl.three
	n := 0
	for a := alone; a != 0; a &= a - 1 {
		e.pieces[n] = piece{size: 1, ends: 1, hot: true}
		n++
	}
	taken := alone
	for _, s := range e.found[:e.fill(in&^alone&pl.three, right, down)] {
		taken |= s
		e.pieces[n] = stringPiece(s, right, down, pl.three)
		n++
	}
	e.taken = taken
	return n
}

// packedCodes finds the strings of a packed board with arcs h and v into
// e.codes (pieceCode) and returns how many there are.
func (e *Evaluator) packedCodes(h, v uint64, pl planes) int {
	in, right, down, alone := e.geo.pack.links(h, v, pl)
	n := bits.OnesCount64(alone)
	for i := range n {
		e.codes[i] = 1 // a chain of one
	}
	for _, s := range e.found[:e.fill(in&^alone, right, down)] {
		e.codes[n] = pieceCode(stringPiece(s, right, down, pl.three))
		n++
	}
	return n
}

// stringPiece is the string of boxes s, of links right and down, whose
// boxes of three sides are among three.
func stringPiece(s, right, down, three uint64) piece {
	ends := bits.OnesCount64(s & three)
	size := bits.OnesCount64(s)
	joins := bits.OnesCount64(s&right) + bits.OnesCount64(s&down)
	return piece{size: int16(size), ends: int8(ends), hot: ends > 0, loop: ends == 0 && joins == size}
}
