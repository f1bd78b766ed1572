package cavalo

import (
	"testing"

	"github.com/arenabots/arena/referee"
)

// maxPlies bounds a game of Cavalo: every move but a pass takes at least one
// number off the board, and a pass is always followed by a move that is
// not, so a game has at most 100 moves and 100 passes.
const maxPlies = 200

// FuzzGame plays games from fuzzed seeds, the fuzzed bytes choosing the
// moves (then a generator seeded by the seed), and checks the rules'
// invariants after every ply.
func FuzzGame(f *testing.F) {
	f.Add(uint64(0), []byte(nil))
	f.Add(uint64(1), []byte{0, 0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(uint64(42), []byte{255, 128, 64, 32, 16, 8, 4, 2, 1})
	f.Add(uint64(2026), []byte("knights"))
	f.Fuzz(func(t *testing.T, seed uint64, choices []byte) {
		checkGame(t, seed, choices)
	})
}

// TestGameInvariants runs FuzzGame's checks on many seeds in a normal test
// run.
func TestGameInvariants(t *testing.T) {
	n := uint64(300)
	if testing.Short() {
		n = 30
	}
	for seed := range n {
		checkGame(t, seed, nil)
		if t.Failed() {
			t.Fatalf("seed %d failed", seed)
		}
	}
}

func checkGame(t *testing.T, seed uint64, choices []byte) {
	t.Helper()
	st := Game{}.New(seed)
	c := st.(*Position)
	rng := referee.SplitMix64{State: seed}
	var (
		scored [Squares]bool // numbers a knight has landed on
		gone   [Squares]bool // numbers no longer on the board
		sums   [2]int
		buf    [referee.MaxMoves]referee.Move
	)
	for ply := 0; ; ply++ {
		moves := st.Moves(buf[:0])
		if got, want := st.Terminal(), len(moves) == 0; got != want {
			t.Fatalf("ply %d: Terminal() = %v, want %v (%d moves)", ply, got, want, len(moves))
		}
		if len(moves) == 0 {
			return
		}
		if ply >= maxPlies {
			t.Fatalf("seed %d: game not over after %d plies", seed, maxPlies)
		}
		var pick int
		if ply < len(choices) {
			pick = int(choices[ply]) % len(moves)
		} else {
			pick = int(rng.Below(uint64(len(moves))))
		}
		m := moves[pick]
		side := st.ToMove()
		text := st.FormatMove(m)
		numsBefore := c.nums.Count()
		landed := -1
		if m != referee.Pass {
			landed = int(c.cell[m&moveTo])
		}
		snapshot := *c
		clone := st.Clone()

		st.Play(m)

		if got := *clone.(*Position); got != snapshot {
			t.Fatalf("ply %d (%s): Play on the original changed its clone", ply, text)
		}
		if clone.Play(m); *clone.(*Position) != *c {
			t.Fatalf("ply %d (%s): the clone, played the same move, differs from the original", ply, text)
		}
		if got := st.Ply(); got != ply+1 {
			t.Fatalf("ply %d (%s): Ply() = %d, want %d", ply, text, got, ply+1)
		}
		if got := st.ToMove(); got != side.Other() {
			t.Fatalf("ply %d (%s): ToMove() = %v, want %v", ply, text, got, side.Other())
		}
		if m == referee.Pass {
			if n := c.nums.Count(); n != numsBefore {
				t.Fatalf("ply %d: pass changed the numbers on the board from %d to %d", ply, numsBefore, n)
			}
			if next := st.Moves(buf[:0]); len(next) == 0 || next[0] == referee.Pass {
				t.Fatalf("ply %d: %v passed but %v has moves %v", ply, side, side.Other(), next)
			}
		} else {
			if n := c.nums.Count(); n >= numsBefore {
				t.Fatalf("ply %d (%s): numbers on the board went from %d to %d, want fewer", ply, text, numsBefore, n)
			}
			if scored[landed] {
				t.Fatalf("ply %d (%s): %d scored twice", ply, text, landed)
			}
			scored[landed] = true
			sums[side.Index()] += landed
		}
		if got := st.Scores(); got != sums {
			t.Fatalf("ply %d (%s): Scores() = %v, want %v (the sums of the numbers landed on)", ply, text, got, sums)
		}
		if w, b := c.knight[0], c.knight[1]; w >= 0 && b >= 0 && jumps[w].Has(int(b)) {
			t.Fatalf("ply %d (%s): knights on %s and %s attack each other", ply, text, SquareName(int(w)), SquareName(int(b)))
		}
		for n := range Squares {
			if c.where[n] >= 0 {
				if gone[n] {
					t.Fatalf("ply %d (%s): %d came back on %s", ply, text, n, SquareName(int(c.where[n])))
				}
			} else {
				gone[n] = true
			}
		}
		checkConsistent(t, c)
	}
}

// checkConsistent checks that c's redundant fields agree: the cells, the
// squares of the numbers, the set of numbered squares and the knights.
func checkConsistent(t *testing.T, c *Position) {
	t.Helper()
	for sq := range Squares {
		n := c.cell[sq]
		inSet := c.nums.Has(sq)
		switch {
		case n >= 0 && (c.where[n] != int8(sq) || !inSet):
			t.Fatalf("%s holds %d but where[%d] = %d, in set %v", SquareName(sq), n, n, c.where[n], inSet)
		case n < 0 && inSet:
			t.Fatalf("%s is empty but in the set of numbered squares", SquareName(sq))
		case n >= 0 && (int8(sq) == c.knight[0] || int8(sq) == c.knight[1]):
			t.Fatalf("%s holds both %d and a knight", SquareName(sq), n)
		}
	}
}
