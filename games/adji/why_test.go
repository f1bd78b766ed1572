package adji

import (
	"testing"

	"github.com/arenabots/arena/referee"
)

func TestWhyIllegal(t *testing.T) {
	p := build([2][6]uint8{{0, 0, 0, 4}, {1, 0, 0, 5}}, 0, referee.White, 100)
	mv := func(s string) referee.Move {
		m, err := ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	blackEmpty := build([2][6]uint8{{3}, {}}, 0, referee.Black, 100)
	lastPly := build([2][6]uint8{{3}, {}}, 0, referee.Black, 1)
	capped := build([2][6]uint8{{3}, {1}}, 0, referee.White, 0)
	empty := build([2][6]uint8{}, 40, referee.White, 10)
	for _, tc := range []struct {
		name string
		p    *Position
		m    referee.Move
		want string
	}{
		{"opponent's row", &p, mv("(1 3)"), "hole (1 3) is not on your row: white sows row 0"},
		{"empty hole", &p, mv("(0 2)"), "hole (0 2) is empty"},
		{"a pass with seeds", &p, referee.Pass, "white has seeds on its row 0, and passes only when the row is empty"},
		{"off the board", &p, referee.Move(12), "the hole is not on the board"},
		{"a move with an empty row", &blackEmpty, mv("(1 0)"), "hole (1 0) is empty"},
		{"a pass on the last ply", &lastPly, referee.Pass, "the game is over: black's row is empty on the last ply before the move cap"},
		{"the cap", &capped, mv("(0 0)"), "the game is over: the move cap is reached"},
		{"every seed captured", &empty, mv("(0 0)"), "the game is over: every seed is captured"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if referee.Legal(tc.p, tc.m) {
				t.Fatalf("%s is legal", FormatMove(tc.m))
			}
			if got := tc.p.WhyIllegal(tc.m); got != tc.want {
				t.Errorf("WhyIllegal = %q, want %q", got, tc.want)
			}
		})
	}
	var buf [referee.MaxMoves]referee.Move
	for _, q := range []*Position{&p, &blackEmpty} {
		for _, m := range q.Moves(buf[:0]) {
			if why := q.WhyIllegal(m); why != "" {
				t.Errorf("legal %s explained: %q", FormatMove(m), why)
			}
		}
	}
}
