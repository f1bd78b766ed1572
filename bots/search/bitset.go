package search

import "math/bits"

// set128 is a set of squares 0..127, of which a Cavalo board uses 0..99
// (square = (row-1)*10 + column, as in referee.Cavalo).
type set128 struct{ lo, hi uint64 }

// single returns the set holding sq alone, or the empty set when sq < 0.
func single(sq int) set128 {
	switch {
	case sq < 0:
		return set128{}
	case sq < 64:
		return set128{lo: 1 << uint(sq)}
	}
	return set128{hi: 1 << uint(sq-64)}
}

func (a set128) or(b set128) set128     { return set128{a.lo | b.lo, a.hi | b.hi} }
func (a set128) and(b set128) set128    { return set128{a.lo & b.lo, a.hi & b.hi} }
func (a set128) andNot(b set128) set128 { return set128{a.lo &^ b.lo, a.hi &^ b.hi} }
func (a set128) empty() bool            { return a.lo|a.hi == 0 }
func (a set128) count() int             { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }

// has reports whether sq is in a.
func (a set128) has(sq int) bool { return !a.and(single(sq)).empty() }

// without returns a minus sq; sq < 0 leaves a as it is.
func (a set128) without(sq int) set128 { return a.andNot(single(sq)) }

// pop removes and returns the lowest square of a, which must not be empty.
func (a *set128) pop() int {
	if a.lo != 0 {
		sq := bits.TrailingZeros64(a.lo)
		a.lo &= a.lo - 1
		return sq
	}
	sq := 64 + bits.TrailingZeros64(a.hi)
	a.hi &= a.hi - 1
	return sq
}

// shl shifts a towards higher squares by k, 0 < k < 64.
func shl(a set128, k uint) set128 {
	return set128{a.lo << k, a.hi<<k | a.lo>>(64-k)}
}

// shr shifts a towards lower squares by k, 0 < k < 64.
func shr(a set128, k uint) set128 {
	return set128{a.lo>>k | a.hi<<(64-k), a.hi >> k}
}

// Column masks for spread: the squares a jump may start from without leaving
// the board sideways.
var (
	colNotA, colNotJ, colNotAB, colNotIJ = columnMasks()
	boardMask                            = set128{^uint64(0), 1<<(100-64) - 1}
)

func columnMasks() (notA, notJ, notAB, notIJ set128) {
	for sq := range 100 {
		c := sq % 10
		b := single(sq)
		if c >= 1 {
			notA = notA.or(b)
		}
		if c <= 8 {
			notJ = notJ.or(b)
		}
		if c >= 2 {
			notAB = notAB.or(b)
		}
		if c <= 7 {
			notIJ = notIJ.or(b)
		}
	}
	return
}

// spread returns the squares one knight jump away from some square of a.
// A jump changes the square by ±8 (one row, two columns), ±12, ±19 (two rows,
// one column) or ±21.
func spread(a set128) set128 {
	j, aa, ij, ab := a.and(colNotJ), a.and(colNotA), a.and(colNotIJ), a.and(colNotAB)
	r := shl(j, 21).or(shr(j, 19))
	r = r.or(shl(aa, 19)).or(shr(aa, 21))
	r = r.or(shl(ij, 12)).or(shr(ij, 8))
	r = r.or(shl(ab, 8)).or(shr(ab, 12))
	return r.and(boardMask)
}

// jumpSet[sq] is the set of squares a knight on sq attacks.
var jumpSet = func() (t [100]set128) {
	for sq := range t {
		t[sq] = spread(single(sq))
	}
	return t
}()

// jumpsFrom returns the squares a knight on sq attacks, or the empty set for
// sq < 0 (a knight not yet placed).
func jumpsFrom(sq int) set128 {
	if sq < 0 {
		return set128{}
	}
	return jumpSet[sq]
}

// flood returns the squares of avail that a knight on from reaches by jumps
// through avail (from itself excluded unless it is reached again).
func flood(from int, avail set128) set128 {
	f := jumpsFrom(from).and(avail)
	r := f
	for !f.empty() {
		f = spread(f).and(avail).andNot(r)
		r = r.or(f)
	}
	return r
}
