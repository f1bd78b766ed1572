package referee

import "testing"

func TestFlip(t *testing.T) {
	for _, tc := range []struct {
		f     Flip
		side  Side
		pair  [2]int
		index int
	}{
		{false, White, [2]int{3, 5}, 2},
		{true, Black, [2]int{5, 3}, 9},
	} {
		if got := tc.f.Side(White); got != tc.side {
			t.Errorf("Flip(%v).Side(White) = %v, want %v", tc.f, got, tc.side)
		}
		if got := tc.f.Pair([2]int{3, 5}); got != tc.pair {
			t.Errorf("Flip(%v).Pair = %v, want %v", tc.f, got, tc.pair)
		}
		if got := tc.f.Turn(2, 12); got != tc.index {
			t.Errorf("Flip(%v).Turn(2, 12) = %d, want %d", tc.f, got, tc.index)
		}
		if tc.f.Turn(tc.f.Turn(7, 12), 12) != 7 || tc.f.Side(tc.f.Side(Black)) != Black {
			t.Errorf("Flip(%v) is not its own inverse", tc.f)
		}
	}
}

func TestNewView(t *testing.T) {
	for _, tc := range []struct {
		mover   Side
		asWhite bool
		want    Flip
	}{
		{White, false, false},
		{Black, false, false},
		{White, true, false},
		{Black, true, true},
	} {
		if got := NewView(tc.mover, tc.asWhite); got != (View{Mover: tc.mover, Flip: tc.want}) {
			t.Errorf("NewView(%v, %v) = %+v, want Flip %v", tc.mover, tc.asWhite, got, tc.want)
		}
	}
}
