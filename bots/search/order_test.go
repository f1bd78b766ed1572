package search

import (
	"math/rand/v2"
	"testing"

	"github.com/arenabots/arena/referee"
)

// TestPickBlocks checks that the frame's picks, from the blocks' highest
// keys it keeps, take the moves in the order of a selection sort that scans
// every key left, and that after each pick every block's highest key is
// its keys' highest counted anew, for moves of few and of many distinct
// keys (ties go to the first slot), ordered from the first slot or after
// leading ones.
func TestPickBlocks(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		n, from, distinct int
	}{
		{1, 0, 1}, {2, 1, 2}, {7, 0, 3}, {8, 0, 3}, {9, 2, 3},
		{16, 0, 100}, {65, 0, 4}, {65, 3, 4}, {71, 1, 1000},
		{referee.MaxMoves, 0, 5}, {referee.MaxMoves, 2, 1 << 20},
	} {
		for range 20 {
			var fr frame
			want := make([]referee.Move, tc.n)
			keys := make([]int64, tc.n)
			for i := range tc.n {
				fr.moves[i] = referee.Move(i)
				want[i] = referee.Move(i)
				keys[i] = orderKey(int32(r.IntN(tc.distinct)), i)
				fr.keys[i] = keys[i]
			}
			for i := range tc.from {
				fr.keys[i] = picked
			}
			// The selection sort pick did before it kept blocks.
			for i := tc.from; i < tc.n; i++ {
				b := i
				for j := i + 1; j < tc.n; j++ {
					if keys[j] > keys[b] {
						b = j
					}
				}
				if b != i {
					want[i], want[b] = want[b], want[i]
					keys[i], keys[b] = keys[b], keys[i]&^slotMask|int64(slotMask-b)
				}
			}
			fr.blockKeys(tc.n)
			for i := tc.from; i < tc.n; i++ {
				fr.pick(i, tc.n)
				if fr.moves[i] != want[i] {
					t.Fatalf("%+v: pick %d took move %d, want %d", tc, i, fr.moves[i], want[i])
				}
				for j := 0; j*blockSize < tc.n; j++ {
					high := int64(picked)
					for _, k := range fr.keys[j*blockSize : min(j*blockSize+blockSize, tc.n)] {
						high = max(high, k)
					}
					if fr.blocks[j] != high {
						t.Fatalf("%+v: after pick %d block %d's highest is %d, want %d", tc, i, j, fr.blocks[j], high)
					}
				}
			}
		}
	}
}
