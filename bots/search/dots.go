package search

import (
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
)

// DotsEval is the Evaluator of Dots and Boxes (see NewDots). It reads the
// board as the strings of boxes that are left: a box with two drawn sides
// links the boxes (or the edge) behind its two empty sides, so the boxes of
// two and three sides form chains and loops. A position is worth, for the
// side to move:
//
//   - the score difference;
//   - the boxes it can take now: the chains and loops holding a box of
//     three sides;
//   - the endgame that follows the safe moves (arcs that give no box a
//     third side). A greedy run of safe moves estimates how many are left:
//     by its parity, the player who draws the last one leaves the other to
//     open the first chain (the long-chain rule). The strings left then are
//     valued by the loony endgame's recursion: the player who must open a
//     string gives it away, and the taker either takes it all and opens the
//     next, or takes all but two boxes of a chain (four of a loop) and
//     hands them back to keep control (double-dealing). That value counts
//     ControlWeight/64 of its boxes, being an estimate.
//
// When no safe move is left and every box left belongs to a simple chain or
// loop, the recursion is the game's outcome: Evaluate returns it with exact
// set, and the search stops there. Closer to the end the search itself
// reaches every last arc, which solves the rest.
type DotsEval struct {
	// ControlWeight is the weight, in 64ths, of the estimated endgame after
	// the safe moves.
	ControlWeight int32

	rows, cols, arcs, boxes int
	arcBox                  [dotsMaxArcs][2]int16 // the boxes beside each arc, -1 at the edge
	boxArc                  [dotsMaxBoxes][4]int16

	// Scratch of Evaluate.
	drawn   [dotsMaxArcs]bool
	sides   [dotsMaxBoxes]int8
	seen    [dotsMaxBoxes]bool
	stack   [dotsMaxBoxes]int16
	members [dotsMaxBoxes]int16
	pieces  [dotsMaxBoxes]piece
	cache   []loonyEntry
}

// Sizes of the largest board.
const (
	dotsMaxArcs  = 2 * (dots.MaxSize + 1) * dots.MaxSize
	dotsMaxBoxes = dots.MaxSize * dots.MaxSize
)

// DefaultControlWeight is DotsEval's default ControlWeight, tuned against
// the classic bot: the estimate of the endgame is rough while many safe
// moves are left, and counted fully it misled the search (67% against
// classic at 48, 100% at 8 on 12 boards).
const DefaultControlWeight = 8

// loonyPieces is the most strings the loony recursion values exactly (its
// cache key holds that many); loonyCacheSize is the number of cached values.
const (
	loonyPieces    = 9
	loonyCacheSize = 1 << 14
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

// DotsSearcher is the engine specialised to Dots and Boxes.
type DotsSearcher = Searcher[dots.Position, *dots.Position, *DotsEval]

// NewDots returns a Dots and Boxes searcher with a DotsEval and a
// transposition table of about ttMB MiB.
func NewDots(ttMB int) *DotsSearcher {
	return New[dots.Position, *dots.Position](NewDotsEval(), ttMB)
}

// NewDotsEval returns a DotsEval with the default weight.
func NewDotsEval() *DotsEval {
	return &DotsEval{ControlWeight: DefaultControlWeight, cache: make([]loonyEntry, loonyCacheSize)}
}

// Prepare builds the geometry of root's board when its size changed.
func (e *DotsEval) Prepare(root *dots.Position) {
	rows, cols := root.Rows(), root.Cols()
	if rows == e.rows && cols == e.cols {
		return
	}
	e.rows, e.cols, e.arcs, e.boxes = rows, cols, root.Arcs(), rows*cols
	h := (rows + 1) * cols
	for a := range e.arcs {
		e.arcBox[a] = [2]int16{-1, -1}
		if a < h {
			i, j := a/cols, a%cols
			if i > 0 {
				e.arcBox[a][0] = int16((i-1)*cols + j)
			}
			if i < rows {
				e.arcBox[a][1] = int16(i*cols + j)
			}
			continue
		}
		j, i := (a-h)/rows, (a-h)%rows
		if j > 0 {
			e.arcBox[a][0] = int16(i*cols + j - 1)
		}
		if j < cols {
			e.arcBox[a][1] = int16(i*cols + j)
		}
	}
	for b := range e.boxes {
		r, c := b/cols, b%cols
		e.boxArc[b] = [4]int16{int16(r*cols + c), int16((r+1)*cols + c), int16(h + c*rows + r), int16(h + (c+1)*rows + r)}
	}
}

// Zobrist keys of Dots and Boxes, from a fixed seed: one per arc for
// "drawn", and one for Black to move. The hash mixes in the score
// difference too (scoreKey), since the same arcs are reached with different
// scores.
var dotsArcKeys, dotsBlackKey = dotsZobrist(0x617265616f747364) // "areadots"

func dotsZobrist(seed uint64) (arcs [dotsMaxArcs]uint64, black uint64) {
	r := referee.SplitMix64{State: seed}
	for i := range arcs {
		arcs[i] = r.Next()
	}
	return arcs, r.Next()
}

// Hash returns the Zobrist hash of p: its arcs, side to move and score
// difference.
func (e *DotsEval) Hash(p *dots.Position) uint64 {
	s := p.Scores()
	h := scoreKey(s[0] - s[1])
	for a := range e.arcs {
		if p.Drawn(a) != 0 {
			h ^= dotsArcKeys[a]
		}
	}
	if p.ToMove() == referee.Black {
		h ^= dotsBlackKey
	}
	return h
}

// HashAfter returns the hash of p after drawing m from h = Hash(p): the arc
// is drawn, and either the boxes it closes score for the mover, who moves
// again, or the turn passes.
func (e *DotsEval) HashAfter(h uint64, p *dots.Position, m referee.Move) uint64 {
	h ^= dotsArcKeys[m]
	closed := 0
	for _, b := range e.arcBox[m] {
		if b >= 0 && e.boxSides(p, int(b)) == 3 {
			closed++
		}
	}
	if closed == 0 {
		return h ^ dotsBlackKey
	}
	s := p.Scores()
	d := s[0] - s[1]
	if p.ToMove() == referee.Black {
		closed = -closed
	}
	return h ^ scoreKey(d) ^ scoreKey(d+closed)
}

// boxSides returns the number of drawn sides of box b in p.
func (e *DotsEval) boxSides(p *dots.Position, b int) int {
	n := 0
	for _, a := range e.boxArc[b] {
		if p.Drawn(int(a)) != 0 {
			n++
		}
	}
	return n
}

// Hint orders the arcs: those that close a box first, then the safe ones,
// those that give a box its third side last.
func (e *DotsEval) Hint(p *dots.Position, m referee.Move) int32 {
	hint := int32(0)
	for _, b := range e.arcBox[m] {
		if b < 0 {
			continue
		}
		switch e.boxSides(p, int(b)) {
		case 3:
			hint += 4000
		case 2:
			hint -= 1000
		}
	}
	return hint
}

// Evaluate returns the value of p for the side to move (see DotsEval).
func (e *DotsEval) Evaluate(p *dots.Position) (int32, bool) {
	s := p.Scores()
	me := p.ToMove().Index()
	diff := s[me] - s[1-me]
	left := e.load(p)
	if left == 0 {
		return Decided(diff), true
	}

	// The strings the side to move can take now.
	n := e.strings(true)
	take, hot := 0, n
	var offer piece
	if hot == 1 {
		offer = e.pieces[0]
	}
	for _, pc := range e.pieces[:n] {
		take += int(pc.size)
		e.remove(pc)
	}
	// Safe moves left, by a greedy run.
	safe := 0
	for a := range e.arcs {
		if !e.drawn[a] && e.isSafe(a) {
			e.draw(a)
			safe++
		}
	}
	n = e.strings(false)
	pure := e.pure()
	loony, exactLoony := e.loony(e.pieces[:n])

	if safe == 0 && pure && exactLoony {
		switch hot {
		case 0:
			return Decided(diff + loony), true
		case 1:
			if v, ok := offered(offer, loony); ok {
				return Decided(diff + v), true
			}
		}
	}
	if safe%2 == 1 {
		loony = -loony // the opponent opens the first string
	}
	return int32(diff+take)*Unit + int32(loony)*Unit*e.ControlWeight/64, false
}

// load copies p's arcs and box sides into the scratch and returns the
// number of arcs left.
func (e *DotsEval) load(p *dots.Position) int {
	left := 0
	for a := range e.arcs {
		e.drawn[a] = p.Drawn(a) != 0
		if !e.drawn[a] {
			left++
		}
	}
	for b := range e.boxes {
		n := int8(0)
		for _, a := range e.boxArc[b] {
			if e.drawn[a] {
				n++
			}
		}
		e.sides[b] = n
	}
	return left
}

// draw draws arc a in the scratch.
func (e *DotsEval) draw(a int) {
	e.drawn[a] = true
	for _, b := range e.arcBox[a] {
		if b >= 0 {
			e.sides[b]++
		}
	}
}

// isSafe reports whether drawing the empty arc a gives no box a third side.
func (e *DotsEval) isSafe(a int) bool {
	for _, b := range e.arcBox[a] {
		if b >= 0 && e.sides[b] >= 2 {
			return false
		}
	}
	return true
}

// remove takes the boxes of piece pc (found last by strings) off the
// scratch board: its boxes are closed, the arcs it drew give their other
// boxes a side.
func (e *DotsEval) remove(pc piece) {
	for _, b := range e.members[pc.start : pc.start+pc.size] {
		for _, a := range e.boxArc[b] {
			if !e.drawn[a] {
				e.draw(int(a))
			}
		}
	}
}

// strings finds the chains and loops of the scratch board, the strings of
// boxes of two and three sides joined by their empty sides, into pieces and
// members, and returns how many there are; only those holding a box of three
// sides when hot.
func (e *DotsEval) strings(hot bool) int {
	clear(e.seen[:e.boxes])
	n, used := 0, int16(0)
	for b := range e.boxes {
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
			for _, a := range e.boxArc[x] {
				if e.drawn[a] {
					continue
				}
				o := e.arcBox[a][0]
				if o == x {
					o = e.arcBox[a][1]
				}
				if o < 0 || e.sides[o] < 2 {
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
func (e *DotsEval) pure() bool {
	for b := range e.boxes {
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
// the strings ps (which it sorts), when every other arc is gone: exact for
// up to loonyPieces strings, estimated beyond.
func (e *DotsEval) loony(ps []piece) (int, bool) {
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && pieceLess(ps[j], ps[j-1]); j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
	if len(ps) > loonyPieces {
		return loonyEstimate(ps), false
	}
	for _, pc := range ps {
		if pc.size >= 64 {
			return loonyEstimate(ps), false
		}
	}
	return int(e.loonyValue(ps)), true
}

// pieceLess orders strings by kind (chains first), then size.
func pieceLess(a, b piece) bool {
	if a.loop != b.loop {
		return b.loop
	}
	return a.size < b.size
}

// loonyValue is the loony endgame's recursion over the sorted strings ps
// (at most loonyPieces, each under 64 boxes): the opener gives one away,
// the taker takes it all and opens the rest, or takes all but two of a
// chain of three or more (four of a loop) and makes the opener open again.
// A chain of two is opened by its middle, which leaves no such choice.
func (e *DotsEval) loonyValue(ps []piece) int32 {
	if len(ps) == 0 {
		return 0
	}
	key := uint64(0)
	for _, pc := range ps {
		k := uint64(pc.size)
		if pc.loop {
			k |= 64
		}
		key = key<<7 | k
	}
	slot := &e.cache[(key*0x9E3779B97F4A7C15)>>(64-14)&(loonyCacheSize-1)]
	if slot.key == key {
		return slot.value
	}
	best := int32(-Infinity)
	var rest [loonyPieces]piece
	for i, pc := range ps {
		if i > 0 && ps[i-1].size == pc.size && ps[i-1].loop == pc.loop {
			continue
		}
		n := copy(rest[:], ps[:i])
		n += copy(rest[n:], ps[i+1:])
		f := e.loonyValue(rest[:n])
		sz := int32(pc.size)
		taker := sz + f
		switch {
		case pc.loop:
			taker = max(taker, sz-8-f)
		case pc.size >= 3:
			taker = max(taker, sz-4-f)
		}
		best = max(best, -taker)
	}
	*slot = loonyEntry{key: key, value: best}
	return best
}

// loonyEstimate estimates loonyValue for too many strings: the player in
// control keeps it, giving two boxes of every long chain but the last and
// four of every loop, and each short chain (one or two boxes) passes the
// control to the other side.
func loonyEstimate(ps []piece) int {
	short, chains, loops, long := 0, 0, 0, 0
	for _, pc := range ps {
		switch {
		case pc.loop:
			loops++
			long += int(pc.size)
		case pc.size >= 3:
			chains++
			long += int(pc.size)
		default:
			short++
		}
	}
	if chains+loops == 0 {
		return 0
	}
	cv := long - 4*chains - 8*loops + 4
	if chains == 0 {
		cv += 4
	}
	cv = max(cv, 0)
	if short%2 == 1 {
		return cv
	}
	return -cv
}
