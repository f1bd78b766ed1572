package dots

import (
	"testing"

	"github.com/arenabots/arena/referee"
)

// TestDotsPackedArcsOf checks the evaluator's packed arcs, updated from the
// last board it read, against packing them anew, at every move of random
// games, and at earlier positions of the game in between (a search's
// nodes go back and forth), on every packed size tried.
func TestDotsPackedArcsOf(t *testing.T) {
	t.Parallel()
	r := referee.SplitMix64{State: 11}
	for _, size := range [][2]int{{2, 2}, {3, 3}, {2, 10}, {5, 6}, {7, 7}} {
		e := NewEvaluator()
		for range 20 {
			p := New(size[0], size[1])
			e.Prepare(&p)
			var seen []Position
			var buf [referee.MaxMoves]referee.Move
			for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
				p.Play(moves[r.Below(uint64(len(moves)))])
				seen = append(seen, p)
				for _, q := range []*Position{&p, &seen[r.Below(uint64(len(seen)))], &p} {
					h, v := e.packedArcsOf(&q.drawn)
					if wh, wv := q.geo.packedArcs(&q.drawn); h != wh || v != wv {
						t.Fatalf("%dx%d: packed arcs %#x %#x, anew %#x %#x in\n%s", size[0], size[1], h, v, wh, wv, q)
					}
				}
			}
		}
	}
}

// TestDotsLoonyAfterKept checks the readings of an evaluator that keeps
// the loony values of the boards its greedy runs leave (loonyAfter) against
// reading anew, at every move of random games and at earlier positions met
// again, on boards of two sizes read in turns (a new size forgets the
// values of the other).
func TestDotsLoonyAfterKept(t *testing.T) {
	t.Parallel()
	r := referee.SplitMix64{State: 12}
	e, fresh := NewEvaluator(), NewEvaluator()
	for game := range 40 {
		size := [][2]int{{3, 3}, {5, 6}}[game%2]
		p := New(size[0], size[1])
		e.Prepare(&p)
		fresh.Prepare(&p)
		var seen []Position
		var buf [referee.MaxMoves]referee.Move
		for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
			p.Play(moves[r.Below(uint64(len(moves)))])
			seen = append(seen, p)
			for _, q := range []*Position{&p, &seen[r.Below(uint64(len(seen)))]} {
				clear(fresh.afters)
				if got, want := e.reading(q), fresh.reading(q); got != want {
					t.Fatalf("%dx%d: kept %+v, anew %+v in\n%s", size[0], size[1], got, want, q)
				}
			}
		}
	}
}

// TestDotsSidesOfKept checks the box sides and hints the evaluator keeps
// and updates from the last position it was asked of (sidesOf) against
// counting them anew, at every move of random games and at earlier
// positions of the game in between, on boards of every kind of size.
func TestDotsSidesOfKept(t *testing.T) {
	t.Parallel()
	r := referee.SplitMix64{State: 13}
	for _, size := range [][2]int{{2, 2}, {3, 3}, {5, 6}, {7, 7}, {10, 10}} {
		e, fresh := NewEvaluator(), NewEvaluator()
		for range 10 {
			p := New(size[0], size[1])
			e.Prepare(&p)
			fresh.Prepare(&p)
			var seen []Position
			var buf [referee.MaxMoves]referee.Move
			for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
				p.Play(moves[r.Below(uint64(len(moves)))])
				seen = append(seen, p)
				for _, q := range []*Position{&p, &seen[r.Below(uint64(len(seen)))], &p} {
					fresh.known = false
					if got, want := *e.sidesOf(q), *fresh.sidesOf(q); got != want {
						t.Fatalf("%dx%d: kept sides %v, anew %v in\n%s", size[0], size[1], got, want, q)
					}
					if e.knownHints != fresh.knownHints {
						t.Fatalf("%dx%d: kept hints %v, anew %v in\n%s", size[0], size[1], e.knownHints, fresh.knownHints, q)
					}
				}
			}
		}
	}
}

// TestDotsEvaluateAfter checks EvaluateAfter of every move against
// playing it and evaluating the position it leads to, at every move of
// random games, on boards packed and not.
func TestDotsEvaluateAfter(t *testing.T) {
	t.Parallel()
	r := referee.SplitMix64{State: 14}
	for _, size := range [][2]int{{2, 2}, {3, 3}, {5, 6}, {7, 7}, {8, 8}} {
		e, fresh := NewEvaluator(), NewEvaluator()
		for range 4 {
			p := New(size[0], size[1])
			e.Prepare(&p)
			fresh.Prepare(&p)
			var buf [referee.MaxMoves]referee.Move
			for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
				for _, m := range moves {
					q := p
					q.Play(m)
					wantV, wantExact := fresh.Evaluate(&q)
					v, exact, again := e.EvaluateAfter(&p, m)
					if v != wantV || exact != wantExact || again != (q.ToMove() == p.ToMove()) {
						t.Fatalf("%dx%d: after %s: %d %v again %v, want %d %v %v in\n%s", size[0], size[1], p.FormatMove(m),
							v, exact, again, wantV, wantExact, q.ToMove() == p.ToMove(), &p)
					}
				}
				p.Play(moves[r.Below(uint64(len(moves)))])
			}
		}
	}
}
