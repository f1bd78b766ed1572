package dots

import (
	"math/bits"

	"github.com/arenabots/arena/referee"
)

// Evaluator is the evaluation of Dots and Boxes for a game-tree search
// (bots/search's Evaluator, made by Game.SearchEvaluator). It reads the
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
type Evaluator struct {
	// ControlWeight is the weight, in 64ths, of the estimated endgame after
	// the safe moves.
	ControlWeight int32

	geo *geometry // the root's board

	// The box sides of the last position sidesOf was asked of, by
	// geometry.arcSlot's boxes (0 beyond the edge), and each box's part of
	// the hint of an arc beside it (hintOf its sides; 256 of them, so that
	// a box's byte needs no bounds check).
	known      bool
	knownDrawn arcSet
	knownSides [maxBoxes + 1]int8
	knownHints [256]int32

	// The arcs of the last packed board read (packedArcsOf), as a set and
	// packed; the empty board's after Prepare.
	packDrawn    [2]uint64
	packH, packV uint64

	// Scratch of Evaluate.
	drawn   arcSet
	sides   [maxBoxes + 1]int8  // and the box beyond the edge (geometry.arcSlot)
	drawnAt [maxBoxes + 1]uint8 // each box's drawn sides (geometry.arcSide's bits)
	seen    [maxBoxes]bool
	stack   [maxBoxes]int16
	members [maxBoxes]int16
	pieces  [maxBoxes]piece
	cache   []loonyEntry
	// afters keeps the loony values of packed boards after the greedy run
	// of safe moves (loonyAfter) by their arcs.
	afters []afterEntry
	taken  uint64               // the boxes of the strings packedHot found
	found  [maxBoxes / 2]uint64 // the boxes of each string fill found
	codes  [maxBoxes]uint8      // the strings packedCodes found
}

// afterEntry is the loony value of a packed board after its safe moves,
// kept by its arcs (h and v of packing).
type afterEntry struct {
	h, v  uint64
	full  bool
	exact bool
	loony int32
}

// aftersBits is the log2 of the number of loony values kept by
// loonyAfter.
const aftersBits = 14

// reading is what Evaluate reads of a board's arcs, whatever the scores and
// the side to move: Evaluate's value is the score difference plus a
// reading.
type reading struct {
	exact bool  // the value is the game's outcome
	take  int32 // the boxes the mover wins beyond the score: all when exact
	loony int32 // the estimated endgame, in boxes, when not exact
}

// DefaultControlWeight is Evaluator's default ControlWeight, tuned against
// the classic bot: the estimate of the endgame is rough while many safe
// moves are left, and counted fully it misled the search (67% against
// classic at 48, 100% at 8 on 12 boards).
const DefaultControlWeight = 8

// SearchEvaluator returns a new Evaluator with the default weight, for a
// game-tree search (bots/search's Game).
func (Game) SearchEvaluator() any { return NewEvaluator() }

// NewEvaluator returns an Evaluator with the default weight.
func NewEvaluator() *Evaluator {
	return &Evaluator{ControlWeight: DefaultControlWeight, cache: make([]loonyEntry, 1<<loonyCacheBits), afters: make([]afterEntry, 1<<aftersBits)}
}

// Prepare takes the geometry of root's board, a *Position.
func (e *Evaluator) Prepare(st referee.State) {
	geo := st.(*Position).geo
	if geo != e.geo {
		clear(e.afters) // of another board's arcs
	}
	e.geo, e.known = geo, false
	e.packDrawn, e.packH, e.packV = [2]uint64{}, 0, 0
}

// Zobrist keys of Dots and Boxes, from a fixed seed: one per arc for
// "drawn", and one for Black to move. The hash mixes in the score
// difference too (referee.LeadKey), since the same arcs are reached with different
// scores.
var dotsArcKeys, dotsBlackKey = dotsZobrist(0x617265616f747364) // "areadots"

func dotsZobrist(seed uint64) (arcs [maxArcs]uint64, black uint64) {
	r := referee.SplitMix64{State: seed}
	r.Fill(arcs[:])
	return arcs, r.Next()
}

// Hash returns the Zobrist hash of p: its arcs, side to move and score
// difference.
func (e *Evaluator) Hash(st referee.State) uint64 {
	p := st.(*Position)
	s := p.Scores()
	h := referee.TurnKey(dotsBlackKey).Start(p.ToMove(), s[0]-s[1])
	for a := range e.geo.arcs {
		if p.Drawn(a) != 0 {
			h ^= dotsArcKeys[a]
		}
	}
	return h
}

// HashAfter returns the hash of p after drawing m from h = Hash(p): the arc
// is drawn, and either the boxes it closes score for the mover, who moves
// again, or the turn passes.
func (e *Evaluator) HashAfter(h uint64, st referee.State, m referee.Move) uint64 {
	p := st.(*Position)
	h ^= dotsArcKeys[m]
	ks, x := e.sidesOf(p), &e.geo.arcSlot[m]
	closed := 0
	if ks[x[0]] == 3 {
		closed++
	}
	if ks[x[1]] == 3 {
		closed++
	}
	if closed == 0 {
		return h ^ dotsBlackKey
	}
	s := p.Scores()
	d := s[0] - s[1]
	if p.ToMove() == referee.Black {
		closed = -closed
	}
	return h ^ referee.LeadKey(d) ^ referee.LeadKey(d+closed)
}

// sidesOf returns the number of drawn sides of each box of p, by
// geometry.arcSlot's boxes (0 beyond the edge). Hints and HashAfter ask it
// of every move of a position in turn, so it keeps them while the arcs
// drawn stay the same, and updates them by the arcs the next position
// differs by when they are few (a node and the next the search asks of
// mostly differ by one or two); else it counts them anew.
func (e *Evaluator) sidesOf(p *Position) *[maxBoxes + 1]int8 {
	if e.known && p.drawn == e.knownDrawn {
		return &e.knownSides
	}
	g, ks := e.geo, &e.knownSides
	var diff arcSet
	n := 0
	for w := range g.words {
		diff[w] = p.drawn[w] ^ e.knownDrawn[w]
		n += bits.OnesCount64(diff[w])
	}
	anew := !e.known || n > sidesDiffMax
	e.known, e.knownDrawn = true, p.drawn
	if anew {
		clear(ks[:g.boxes])
		for w, word := range p.drawn[:g.words] {
			for ; word != 0; word &= word - 1 {
				x := &g.arcSlot[w*64+bits.TrailingZeros64(word)]
				ks[x[0]]++
				ks[x[1]]++
			}
		}
		ks[edge] = 0
		for b, n := range ks[:g.boxes] {
			e.knownHints[b] = hintOf[n]
		}
		return ks
	}
	for w, word := range diff[:g.words] {
		for ; word != 0; word &= word - 1 {
			a := w*64 + bits.TrailingZeros64(word)
			x := &g.arcSlot[a]
			d := int8(1)
			if !p.drawn.has(a) {
				d = -1
			}
			ks[x[0]] += d
			ks[x[1]] += d
			ks[edge] = 0
			e.knownHints[x[0]] = hintOf[ks[x[0]]]
			e.knownHints[x[1]] = hintOf[ks[x[1]]]
		}
	}
	return ks
}

// sidesDiffMax is the most arcs by which a position may differ from the
// last one sidesOf was asked of for it to update that one's counts rather
// than count anew.
const sidesDiffMax = 12

// hintOf is a move's hint from a box beside it, by the box's sides: a box
// it closes counts for it, one it gives a third side against it.
var hintOf = [5]int32{2: -1000, 3: 4000}

// Hint orders the arcs: those that close a box first, then the safe ones,
// those that give a box its third side last.
func (e *Evaluator) Hint(st referee.State, m referee.Move) int32 {
	e.sidesOf(st.(*Position))
	x := &e.geo.arcSlot[m]
	return e.knownHints[x[0]] + e.knownHints[x[1]]
}

// Hints sets hints[i] to Hint(p, moves[i]) for every move: bots/search's
// Hinter.
func (e *Evaluator) Hints(st referee.State, moves []referee.Move, hints []int32) {
	e.sidesOf(st.(*Position))
	kh, slot := &e.knownHints, &e.geo.arcSlot
	hints = hints[:len(moves)]
	for i, m := range moves {
		x := &slot[m]
		hints[i] = kh[x[0]] + kh[x[1]]
	}
}

// Evaluate returns the value of p for the side to move (see Evaluator).
func (e *Evaluator) Evaluate(st referee.State) (int32, bool) {
	p := st.(*Position)
	s := p.Scores()
	me := p.ToMove().Index()
	return e.value(int32(s[me]-s[1-me]), e.reading(p))
}

// EvaluateAfter returns Evaluate of the position after m, a move of p,
// without playing it, and whether p's side to move moves again there:
// bots/search's AfterEvaluator. A packed board's reading needs only its
// arcs.
func (e *Evaluator) EvaluateAfter(st referee.State, m referee.Move) (v int32, exact, again bool) {
	p := st.(*Position)
	if e.geo.pack.boxes == 0 {
		q := *p
		q.Play(m)
		v, exact = e.Evaluate(&q)
		return v, exact, q.toMove == p.toMove
	}
	g, drawn := e.geo, p.drawn
	drawn.add(int(m))
	x := &g.arcSlot[m]
	closed := int32(0)
	if g.closed(&drawn, int(x[0])) {
		closed++
	}
	if g.closed(&drawn, int(x[1])) {
		closed++
	}
	s := p.Scores()
	me := p.ToMove().Index()
	diff := int32(s[me] - s[1-me])
	if again = closed > 0; again {
		diff += closed
	} else {
		diff = -diff // the other side moves
	}
	// p's packed arcs are kept while its leaves are read, and m's added.
	ph, pv := e.packedArcsOf(&p.drawn)
	b := &g.pack.arcBits[m]
	v, exact = e.value(diff, e.readPacked(ph|b[0], pv|b[1]))
	return v, exact, again
}

// value is Evaluate's value of a position whose side to move leads by diff
// boxes and whose arcs read r.
func (e *Evaluator) value(diff int32, r reading) (int32, bool) {
	if r.exact {
		return referee.Decided(int(diff + r.take)), true
	}
	return (diff+r.take)*referee.Unit + r.loony*referee.Unit*e.ControlWeight/64, false
}

// reading reads p's arcs (see Evaluator and reading).
func (e *Evaluator) reading(p *Position) reading {
	if e.geo.pack.boxes != 0 {
		return e.readPacked(e.packedArcsOf(&p.drawn))
	}
	return e.readBoxes(p)
}

// readBoxes is reading a box at a time, for any board.
func (e *Evaluator) readBoxes(p *Position) reading {
	var r reading
	left, three := e.load(p)
	if left == 0 {
		r.exact = true
		return r
	}

	// The strings the side to move can take now: those holding a box of
	// three sides.
	n := 0
	if three {
		n = e.strings(true)
	}
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
	safe := e.drawSafe()
	n = e.strings(false)
	pure := e.pure()
	loony, exactLoony := e.loony(e.pieces[:n])
	return r.settle(take, hot, offer, safe, pure, loony, exactLoony)
}

// settle completes r from what was read of the board: take boxes in hot
// strings the side to move can take now (offer, when there is one), safe
// moves left after them, whether the strings are then all the board holds
// (pure), and the loony value of those strings (exactLoony when exact).
func (r reading) settle(take, hot int, offer piece, safe int, pure bool, loony int, exactLoony bool) reading {
	if safe == 0 && pure && exactLoony {
		switch hot {
		case 0:
			r.exact, r.take = true, int32(loony)
			return r
		case 1:
			if v, ok := offered(offer, loony); ok {
				r.exact, r.take = true, int32(v)
				return r
			}
		}
	}
	if safe%2 == 1 {
		loony = -loony // the opponent opens the first string
	}
	r.take, r.loony = int32(take), int32(loony)
	return r
}
