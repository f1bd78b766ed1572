package cavalo

import "math/bits"

// SquareSet is a set of squares 0..127 in two machine words; a board of
// Squares squares uses 0..99. The rules engine and the search compute moves
// and territories on it without allocating.
type SquareSet struct{ Lo, Hi uint64 }

// SquareOf returns the set holding sq alone, or the empty set when sq < 0
// (e.g. a knight not yet placed).
func SquareOf(sq int) SquareSet {
	switch {
	case sq < 0:
		return SquareSet{}
	case sq < 64:
		return SquareSet{Lo: 1 << uint(sq)}
	}
	return SquareSet{Hi: 1 << uint(sq-64)}
}

// Or returns the union of a and b.
func (a SquareSet) Or(b SquareSet) SquareSet { return SquareSet{a.Lo | b.Lo, a.Hi | b.Hi} }

// And returns the intersection of a and b.
func (a SquareSet) And(b SquareSet) SquareSet { return SquareSet{a.Lo & b.Lo, a.Hi & b.Hi} }

// AndNot returns the squares of a that are not in b.
func (a SquareSet) AndNot(b SquareSet) SquareSet { return SquareSet{a.Lo &^ b.Lo, a.Hi &^ b.Hi} }

// Empty reports whether a has no square.
func (a SquareSet) Empty() bool { return a.Lo|a.Hi == 0 }

// Count returns the number of squares in a.
func (a SquareSet) Count() int { return bits.OnesCount64(a.Lo) + bits.OnesCount64(a.Hi) }

// Has reports whether sq is in a.
func (a SquareSet) Has(sq int) bool { return !a.And(SquareOf(sq)).Empty() }

// Without returns a minus sq; sq < 0 leaves a as it is.
func (a SquareSet) Without(sq int) SquareSet { return a.AndNot(SquareOf(sq)) }

// Remove takes sq, 0 <= sq < 128, out of a.
func (a *SquareSet) Remove(sq int) {
	if sq < 64 {
		a.Lo &^= 1 << uint(sq)
	} else {
		a.Hi &^= 1 << uint(sq-64)
	}
}

// Pop removes and returns the lowest square of a, which must not be empty.
func (a *SquareSet) Pop() int {
	if a.Lo != 0 {
		sq := bits.TrailingZeros64(a.Lo)
		a.Lo &= a.Lo - 1
		return sq
	}
	sq := 64 + bits.TrailingZeros64(a.Hi)
	a.Hi &= a.Hi - 1
	return sq
}

// jumps[sq] is the set of squares a knight on sq attacks.
var jumps = func() (t [Squares]SquareSet) {
	d := [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	for sq := range Squares {
		r, c := sq/10, sq%10
		for _, x := range d {
			if rr, cc := r+x[0], c+x[1]; rr >= 0 && rr < 10 && cc >= 0 && cc < 10 {
				t[sq] = t[sq].Or(SquareOf(rr*10 + cc))
			}
		}
	}
	return t
}()

// KnightJumps returns the squares a knight on sq attacks, or the empty set
// for sq < 0 (a knight not yet placed).
func KnightJumps(sq int) SquareSet {
	if sq < 0 {
		return SquareSet{}
	}
	return jumps[sq]
}
