package search

import (
	"testing"

	"github.com/arenabots/arena/games/cavalo"
)

// spread works on whole sets by shifts; it must agree with the referee's
// knight jumps square by square, and on unions.
func TestSpreadIsKnightJumps(t *testing.T) {
	var all, union cavalo.SquareSet
	for sq := range cavalo.Squares {
		if got, want := spread(cavalo.SquareOf(sq)), cavalo.KnightJumps(sq); got != want {
			t.Errorf("spread(%s) = %v, want %v", cavalo.SquareName(sq), got, want)
		}
		if sq%3 == 0 {
			all = all.Or(cavalo.SquareOf(sq))
			union = union.Or(cavalo.KnightJumps(sq))
		}
	}
	if got := spread(all); got != union {
		t.Errorf("spread of every third square = %v, want %v", got, union)
	}
}
