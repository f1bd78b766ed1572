package search

import (
	"testing"

	"github.com/arenabots/arena/referee"
)

// spread works on whole sets by shifts; it must agree with the referee's
// knight jumps square by square, and on unions.
func TestSpreadIsKnightJumps(t *testing.T) {
	var all, union referee.SquareSet
	for sq := range referee.Squares {
		if got, want := spread(referee.SquareOf(sq)), referee.KnightJumps(sq); got != want {
			t.Errorf("spread(%s) = %v, want %v", referee.SquareName(sq), got, want)
		}
		if sq%3 == 0 {
			all = all.Or(referee.SquareOf(sq))
			union = union.Or(referee.KnightJumps(sq))
		}
	}
	if got := spread(all); got != union {
		t.Errorf("spread of every third square = %v, want %v", got, union)
	}
}
