package cavalo

import (
	"fmt"
	"math"
	"testing"
)

// TestBoardPinned freezes the board generator: these boards are what the
// seeds gave when the generator was frozen, and they must never change, or
// a replayed league would play on other boards. Do not update this table.
func TestBoardPinned(t *testing.T) {
	tests := []struct {
		seed uint64
		want [Squares]int8
	}{
		{0, [Squares]int8{
			20, 59, 97, 90, 38, 87, 23, 82, 12, 83,
			15, 57, 62, 29, 7, 61, 91, 56, 89, 11,
			33, 92, 17, 99, 78, 28, 76, 95, 51, 49,
			19, 47, 85, 74, 39, 5, 32, 9, 53, 37,
			73, 40, 34, 8, 27, 36, 0, 75, 98, 55,
			6, 24, 21, 13, 50, 84, 58, 69, 4, 96,
			77, 64, 79, 81, 26, 54, 1, 3, 14, 70,
			66, 45, 18, 30, 43, 65, 25, 72, 52, 80,
			68, 93, 63, 41, 44, 60, 48, 46, 67, 35,
			86, 22, 71, 16, 31, 10, 94, 2, 42, 88,
		}},
		{1, [Squares]int8{
			22, 96, 24, 79, 63, 57, 97, 32, 30, 39,
			90, 20, 33, 65, 99, 10, 62, 7, 66, 12,
			98, 88, 89, 58, 11, 84, 31, 93, 23, 4,
			61, 45, 0, 1, 76, 25, 19, 28, 2, 75,
			35, 60, 81, 91, 80, 18, 44, 49, 78, 15,
			59, 83, 8, 17, 86, 92, 85, 13, 69, 51,
			68, 50, 47, 64, 34, 16, 29, 27, 87, 41,
			70, 74, 52, 77, 3, 21, 9, 38, 6, 5,
			71, 55, 67, 54, 14, 37, 46, 40, 53, 36,
			94, 26, 48, 82, 72, 42, 43, 95, 73, 56,
		}},
		{42, [Squares]int8{
			34, 12, 62, 38, 88, 83, 14, 94, 73, 29,
			61, 64, 48, 77, 95, 35, 60, 97, 13, 0,
			32, 6, 50, 2, 25, 92, 22, 53, 19, 51,
			59, 28, 39, 96, 21, 11, 40, 65, 90, 10,
			86, 36, 23, 30, 69, 1, 68, 66, 58, 89,
			70, 26, 81, 63, 84, 37, 71, 98, 9, 91,
			75, 79, 16, 4, 24, 42, 52, 44, 72, 80,
			49, 67, 85, 54, 93, 78, 47, 46, 5, 76,
			55, 7, 41, 8, 17, 57, 87, 45, 43, 18,
			56, 31, 99, 20, 82, 3, 33, 27, 15, 74,
		}},
		{2026, [Squares]int8{
			59, 41, 92, 12, 0, 35, 83, 76, 86, 3,
			97, 9, 38, 32, 1, 99, 58, 22, 88, 36,
			52, 42, 67, 16, 63, 14, 18, 78, 57, 6,
			44, 96, 72, 68, 4, 84, 43, 2, 17, 90,
			54, 98, 95, 5, 87, 23, 71, 26, 7, 39,
			61, 49, 62, 60, 40, 15, 21, 10, 29, 82,
			79, 56, 66, 73, 8, 45, 94, 27, 31, 34,
			77, 64, 70, 48, 33, 93, 11, 53, 51, 81,
			47, 50, 25, 19, 13, 55, 24, 28, 80, 91,
			20, 30, 74, 89, 69, 75, 37, 65, 46, 85,
		}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("seed=%d", tt.seed), func(t *testing.T) {
			if got := Board(tt.seed); got != tt.want {
				t.Errorf("Board(%d):\ngot  %v\nwant %v", tt.seed, got, tt.want)
			}
		})
	}
}

func TestBoardIsPermutation(t *testing.T) {
	seeds := []uint64{math.MaxUint64, math.MaxUint64 - 1, 1 << 63, 0x9E3779B97F4A7C15}
	for s := range uint64(2000) {
		seeds = append(seeds, s)
	}
	for _, seed := range seeds {
		b := Board(seed)
		var seen [Squares]bool
		for sq, n := range b {
			if n < 0 || n >= Squares || seen[n] {
				t.Fatalf("Board(%d): square %s holds %d: got a repeated or out-of-range number, want each of 0..99 once", seed, SquareName(sq), n)
			}
			seen[n] = true
		}
	}
}
