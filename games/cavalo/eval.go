package cavalo

import (
	"github.com/arenabots/arena/referee"
)

// Evaluator is the evaluation of Jogo do Cavalo for a game-tree search
// (bots/search's Evaluator, made by Game.SearchEvaluator). A position is
// worth, for the side to move, on referee's scale of values (referee.Unit):
//
//   - the score difference;
//   - the numbers each knight would reach first, by a breadth-first search
//     over knight jumps through numbered squares from both knights at once
//     (a Voronoi split; ties go to the side to move, which jumps first, and
//     its first jump avoids the squares the other knight attacks), weighted
//     by their value, less for each jump further away (far squares are
//     less sure), and less half the smaller of each digit-swapped pair that
//     falls whole in one region (taking either removes the other);
//   - mobility, the number of jumps each side has now.
//
// When the regions cannot touch (no square of one is a jump from the other
// or its knight) the knights can no longer interact, and each side's best
// remaining total is the heaviest path it can take through its own region:
// solved by a depth-first search with a node cap, exactly when both finish
// and no removal crosses from one region to the other. Such a position is
// decided: Evaluate returns its outcome with exact set.
type Evaluator struct {
	// RegionWeight and MobilityWeight weigh a point of region value and one
	// jump of mobility, in Units. RegionDecay (in 64ths) scales the weight
	// of a number for each jump further it lies from the knight.
	RegionWeight, MobilityWeight, RegionDecay int32
	// SolveNodes caps the depth-first search for one region; SolveSquares
	// is the largest region it is tried on.
	//
	// The weights take effect at the next Prepare (the next search); set
	// SolveNodes before the first, as solved regions are cached.
	SolveNodes, SolveSquares int

	board   [Squares]int8 // the number seen on each square, -1 if none yet
	sqOf    [Squares]int8 // the square of each number of the board, -1 if gone at the root
	val     [Squares]int32
	twinSq  [Squares]int8      // the square of the twin of the number on sq, -1 if none
	doubles SquareSet          // squares of doubles
	twinLow SquareSet          // squares holding the smaller of a twin pair
	sums    [13][256]int32     // values of the squares of a byte of a set
	halves  [13][256]int32     // half values of twinLow squares, the same way
	twins   [13][256]SquareSet // the twin squares of the squares of a byte
	cache   []solveEntry
	// levelWeight[d] is the weight, in Units/64, of a number at d+1 jumps.
	levelWeight [12]int32
	stop        func() bool // from the searcher: give up, the search is over

	// Solves and SolveNodesUsed count the region solves run (cache hits
	// excluded) and their nodes, since the evaluator was made.
	Solves, SolveNodesUsed int64
}

// Default weights of the Evaluator, tuned against the classic bot.
const (
	DefaultRegionWeight   = 30
	DefaultMobilityWeight = 150
	DefaultRegionDecay    = 52
	DefaultSolveNodes     = 3000
	DefaultSolveSquares   = 32
	solveCacheSize        = 1 << 14
)

// NewEvaluator returns an Evaluator with the default weights.
func NewEvaluator() *Evaluator {
	e := &Evaluator{
		RegionWeight:   DefaultRegionWeight,
		MobilityWeight: DefaultMobilityWeight,
		RegionDecay:    DefaultRegionDecay,
		SolveNodes:     DefaultSolveNodes,
		SolveSquares:   DefaultSolveSquares,
		cache:          make([]solveEntry, solveCacheSize),
	}
	for i := range e.board {
		e.board[i] = -1
	}
	return e
}

// SearchEvaluator returns a new Evaluator with the default weights, for a
// game-tree search (bots/search's Game).
func (Game) SearchEvaluator() any { return NewEvaluator() }

// SetStop makes the solver call stop every few hundred nodes and give up
// when it reports true (bots/search's Interruptible): the search that
// evaluates is over.
func (e *Evaluator) SetStop(stop func() bool) { e.stop = stop }

// Prepare builds the tables of root's board: where each number is, the
// values by byte of a square set. The solver's cache is kept while the
// boards agree, dropped when root is another game's. root is a *Position.
func (e *Evaluator) Prepare(st referee.State) {
	root := st.(*Position)
	w := e.RegionWeight * 64
	for i := range e.levelWeight {
		e.levelWeight[i] = w
		w = w * e.RegionDecay / 64
	}
	for sq := range Squares {
		n := int8(root.Cell(sq))
		if n >= 0 && e.board[sq] >= 0 && e.board[sq] != n {
			clear(e.cache)
			for i := range e.board {
				e.board[i] = -1
			}
			break
		}
	}
	for i := range e.sqOf {
		e.sqOf[i] = -1
	}
	e.doubles, e.twinLow = SquareSet{}, SquareSet{}
	for sq := range Squares {
		n := root.Cell(sq)
		e.val[sq] = int32(max(n, 0))
		if n < 0 {
			continue
		}
		e.board[sq] = int8(n)
		e.sqOf[n] = int8(sq)
		if n%11 == 0 {
			e.doubles = e.doubles.Or(SquareOf(sq))
		}
	}
	for sq := range Squares {
		e.twinSq[sq] = -1
		if n := root.Cell(sq); n >= 0 {
			if tw := twin(n); tw >= 0 && e.sqOf[tw] >= 0 {
				e.twinSq[sq] = e.sqOf[tw]
				if tw > n {
					e.twinLow = e.twinLow.Or(SquareOf(sq))
				}
			}
		}
	}
	for i := range e.sums {
		for b := 1; b < 256; b++ {
			sq := 8*i + trailingZeros8(b)
			v := int32(0)
			if sq < Squares {
				v = e.val[sq]
			}
			e.sums[i][b] = e.sums[i][b&(b-1)] + v
			e.halves[i][b] = e.halves[i][b&(b-1)]
			e.twins[i][b] = e.twins[i][b&(b-1)]
			if sq < Squares {
				if e.twinLow.Has(sq) {
					e.halves[i][b] += v / 2
				}
				e.twins[i][b] = e.twins[i][b].Or(SquareOf(int(e.twinSq[sq])))
			}
		}
	}
}

func trailingZeros8(b int) int {
	n := 0
	for b&1 == 0 {
		b >>= 1
		n++
	}
	return n
}

// sum returns the total value of the squares of a.
func (e *Evaluator) sum(a SquareSet) int32 {
	return sumBytes(&e.sums, a)
}

func sumBytes(t *[13][256]int32, a SquareSet) int32 {
	lo, hi := a.Lo, a.Hi
	return t[0][lo&0xff] + t[1][lo>>8&0xff] + t[2][lo>>16&0xff] + t[3][lo>>24&0xff] +
		t[4][lo>>32&0xff] + t[5][lo>>40&0xff] + t[6][lo>>48&0xff] + t[7][lo>>56] +
		t[8][hi&0xff] + t[9][hi>>8&0xff] + t[10][hi>>16&0xff] + t[11][hi>>24&0xff] + t[12][hi>>32&0xff]
}

// twinLoss is what a region's value overstates because of twins: half of
// the smaller of each twin pair it holds whole (only one of the two can be
// taken; halving is the rough part).
func (e *Evaluator) twinLoss(a SquareSet) int32 {
	t := &e.twins
	lo, hi := a.Lo, a.Hi
	tw := t[0][lo&0xff].Or(t[1][lo>>8&0xff]).Or(t[2][lo>>16&0xff]).Or(t[3][lo>>24&0xff]).
		Or(t[4][lo>>32&0xff]).Or(t[5][lo>>40&0xff]).Or(t[6][lo>>48&0xff]).Or(t[7][lo>>56]).
		Or(t[8][hi&0xff]).Or(t[9][hi>>8&0xff]).Or(t[10][hi>>16&0xff]).Or(t[11][hi>>24&0xff]).Or(t[12][hi>>32&0xff])
	return sumBytes(&e.halves, a.And(tw))
}

// placement returns the square where side's knight will be placed: the
// highest number of its home row, or -1 when the row is empty.
func (e *Evaluator) placement(nums SquareSet, side referee.Side) int {
	home := 0
	if side == referee.Black {
		home = 90
	}
	best := -1
	for sq := home; sq < home+10; sq++ {
		if nums.Has(sq) && (best < 0 || e.val[sq] > e.val[best]) {
			best = sq
		}
	}
	return best
}

// Hint orders moves by the number they take, then by the double they
// remove. p is a *Position.
func (e *Evaluator) Hint(st referee.State, m referee.Move) int32 {
	p := st.(*Position)
	if m == referee.Pass {
		return 0
	}
	to, removed := decodeMove(m)
	h := int32(p.Cell(to)) * 64
	if removed >= 0 {
		h += int32(p.Cell(removed))
	}
	return h
}

// Evaluate returns the value of p, a *Position, for the side to move (see
// Evaluator), and whether it is the game's proven outcome.
func (e *Evaluator) Evaluate(st referee.State) (int32, bool) {
	p := st.(*Position)
	nums := p.Numbers()
	s := p.ToMove()
	sc := p.Scores()
	diff := int32(sc[s.Index()] - sc[1-s.Index()])
	kS, kO := p.Knight(s), p.Knight(s.Other())
	placed := kS >= 0 && kO >= 0
	if kS < 0 {
		// A pending placement is forced: count it as made.
		if kS = e.placement(nums, s); kS >= 0 {
			diff += e.val[kS]
			nums = nums.Without(kS)
		}
	}
	if kO < 0 {
		if kO = e.placement(nums, s.Other()); kO >= 0 {
			diff -= e.val[kO]
			nums = nums.Without(kO)
		}
	}

	// Breadth-first from both knights, a level per move: the side to move
	// claims first, the other side takes what is left at the same depth.
	jS, jO := KnightJumps(kS).And(nums), KnightJumps(kO).And(nums)
	fS := jS.AndNot(KnightJumps(kO))
	fO := jO.AndNot(fS)
	mobility := int32(fS.Count() - jO.Count())
	ownS, ownO := fS, fO
	claimed := fS.Or(fO)
	region := e.levelWeight[0] * (e.sum(fS) - e.sum(fO))
	for level := 1; !fS.Or(fO).Empty(); level++ {
		fS = spread(fS).And(nums).AndNot(claimed)
		fO = spread(fO).And(nums).AndNot(claimed).AndNot(fS)
		ownS, ownO = ownS.Or(fS), ownO.Or(fO)
		claimed = claimed.Or(fS).Or(fO)
		region += e.levelWeight[min(level, len(e.levelWeight)-1)] * (e.sum(fS) - e.sum(fO))
	}

	if placed && spread(ownS.Or(SquareOf(kS))).And(ownO.Or(SquareOf(kO))).Empty() {
		if v, exact, ok := e.apart(diff, ownS, kS, ownO, kO, nums); ok {
			return v, exact
		}
	}
	v := diff*referee.Unit + region/64 - e.RegionWeight*(e.twinLoss(ownS)-e.twinLoss(ownO))
	v += e.MobilityWeight * mobility
	return v, false
}
