package referee

import "testing"

func TestTurnKey(t *testing.T) {
	const k TurnKey = 0x9e3779b97f4a7c15
	for _, tc := range []struct {
		name   string
		toMove Side
		lead   int
		want   uint64
	}{
		{"white to move", White, 3, LeadKey(3)},
		{"black to move", Black, -2, LeadKey(-2) ^ uint64(k)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := k.Start(tc.toMove, tc.lead); got != tc.want {
				t.Errorf("Start = %#x, want %#x", got, tc.want)
			}
			// A move toggles the key: the hash of the same board with the
			// other side to move.
			after, done := k.After(tc.want, 7)
			if want := k.Start(tc.toMove.Other(), tc.lead); after != want || done {
				t.Errorf("After(move) = %#x, %v; want %#x, false", after, done, want)
			}
			if after, done := k.After(tc.want, Pass); after != k.Start(tc.toMove.Other(), tc.lead) || !done {
				t.Errorf("After(Pass) = %#x, %v; want the turn passed, true", after, done)
			}
		})
	}
}
