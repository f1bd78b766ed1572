package tournament

import (
	"slices"
	"testing"
)

func TestSeedOrder(t *testing.T) {
	for size, want := range map[int][]int{
		1: {1}, 2: {1, 2}, 4: {1, 4, 2, 3}, 8: {1, 8, 4, 5, 2, 7, 3, 6},
	} {
		if got := seedOrder(size); !slices.Equal(got, want) {
			t.Errorf("seedOrder(%d) = %v, want %v", size, got, want)
		}
	}
}
