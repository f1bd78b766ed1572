package cavalo

import "github.com/arenabots/arena/referee"

// solveEntry caches the heaviest path of one region: the result is a pure
// function of the key (region, knight, doubles outside the region), so the
// cache never changes what a search finds, only how fast.
type solveEntry struct {
	lo, hi   uint64
	knight   int8
	free     int8
	used     bool
	complete bool
	value    int32
}

// apart values a position whose knights can no longer meet: the score
// difference plus the heaviest path each side can still take through its own
// region (ownS for the side to move from kS, ownO from kO). ok is false when
// a region is too big to try; exact when both paths were solved and no
// removal can cross between the regions, which makes the result the game's
// outcome.
func (e *Evaluator) apart(diff int32, ownS SquareSet, kS int, ownO SquareSet, kO int, nums SquareSet) (v int32, exact, ok bool) {
	if ownS.Count() > e.SolveSquares || ownO.Count() > e.SolveSquares {
		return 0, false, false
	}
	dbl := nums.And(e.doubles)
	vS, cS := e.maxPath(ownS, kS, dbl)
	vO, cO := e.maxPath(ownO, kO, dbl)
	total := diff + vS - vO
	if cS && cO && e.independent(ownS, ownO) {
		return referee.Decided(int(total)), true, true
	}
	return total * referee.Unit, false, true
}

// independent reports whether no move in one region can remove a number of
// the other: no twin pair is split between them, and they do not both hold
// doubles (a double taken in one could remove a double of the other).
func (e *Evaluator) independent(a, b SquareSet) bool {
	if !a.And(e.doubles).Empty() && !b.And(e.doubles).Empty() {
		return false
	}
	for t := a; !t.Empty(); {
		if ts := e.twinSq[t.Pop()]; ts >= 0 && b.Has(int(ts)) {
			return false
		}
	}
	return true
}

// maxPath returns the most points a knight on k can collect alone in region,
// where dbl are the doubles on the board, and whether the search finished
// within SolveNodes (otherwise the value is the best path found, a lower
// bound).
func (e *Evaluator) maxPath(region SquareSet, k int, dbl SquareSet) (int32, bool) {
	if region.Empty() || KnightJumps(k).And(region).Empty() {
		return 0, true
	}
	free := int8(min(dbl.AndNot(region).Count(), 15))
	h := (region.Lo ^ region.Hi*0x9E3779B97F4A7C15 ^ uint64(k)<<56 ^ uint64(free)<<48) * 0xBF58476D1CE4E5B9
	c := &e.cache[h>>(64-14)&uint64(len(e.cache)-1)]
	if c.used && c.lo == region.Lo && c.hi == region.Hi && c.knight == int8(k) && c.free == free {
		return c.value, c.complete
	}
	sv := solver{e: e, budget: e.SolveNodes}
	sv.run(region, k, 0, dbl)
	e.Solves++
	e.SolveNodesUsed += int64(sv.nodes)
	if sv.interrupted {
		return sv.best, false // not a function of the key: not cached
	}
	*c = solveEntry{lo: region.Lo, hi: region.Hi, knight: int8(k), free: free, used: true,
		complete: sv.nodes <= sv.budget, value: sv.best}
	return c.value, c.complete
}

// solver is a branch-and-bound depth-first search for the heaviest knight
// path, with the rules' removals: a number's twin goes with it, and a
// double removes another double (a free one off the path when there is one,
// else each choice is tried).
type solver struct {
	e           *Evaluator
	best        int32
	nodes       int
	budget      int
	interrupted bool // the search stopped it: the result is meaningless
}

// stopEvery is how many solver nodes pass between calls of the stop
// function; a power of two.
const stopEvery = 256

// run extends a path that has collected cur and stands on k, with avail the
// numbers it may still take and dbl the doubles on the board.
func (v *solver) run(avail SquareSet, k int, cur int32, dbl SquareSet) {
	v.nodes++
	v.best = max(v.best, cur)
	if v.nodes&(stopEvery-1) == 0 && v.e.stop != nil && v.e.stop() {
		v.interrupted = true
		v.budget = 0 // unwinds the search
	}
	if v.nodes > v.budget {
		return
	}
	reach := flood(k, avail)
	if cur+v.e.sum(reach) <= v.best {
		return
	}
	// Heaviest targets first, so that good paths are found early and
	// bound the rest.
	var cand [8]int
	n := 0
	for t := KnightJumps(k).And(reach); !t.Empty(); n++ {
		sq := t.Pop()
		j := n
		for ; j > 0 && v.e.val[cand[j-1]] < v.e.val[sq]; j-- {
			cand[j] = cand[j-1]
		}
		cand[j] = sq
	}
	for _, sq := range cand[:n] {
		if v.nodes > v.budget {
			return
		}
		a := reach.Without(sq).Without(int(v.e.twinSq[sq]))
		g := cur + v.e.val[sq]
		if !v.e.doubles.Has(sq) {
			v.run(a, sq, g, dbl)
			continue
		}
		d := dbl.Without(sq)
		free := d.AndNot(a)
		if !free.Empty() || d.Empty() {
			if !free.Empty() {
				d = d.Without(free.Pop())
			}
			v.run(a, sq, g, d)
			continue
		}
		for t := d; !t.Empty(); {
			x := t.Pop()
			v.run(a.Without(x), sq, g, d.Without(x))
		}
	}
}
