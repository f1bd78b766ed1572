package cavalo

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
)

// TestFromCellsRoundTrip checks that FromCells rebuilds every position of
// random games from its Cells, Scores and ToMove, so that code outside the
// package that builds positions this way cannot drift from the layout.
func TestFromCellsRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		r := rand.New(rand.NewPCG(seed, 2))
		c := New(seed)
		for plies := 0; ; plies++ {
			back, err := FromCells(c.Cells(), c.Scores(), c.ToMove())
			back.ply = c.ply
			if err != nil || back != c {
				t.Fatalf("seed %d ply %d: FromCells(Cells()) = %v, %v; want\n%v", seed, plies, back.String(), err, c.String())
			}
			moves := c.Moves(nil)
			if len(moves) == 0 {
				break
			}
			c.Play(moves[r.IntN(len(moves))])
		}
	}
}

func TestFromCellsErrors(t *testing.T) {
	empty := func() [Squares]int {
		var cells [Squares]int
		for sq := range cells {
			cells[sq] = Empty
		}
		return cells
	}
	with := func(pairs ...int) [Squares]int {
		cells := empty()
		for i := 0; i < len(pairs); i += 2 {
			cells[pairs[i]] = pairs[i+1]
		}
		return cells
	}
	tests := []struct {
		name   string
		cells  [Squares]int
		scores [2]int
		toMove referee.Side
		want   string
	}{
		{"two white knights", with(0, WhiteKnight, 5, WhiteKnight), [2]int{}, referee.White, "two white knights (A1 and F1)"},
		{"number twice", with(0, 7, 1, 7), [2]int{}, referee.White, "number 7 appears twice"},
		{"number too high", with(3, 100), [2]int{}, referee.White, "square D1 holds 100"},
		{"unknown code", with(3, -4), [2]int{}, referee.White, "square D1 holds -4"},
		{"no side to move", empty(), [2]int{}, 0, "to_move is 0"},
		{"score too high", empty(), [2]int{0, MaxScore + 1}, referee.Black, "score 4951"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := FromCells(tc.cells, tc.scores, tc.toMove)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "position: ") {
				t.Errorf("FromCells error = %v, want position: ... %s", err, tc.want)
			}
		})
	}
}
