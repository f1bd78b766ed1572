package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/arenabots/arena/referee"
)

// leadByScans is lead as a scan of moves for each candidate in turn: the
// ordering lead must reproduce.
func leadByScans(moves []referee.Move, cands [3]referee.Move) int {
	n := 0
	for _, m := range cands {
		if m == noMove {
			continue
		}
		for i := n; i < len(moves); i++ {
			if moves[i] == m {
				moves[n], moves[i] = m, moves[n]
				n++
				break
			}
		}
	}
	return n
}

// TestLead checks lead against leadByScans on shuffled move lists and
// candidates that are absent, equal to the table's move, or noMove.
func TestLead(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	s := &Searcher{}
	for range 20000 {
		moves := make([]referee.Move, r.IntN(9))
		for i := range moves {
			moves[i] = referee.Move(i * 3) // 0, 3, 6...: candidates up to 30 miss some
		}
		r.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		var cands [3]referee.Move
		for j := range cands {
			cands[j] = referee.Move(r.IntN(30))
			if r.IntN(4) == 0 {
				cands[j] = noMove
			}
		}
		if cands[1] == cands[2] {
			cands[2] = noMove // the two killers of a ply differ
		}
		want := slices.Clone(moves)
		wantN := leadByScans(want, cands)
		got := slices.Clone(moves)
		s.killers[0] = [2]referee.Move{cands[1], cands[2]}
		if n := s.lead(0, got, cands[0]); n != wantN || !slices.Equal(got, want) {
			t.Fatalf("lead of %v with %v = %d %v, want %d %v", moves, cands, n, got, wantN, want)
		}
	}
}
