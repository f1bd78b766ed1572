package adji

import (
	"fmt"
	"testing"

	"github.com/arenabots/arena/referee"
)

// TestPerft checks the counts of doc.go from the start, depths 1–8, with
// skip_origin on (the default) and off, and that player 1 on row 1 counts
// the same (the start is symmetric under a half turn).
func TestPerft(t *testing.T) {
	want := map[bool][]uint64{ // by SowOrigin
		false: {6, 36, 210, 1206, 6983, 39535, 225354, 1251491},
		true:  {6, 36, 210, 1206, 6983, 39535, 228280, 1312963},
	}
	for _, g := range []Game{{}, {SowOrigin: true}, {FirstRow: 1}, {SowOrigin: true, FirstRow: 1}} {
		t.Run(fmt.Sprintf("sow_origin=%v,first_row=%d", g.SowOrigin, g.FirstRow), func(t *testing.T) {
			t.Parallel()
			for i, n := range want[g.SowOrigin] {
				depth := i + 1
				if testing.Short() && depth > 6 {
					break
				}
				p := g.start()
				if got := p.Perft(depth); got != n {
					t.Errorf("perft(%d) = %d, want %d", depth, got, n)
				}
				st := g.New(0)
				if got := st.(referee.Perfter).Perft(depth); got != n {
					t.Errorf("New(0).Perft(%d) = %d, want %d", depth, got, n)
				}
			}
		})
	}
}

// TestPerftState checks referee.PerftState, which splits the count at the
// root, against Perft.
func TestPerftState(t *testing.T) {
	st := Game{}.New(1)
	got, err := referee.PerftState(t.Context(), st, 5)
	if err != nil || got != 6983 {
		t.Errorf("PerftState(5) = %d, %v; want 6983", got, err)
	}
}

// BenchmarkPerft counts depth 8 from the start (1,251,491 sequences).
func BenchmarkPerft(b *testing.B) {
	p := Start()
	var nodes uint64
	for b.Loop() {
		nodes += p.Perft(8)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}

// TestPerftAllocatesPerCall checks that Perft allocates per call, never per
// node: depth 6 no more than depth 3.
func TestPerftAllocatesPerCall(t *testing.T) {
	p := Start()
	three := testing.AllocsPerRun(5, func() { p.Perft(3) })
	six := testing.AllocsPerRun(5, func() { p.Perft(6) })
	if six > three || six > 3 {
		t.Errorf("Perft allocates %v times at depth 3 and %v at depth 6, want a few, the same", three, six)
	}
}

// TestMovesPlayAllocate checks that generating and playing moves allocate
// nothing: a whole game is played on a value.
func TestMovesPlayAllocate(t *testing.T) {
	start := Start()
	n := testing.AllocsPerRun(10, func() {
		p := start
		var buf [referee.MaxMoves]referee.Move
		for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
			p.Play(moves[len(moves)/2])
		}
	})
	if n != 0 {
		t.Errorf("a game of Moves and Play allocates %v times, want 0", n)
	}
}
