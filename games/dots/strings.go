package dots

import (
	"math"
	"math/bits"
)

// loonyPieces is the most strings the loony recursion values exactly (its
// cache key holds that many); loonyCacheBits is the log2 of the number of
// cached values: 65536, 1 MiB (with 16384 the empty board's search
// evicted values it came back to, and spent 4 % more instructions).
const (
	loonyPieces    = 9
	loonyCacheBits = 16
)

// piece is one chain or loop of boxes.
type piece struct {
	start int16 // its boxes are members[start:start+size]
	size  int16
	loop  bool
	hot   bool // it holds a box of three sides: the side to move can take it
	ends  int8 // its boxes of three sides
}

// loonyEntry caches the value of one set of strings, a pure function of its
// key.
type loonyEntry struct {
	key   uint64
	value int32
}

// load copies p's arcs and box sides into the scratch and returns the
// number of arcs left and whether a box has three sides.
func (e *Evaluator) load(p *Position) (left int, three bool) {
	g := e.geo
	e.drawn = p.drawn
	clear(e.sides[:g.boxes])
	clear(e.drawnAt[:g.boxes])
	// The box beyond the edge counts up from -128 and so never reaches the
	// two sides that make an arc unsafe (a board has at most 40 arcs on its
	// edge).
	e.sides[edge] = math.MinInt8
	drawn := 0
	for w, word := range p.drawn[:g.words] {
		for ; word != 0; word &= word - 1 {
			e.count(w*64 + bits.TrailingZeros64(word))
			drawn++
		}
	}
	for _, n := range e.sides[:g.boxes] {
		if n == 3 {
			three = true
			break
		}
	}
	return g.arcs - drawn, three
}

// draw draws arc a in the scratch.
func (e *Evaluator) draw(a int) {
	e.drawn.add(a)
	e.count(a)
}

// count counts the drawn arc a among its boxes' sides.
func (e *Evaluator) count(a int) {
	x, k := &e.geo.arcSlot[a], &e.geo.arcSide[a]
	e.sides[x[0]]++
	e.sides[x[1]]++
	e.drawnAt[x[0]] |= k[0]
	e.drawnAt[x[1]] |= k[1]
}

// drawSafe draws, in index order, every empty arc of the scratch that is
// safe when its turn comes (isSafe), and returns how many it drew.
func (e *Evaluator) drawSafe() int {
	g := e.geo
	safe := 0
	for w := range g.words {
		free := ^e.drawn[w]
		if rest := g.arcs - 64*w; rest < 64 {
			free &= 1<<rest - 1
		}
		for ; free != 0; free &= free - 1 {
			if a := w*64 + bits.TrailingZeros64(free); e.isSafe(a) {
				e.draw(a)
				safe++
			}
		}
	}
	return safe
}

// isSafe reports whether drawing the empty arc a gives no box a third side.
func (e *Evaluator) isSafe(a int) bool {
	x := &e.geo.arcSlot[a]
	return e.sides[x[0]] < 2 && e.sides[x[1]] < 2
}

// remove takes the boxes of piece pc (found last by strings) off the
// scratch board: its boxes are closed, the arcs it drew give their other
// boxes a side.
func (e *Evaluator) remove(pc piece) {
	for _, b := range e.members[pc.start : pc.start+pc.size] {
		for free := ^e.drawnAt[b] & 15; free != 0; free &= free - 1 {
			e.draw(int(e.geo.boxArc[b][bits.TrailingZeros8(free)]))
		}
	}
}

// strings finds the chains and loops of the scratch board, the strings of
// boxes of two and three sides joined by their empty sides, into pieces and
// members, and returns how many there are; only those holding a box of three
// sides when hot.
func (e *Evaluator) strings(hot bool) int {
	clear(e.seen[:e.geo.boxes])
	n, used := 0, int16(0)
	for b := range e.geo.boxes {
		if e.seen[b] || e.sides[b] < 2 || e.sides[b] > 3 {
			continue
		}
		pc := piece{start: used}
		links, twos := 0, 0
		e.seen[b] = true
		e.stack[0] = int16(b)
		for top := 1; top > 0; {
			top--
			x := e.stack[top]
			e.members[used] = x
			used++
			pc.size++
			if e.sides[x] == 3 {
				pc.ends++
			} else {
				twos++
			}
			// Across each empty side; the edge's sides are below 2.
			for free := ^e.drawnAt[x] & 15; free != 0; free &= free - 1 {
				o := int16(e.geo.boxNext[x][bits.TrailingZeros8(free)])
				if e.sides[o] < 2 {
					continue
				}
				links++
				if !e.seen[o] {
					e.seen[o] = true
					e.stack[top] = o
					top++
				}
			}
		}
		pc.loop = twos == int(pc.size) && links/2 == int(pc.size)
		pc.hot = pc.ends > 0
		if hot && !pc.hot {
			used = pc.start
			continue
		}
		e.pieces[n] = pc
		n++
	}
	return n
}

// pure reports whether every box left on the scratch board has two sides
// or more: the strings are then all the board holds, simple chains and
// loops.
func (e *Evaluator) pure() bool {
	for b := range e.geo.boxes {
		if e.sides[b] < 2 {
			return false
		}
	}
	return true
}

// offered returns the value for the side to move of taking the string pc
// that it was offered, with loony the value of opening the strings left:
// it takes all and opens the next, or declines the last two boxes of a
// chain (four of an opened loop, a chain with both ends of three sides) to
// make the opponent open. ok is false for a string not read that way.
func offered(pc piece, loony int) (v int, ok bool) {
	n := int(pc.size)
	switch {
	case pc.ends == 1 && n >= 2:
		return max(n+loony, n-4-loony), true
	case pc.ends == 1 || pc.ends == 2 && n == 2:
		return n + loony, true
	case pc.ends == 2 && n >= 4:
		return max(n+loony, n-8-loony), true
	}
	return 0, false
}

// loony returns the value, for the player who must open one of them, of
// the strings ps, when every other arc is gone: exact for up to
// loonyPieces strings of under 64 boxes, estimated beyond (the estimate
// takes them in any order).
func (e *Evaluator) loony(ps []piece) (int, bool) {
	fits := len(ps) <= loonyPieces
	for _, pc := range ps {
		fits = fits && pc.size < 64
	}
	if !fits {
		var t tally
		for _, pc := range ps {
			t.add(int(pc.size), pc.loop)
		}
		return t.estimate(), false
	}
	var codes [loonyPieces]uint8
	for i, pc := range ps {
		codes[i] = pieceCode(pc)
	}
	return e.loonyOfCodes(codes[:len(ps)])
}

// loonyOfCodes is loony of the strings of codes cs (pieceCode), which it
// sorts when it values them exactly.
func (e *Evaluator) loonyOfCodes(cs []uint8) (int, bool) {
	if len(cs) > loonyPieces {
		var t tally
		for _, c := range cs {
			t.add(int(c&63), c&64 != 0)
		}
		return t.estimate(), false
	}
	// Sorted: chains first, then by size.
	for i := 1; i < len(cs); i++ {
		c, j := cs[i], i
		for ; j > 0 && cs[j-1] > c; j-- {
			cs[j] = cs[j-1]
		}
		cs[j] = c
	}
	return int(e.loonyValue(cs)), true
}

// pieceCode is a string of under 64 boxes as a byte: its size, and 64 for
// a loop. Codes order strings by kind (chains first), then size.
func pieceCode(pc piece) uint8 {
	c := uint8(pc.size)
	if pc.loop {
		c |= 64
	}
	return c
}

// loonyValue is the loony endgame's recursion over the sorted codes cs of
// strings (at most loonyPieces, see pieceCode): the opener gives one away,
// the taker takes it all and opens the rest, or takes all but two of a
// chain of three or more (four of a loop) and makes the opener open again.
// A chain of two is opened by its middle, which leaves no such choice.
func (e *Evaluator) loonyValue(cs []uint8) int32 {
	if len(cs) == 0 {
		return 0
	}
	key := uint64(0)
	for _, c := range cs {
		key = key<<7 | uint64(c)
	}
	slot := &e.cache[(key*0x9E3779B97F4A7C15)>>(64-loonyCacheBits)]
	if slot.key == key {
		return slot.value
	}
	// The values kept of the sets of one string fewer are read before any
	// is worked out, so that the reads, each likely a cache miss, overlap.
	var kept [loonyPieces]int32
	found := uint(0) // the strings whose set without them is kept
	for i := range cs {
		if len(cs) == 1 || i > 0 && cs[i-1] == cs[i] {
			continue
		}
		after := 7 * uint(len(cs)-1-i) // the bits of the codes after i
		k := key>>(after+7)<<after | key&(1<<after-1)
		if slot := &e.cache[(k*0x9E3779B97F4A7C15)>>(64-loonyCacheBits)]; slot.key == k {
			kept[i], found = slot.value, found|1<<i
		}
	}
	best := int32(math.MinInt32)
	var rest [loonyPieces]uint8
	for i, c := range cs {
		if i > 0 && cs[i-1] == c {
			continue
		}
		f := kept[i]
		if found&(1<<i) == 0 && len(cs) > 1 {
			n := copy(rest[:], cs[:i])
			n += copy(rest[n:], cs[i+1:])
			f = e.loonyValue(rest[:n])
		}
		sz := int32(c & 63)
		taker := sz + f
		switch {
		case c&64 != 0:
			taker = max(taker, sz-8-f)
		case sz >= 3:
			taker = max(taker, sz-4-f)
		}
		best = max(best, -taker)
	}
	*slot = loonyEntry{key: key, value: best}
	return best
}

// tally counts strings as the estimate of loonyValue needs them.
type tally struct {
	short, chains, loops, long int
}

// add counts a string of size boxes, a loop or a chain.
func (t *tally) add(size int, loop bool) {
	switch {
	case loop:
		t.loops++
		t.long += size
	case size >= 3:
		t.chains++
		t.long += size
	default:
		t.short++
	}
}

// estimate estimates loonyValue for too many strings: the player in
// control keeps it, giving two boxes of every long chain but the last and
// four of every loop, and each short chain (one or two boxes) passes the
// control to the other side.
func (t tally) estimate() int {
	if t.chains+t.loops == 0 {
		return 0
	}
	cv := t.long - 4*t.chains - 8*t.loops + 4
	if t.chains == 0 {
		cv += 4
	}
	cv = max(cv, 0)
	if t.short%2 == 1 {
		return cv
	}
	return -cv
}
