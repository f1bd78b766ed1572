package cavalo

import "testing"

// spread works on whole sets by shifts; it must agree with the referee's
// knight jumps square by square, and on unions.
func TestSpreadIsKnightJumps(t *testing.T) {
	var all, union SquareSet
	for sq := range Squares {
		if got, want := spread(SquareOf(sq)), KnightJumps(sq); got != want {
			t.Errorf("spread(%s) = %v, want %v", SquareName(sq), got, want)
		}
		if sq%3 == 0 {
			all = all.Or(SquareOf(sq))
			union = union.Or(KnightJumps(sq))
		}
	}
	if got := spread(all); got != union {
		t.Errorf("spread of every third square = %v, want %v", got, union)
	}
}
