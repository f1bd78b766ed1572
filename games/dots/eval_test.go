package dots

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/arenabots/arena/referee"
)

// solveDots returns the margin of the boxes left that the side to move in p
// takes with perfect play, by a plain negamax over every arc, memoised on
// the arcs drawn (the value of the rest does not depend on the scores).
func solveDots(p *Position, memo map[uint64]int) int {
	key := uint64(0)
	for a := range p.Arcs() {
		if p.Drawn(a) != 0 {
			key |= 1 << a
		}
	}
	if v, ok := memo[key]; ok {
		return v
	}
	var buf [referee.MaxMoves]referee.Move
	moves := p.Moves(buf[:0])
	if len(moves) == 0 {
		return 0
	}
	best := -1 << 30
	me := p.ToMove().Index()
	for _, m := range moves {
		c := *p
		c.Play(m)
		gain := c.Scores()[me] - p.Scores()[me]
		v := solveDots(&c, memo)
		if c.ToMove() != p.ToMove() {
			v = -v
		}
		best = max(best, gain+v)
	}
	memo[key] = best
	return best
}

// TestDotsEvalExact checks every value Evaluator calls exact against a full
// solve, on random positions of small boards near their end.
func TestDotsEvalExact(t *testing.T) {
	t.Parallel()
	e := NewEvaluator()
	r := referee.SplitMix64{State: 3}
	exact := 0
	for _, size := range [][2]int{{3, 3}, {2, 4}, {3, 4}} {
		memo := map[uint64]int{}
		for range 300 {
			p := New(size[0], size[1])
			var buf [referee.MaxMoves]referee.Move
			for {
				moves := p.Moves(buf[:0])
				if len(moves) <= 16 {
					break
				}
				p.Play(moves[r.Below(uint64(len(moves)))])
			}
			e.Prepare(&p)
			for len(p.Moves(buf[:0])) > 0 {
				v, ok := e.Evaluate(&p)
				if ok {
					exact++
					s := p.Scores()
					i := p.ToMove().Index()
					if want := referee.Decided(s[i] - s[1-i] + solveDots(&p, memo)); v != want {
						t.Fatalf("Evaluate says %v in\n%s\nthe solve %v", referee.Points(v), &p, referee.Points(want))
					}
				}
				moves := p.Moves(buf[:0])
				p.Play(moves[r.Below(uint64(len(moves)))])
			}
		}
	}
	if exact < 100 {
		t.Errorf("only %d exact values checked", exact)
	}
}

// TestDotsHashAfter checks that HashAfter agrees with Hash of the position
// the move leads to, along random games, boxes taken included.
func TestDotsHashAfter(t *testing.T) {
	t.Parallel()
	e := NewEvaluator()
	r := referee.SplitMix64{State: 9}
	for range 20 {
		p := New(3, 4)
		e.Prepare(&p)
		var buf [referee.MaxMoves]referee.Move
		for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
			m := moves[r.Below(uint64(len(moves)))]
			h := e.HashAfter(e.Hash(&p), &p, m)
			p.Play(m)
			if want := e.Hash(&p); h != want {
				t.Fatalf("after %s: HashAfter %#x, Hash %#x in\n%s", p.FormatMove(m), h, want, &p)
			}
		}
	}
}

// TestDotsHints checks that Hints gives each move the hint Hint gives it,
// along random games on boards of several sizes, and the values Hint is
// documented to give: a move that closes a box first, one that gives a box
// its third side last.
func TestDotsHints(t *testing.T) {
	t.Parallel()
	e := NewEvaluator()
	r := referee.SplitMix64{State: 11}
	for _, size := range [][2]int{{2, 2}, {3, 4}, {5, 6}, {10, 10}} {
		p := New(size[0], size[1])
		e.Prepare(&p)
		var buf [referee.MaxMoves]referee.Move
		var hints [referee.MaxMoves]int32
		for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
			e.Hints(&p, moves, hints[:len(moves)])
			for i, m := range moves {
				want := int32(0)
				for _, b := range p.beside(int(m)) {
					switch {
					case b < 0:
					case p.sides(b) == 3:
						want += 4000
					case p.sides(b) == 2:
						want -= 1000
					}
				}
				if got := e.Hint(&p, m); got != want || hints[i] != want {
					t.Fatalf("%dx%d, %s: Hint %d, Hints %d, want %d in\n%s", size[0], size[1], p.FormatMove(m), got, hints[i], want, &p)
				}
			}
			p.Play(moves[r.Below(uint64(len(moves)))])
		}
	}
}

// TestDotsPackedReading checks that a packed board (packed.go) reads as a
// box at a time reads it, at every ply of random games on the packed sizes
// and beyond, and that a board past 64 dots is not packed.
func TestDotsPackedReading(t *testing.T) {
	t.Parallel()
	r := referee.SplitMix64{State: 5}
	for _, size := range [][2]int{{2, 2}, {3, 3}, {2, 10}, {3, 4}, {5, 6}, {6, 5}, {7, 7}, {4, 5}} {
		e := NewEvaluator()
		for range 30 {
			p := New(size[0], size[1])
			e.Prepare(&p)
			if p.geo.pack.boxes == 0 {
				t.Fatalf("%dx%d is not packed", size[0], size[1])
			}
			var buf [referee.MaxMoves]referee.Move
			for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
				p.Play(moves[r.Below(uint64(len(moves)))])
				if got, want := e.readPacked(e.packedArcsOf(&p.drawn)), e.readBoxes(&p); got != want {
					t.Fatalf("%dx%d: packed %+v, by boxes %+v in\n%s", size[0], size[1], got, want, &p)
				}
			}
		}
	}
	for _, size := range [][2]int{{7, 8}, {8, 8}, {10, 10}} {
		if g := geometryOf(size[0], size[1]); g.pack.boxes != 0 {
			t.Errorf("%dx%d is packed", size[0], size[1])
		}
	}
}

// TestDotsLoony checks the loony endgame's recursion on sets of strings
// worked by hand: the value for the player who must open one.
func TestDotsLoony(t *testing.T) {
	t.Parallel()
	chain := func(n int16) piece { return piece{size: n} }
	loop := func(n int16) piece { return piece{size: n, loop: true} }
	tests := []struct {
		name string
		ps   []piece
		want int
	}{
		{"one chain: all to the taker", []piece{chain(3)}, -3},
		{"two chains of 3: the taker keeps control", []piece{chain(3), chain(3)}, -2},
		{"a single box first passes control", []piece{chain(1), chain(3)}, 2},
		{"one loop", []piece{loop(4)}, -4},
		{"a loop of 4 and a chain of 3", []piece{loop(4), chain(3)}, -1},
		{"two boxes, opened in the middle", []piece{chain(2), chain(3)}, 1},
	}
	e := NewEvaluator()
	for _, tc := range tests {
		if v, exact := e.loony(tc.ps); v != tc.want || !exact {
			t.Errorf("%s: %d (exact %v), want %d", tc.name, v, exact, tc.want)
		}
	}
}

// TestDotsLoonyKept checks the loony recursion, which reads the values it
// keeps of the sets of one string fewer before it works any out, against
// the recursion worked out anew, on random sets of strings met with the
// values that the sets before them left.
func TestDotsLoonyKept(t *testing.T) {
	t.Parallel()
	var anew func(cs []uint8) int32
	anew = func(cs []uint8) int32 {
		if len(cs) == 0 {
			return 0
		}
		best := int32(math.MinInt32)
		for i, c := range cs {
			f := anew(slices.Concat(cs[:i], cs[i+1:]))
			sz := int32(c & 63)
			taker := sz + f
			switch {
			case c&64 != 0:
				taker = max(taker, sz-8-f)
			case sz >= 3:
				taker = max(taker, sz-4-f)
			}
			best = max(best, -taker)
		}
		return best
	}
	r := rand.New(rand.NewPCG(3, 4))
	e := NewEvaluator()
	for range 2000 {
		cs := make([]uint8, 1+r.IntN(6))
		for i := range cs {
			cs[i] = uint8(1 + r.IntN(6))
			if r.IntN(4) == 0 {
				cs[i] = uint8(4+r.IntN(6)) | 64 // a loop
			}
		}
		slices.Sort(cs)
		if got, want := e.loonyValue(cs), anew(cs); got != want {
			t.Fatalf("loonyValue(%v) = %d, want %d", cs, got, want)
		}
	}
}
