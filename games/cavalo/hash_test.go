package cavalo

import (
	"testing"

	"github.com/arenabots/arena/referee"
)

func TestHashIncrementalMatchesFull(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 20; seed++ {
		e := NewEvaluator()
		root := New(seed)
		e.Prepare(&root)
		h := e.Hash(&root)
		seen := map[uint64]string{}
		randomGame(seed, 200, func(p *Position, m referee.Move) {
			if got := e.Hash(p); got != h {
				t.Fatalf("seed %d ply %d: incremental hash %x, full %x", seed, p.Ply(), h, got)
			}
			enc, _ := p.Encode()
			if prev, ok := seen[h]; ok && prev != string(enc) {
				t.Fatalf("seed %d ply %d: two positions share hash %x", seed, p.Ply(), h)
			}
			seen[h] = string(enc)
			h = e.HashAfter(h, p, m)
		})
	}
}

func TestHashTellsSidesAndPlacements(t *testing.T) {
	t.Parallel()
	e := NewEvaluator()
	root := New(3)
	e.Prepare(&root)
	black := root
	black.Play(referee.Pass) // only the side to move differs
	if e.Hash(&root) == e.Hash(&black) {
		t.Error("the side to move does not change the hash")
	}
	if knightKeys[0][notPlaced] == knightKeys[1][notPlaced] || knightKeys[0][5] == knightKeys[1][5] {
		t.Error("White's and Black's knights share keys")
	}
}

func TestDecodeMoveMatchesReferee(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 10; seed++ {
		var buf [referee.MaxMoves]referee.Move
		randomGame(seed, 200, func(p *Position, _ referee.Move) {
			for _, m := range p.Moves(buf[:0]) {
				if m == referee.Pass {
					continue
				}
				to, removed := decodeMove(m)
				want := SquareName(to)
				if removed >= 0 {
					want += "x" + SquareName(removed)
				}
				if got := FormatMove(m); got != want {
					t.Fatalf("move %#x: referee writes %s, decodeMove reads %s", uint32(m), got, want)
				}
			}
		})
	}
}

func TestHashTellsScores(t *testing.T) {
	t.Parallel()
	// White took 12 (losing 21 to the twin rule) or 21 (losing 12): the
	// same squares are left, but not the same scores.
	cells := map[string]int{"C3": WhiteKnight, "J10": BlackKnight, "E5": 30}
	a := sparse(t, cells, [2]int{12, 0}, referee.Black)
	b := sparse(t, cells, [2]int{21, 0}, referee.Black)
	c := sparse(t, cells, [2]int{33, 21}, referee.Black)
	e := NewEvaluator()
	e.Prepare(&a)
	if e.Hash(&a) == e.Hash(&b) {
		t.Error("positions that differ only in the scores share a hash")
	}
	if e.Hash(&a) != e.Hash(&c) {
		t.Error("positions with the same score difference have different hashes")
	}
}
