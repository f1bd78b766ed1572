package cavalo

// shl shifts a towards higher squares by k, 0 < k < 64.
func shl(a SquareSet, k uint) SquareSet {
	return SquareSet{Lo: a.Lo << k, Hi: a.Hi<<k | a.Lo>>(64-k)}
}

// shr shifts a towards lower squares by k, 0 < k < 64.
func shr(a SquareSet, k uint) SquareSet {
	return SquareSet{Lo: a.Lo>>k | a.Hi<<(64-k), Hi: a.Hi >> k}
}

// Column masks for spread: the squares a jump may start from without leaving
// the board sideways.
var (
	colNotA, colNotJ, colNotAB, colNotIJ = columnMasks()
	boardMask                            = SquareSet{Lo: ^uint64(0), Hi: 1<<(100-64) - 1}
)

func columnMasks() (notA, notJ, notAB, notIJ SquareSet) {
	for sq := range 100 {
		c := sq % 10
		b := SquareOf(sq)
		if c >= 1 {
			notA = notA.Or(b)
		}
		if c <= 8 {
			notJ = notJ.Or(b)
		}
		if c >= 2 {
			notAB = notAB.Or(b)
		}
		if c <= 7 {
			notIJ = notIJ.Or(b)
		}
	}
	return
}

// spread returns the squares one knight jump away from some square of a.
// A jump changes the square by ±8 (one row, two columns), ±12, ±19 (two rows,
// one column) or ±21.
func spread(a SquareSet) SquareSet {
	j, aa, ij, ab := a.And(colNotJ), a.And(colNotA), a.And(colNotIJ), a.And(colNotAB)
	r := shl(j, 21).Or(shr(j, 19))
	r = r.Or(shl(aa, 19)).Or(shr(aa, 21))
	r = r.Or(shl(ij, 12)).Or(shr(ij, 8))
	r = r.Or(shl(ab, 8)).Or(shr(ab, 12))
	return r.And(boardMask)
}

// flood returns the squares of avail that a knight on from reaches by jumps
// through avail (from itself excluded unless it is reached again).
func flood(from int, avail SquareSet) SquareSet {
	f := KnightJumps(from).And(avail)
	r := f
	for !f.Empty() {
		f = spread(f).And(avail).AndNot(r)
		r = r.Or(f)
	}
	return r
}
