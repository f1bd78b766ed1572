package solitario

import (
	"testing"

	"github.com/arenabots/arena/referee"
)

// randomPlay plays a seeded random game from the start with opening plies,
// calling f before each move.
func randomPlay(seed uint64, f func(p *Position, m referee.Move)) {
	p := *Game{OpeningPlies: 4}.New(seed).(*Position)
	r := referee.SplitMix64{State: seed * 7919}
	var buf [referee.MaxMoves]referee.Move
	for !p.Terminal() {
		moves := p.Moves(buf[:0])
		m := moves[r.Below(uint64(len(moves)))]
		f(&p, m)
		p.Play(m)
	}
}

func TestHashIncrementalMatchesFull(t *testing.T) {
	t.Parallel()
	e := NewEvaluator()
	for seed := uint64(1); seed <= 30; seed++ {
		var h uint64
		first := true
		seen := map[uint64]string{}
		randomPlay(seed, func(p *Position, m referee.Move) {
			if first {
				h, first = e.Hash(p), false
			}
			if got := e.Hash(p); got != h {
				t.Fatalf("seed %d ply %d: incremental hash %x, full %x\n%s", seed, p.GamePly(), h, got, p)
			}
			q := *p
			q.ply, q.start = 0, 0 // the ply is not hashed
			enc, _ := q.Encode()
			key := string(enc)
			if prev, ok := seen[h]; ok && prev != key {
				t.Fatalf("seed %d: two positions share hash %x", seed, h)
			}
			seen[h] = key
			h = e.HashAfter(h, p, m)
		})
	}
}

func TestHashTellsSideAndFirstMoves(t *testing.T) {
	t.Parallel()
	e := NewEvaluator()
	a := New(DefaultMaxPlies)
	b := a
	b.toMove = referee.Black
	c := a
	c.moved[0] = true
	if e.Hash(&a) == e.Hash(&b) || e.Hash(&a) == e.Hash(&c) {
		t.Error("the side to move or the first move made does not change the hash")
	}
}

func TestEvaluateOutcomesAndAllocations(t *testing.T) {
	e := NewEvaluator()
	var won *Position
	randomPlay(3, func(p *Position, m referee.Move) {
		q := *p
		q.Play(m)
		if q.Winner() != 0 && won == nil {
			won = &q
		}
	})
	if won == nil {
		t.Fatal("seed 3 plays no game to a win")
	}
	v, exact := e.Evaluate(won)
	if !exact || v > -referee.Win {
		t.Errorf("a game the side to move lost is worth %d (exact %v), want a decided loss", v, exact)
	}
	start := New(DefaultMaxPlies)
	if v, exact := e.Evaluate(&start); exact || v != 0 {
		t.Errorf("the start, symmetric, is worth %d (exact %v), want 0, an estimate", v, exact)
	}
	var buf [referee.MaxMoves]referee.Move
	p := *Game{OpeningPlies: 9}.New(5).(*Position)
	moves := p.Moves(buf[:0])
	h := e.Hash(&p)
	allocs := testing.AllocsPerRun(100, func() {
		e.Evaluate(&p)
		for _, m := range moves {
			e.Hint(&p, m)
			e.HashAfter(h, &p, m)
		}
		var q Position
		q.CopyFrom(&p)
	})
	if allocs != 0 {
		t.Errorf("Evaluate, Hint, HashAfter and CopyFrom allocate %.1f times, want none", allocs)
	}
}

func TestHintOrdersWinsJumpsAdvances(t *testing.T) {
	t.Parallel()
	e := NewEvaluator()
	p := New(DefaultMaxPlies)
	p.moved = [2]bool{true, true}
	// White on row 5 col 4 can step down into a start hole of Black's (a
	// win); White on row 3 col 3 can jump over Black's peg on row 4 col 3;
	// White on row 3 col 5 can step down (closer) or up (further).
	at := func(row, col int) bitset { return bit((row-1)*Size + col - 1) }
	p.pegs = [2]bitset{at(5, 4) | at(3, 3) | at(3, 5), at(4, 3) | at(7, 5)}
	win, _ := ParseMove("b5-4")
	jump, _ := ParseMove("cb3-3")
	advance, _ := ParseMove("b3-5")
	back, _ := ParseMove("c3-5")
	hw, hj, ha, hb := e.Hint(&p, win), e.Hint(&p, jump), e.Hint(&p, advance), e.Hint(&p, back)
	if !(hw > hj && hj > ha && ha > hb) {
		t.Errorf("hints: win %d, jump %d, advance %d, retreat %d: want them in that order", hw, hj, ha, hb)
	}
	for _, m := range []referee.Move{win, jump, advance, back} {
		if !referee.Legal(&p, m) {
			t.Errorf("%s is not legal in\n%s", FormatMove(m), &p)
		}
	}
}

func TestCourseValue(t *testing.T) {
	t.Parallel()
	p := New(DefaultMaxPlies)
	if v := p.CourseValue(); v != 0 {
		t.Errorf("CourseValue of the start is %d, want 0", v)
	}
	p.Play(move(down, 1*Size+3)) // b2-4: White one step closer
	if v := p.CourseValue(); v != -1 {
		t.Errorf("CourseValue for Black after b2-4 is %d, want -1", v)
	}
}
