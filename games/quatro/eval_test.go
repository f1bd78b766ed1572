package quatro

import (
	"math/bits"
	"testing"

	"github.com/arenabots/arena/referee"
)

// randomPosition plays n random plies from the start that end no game.
func randomPosition(r *referee.SplitMix64, n int) Position {
	p := New()
	p.open(n, r.Next())
	return p
}

// solve returns the outcome of q for the side to move with perfect play:
// 1 a win, 0 a draw, -1 a loss, by a plain negamax.
func solve(q *Position) int {
	if q.winner != 0 {
		return -1
	}
	var buf [referee.MaxMoves]referee.Move
	moves := q.Moves(buf[:0])
	if len(moves) == 0 {
		return 0
	}
	best := -1
	for _, m := range moves {
		c := *q
		c.Play(m)
		if v := -solve(&c); v > best {
			best = v
			if best == 1 {
				break
			}
		}
	}
	return best
}

// TestPlacementsMatchPlay checks the winning and unsafe placements against
// playing each move and looking at the opponent's replies.
func TestPlacementsMatchPlay(t *testing.T) {
	t.Parallel()
	r := referee.SplitMix64{State: 11}
	var buf, replies [referee.MaxMoves]referee.Move
	checked := [2]int{}
	for range 300 {
		q := randomPosition(&r, 4+int(r.Below(9)))
		wins, _ := q.count()
		for _, m := range q.Moves(buf[:0]) {
			c, p := split(m)
			win, unsafe := q.placements(c)
			after := q
			after.Play(m)
			if got := win&(1<<p) != 0; got != (after.winner != 0) {
				t.Fatalf("%s in\n%s\nplacements says win %v", q.FormatMove(m), &q, got)
			}
			if after.winner != 0 {
				checked[0]++
				continue
			}
			gives := false
			for _, reply := range after.Moves(replies[:0]) {
				if rc, rp := split(reply); after.completes(rc, rp) {
					gives = true
					break
				}
			}
			if wins > 0 {
				continue // unsafe speaks of positions with no win left to take
			}
			if got := unsafe&(1<<p) != 0; got != gives {
				t.Fatalf("%s in\n%s\nplacements says unsafe %v, the replies %v", q.FormatMove(m), &q, got, gives)
			}
			if gives {
				checked[1]++
			}
		}
	}
	if checked[0] < 50 || checked[1] < 50 {
		t.Errorf("only %d wins and %d unsafe placements checked", checked[0], checked[1])
	}
}

// TestEvalExact checks every value Evaluate calls exact against a solve,
// on random positions with few cells left.
func TestEvalExact(t *testing.T) {
	t.Parallel()
	e := NewEvaluator()
	r := referee.SplitMix64{State: 5}
	exact, losses := 0, 0
	for range 200 {
		q := randomPosition(&r, 10+int(r.Below(4)))
		if bits.OnesCount16(q.filled) < 11 {
			continue
		}
		v, ok := e.Evaluate(&q)
		if !ok {
			continue
		}
		exact++
		if want := referee.Decided(solve(&q)); v != want {
			t.Fatalf("Evaluate says %v in\n%s\nthe solve %v", referee.Points(v), &q, referee.Points(want))
		}
		if v < 0 {
			losses++
		}
	}
	t.Logf("%d exact values, %d of them losses", exact, losses)
	if exact < 30 {
		t.Errorf("only %d exact values checked", exact)
	}
}

func TestHashIncrementalMatchesFull(t *testing.T) {
	t.Parallel()
	e := NewEvaluator()
	r := referee.SplitMix64{State: 7}
	var buf [referee.MaxMoves]referee.Move
	for range 50 {
		q := New()
		h := e.Hash(&q)
		for !q.Terminal() {
			if got := e.Hash(&q); got != h {
				t.Fatalf("incremental hash %x, full %x in\n%s", h, got, &q)
			}
			moves := q.Moves(buf[:0])
			m := moves[r.Below(uint64(len(moves)))]
			h = e.HashAfter(h, &q, m)
			q.Play(m)
		}
	}
	a, b := New(), New()
	a.Play(move(0, 0))
	b.Play(move(0, 1))
	if e.Hash(&a) == e.Hash(&b) {
		t.Error("two pieces on one cell hash alike")
	}
}

// TestHintOrders checks that a winning placement is hinted above a safe
// one, and a safe one above one that hands the opponent a win.
func TestHintOrders(t *testing.T) {
	t.Parallel()
	data, err := checkData.ReadFile("checkdata/win.json")
	if err != nil {
		t.Fatal(err)
	}
	q, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	e := NewEvaluator()
	var buf [referee.MaxMoves]referee.Move
	var best [3]int32 // win, safe, unsafe: the most of each kind
	seen := [3]bool{}
	for _, m := range q.Moves(buf[:0]) {
		c, p := split(m)
		win, unsafe := q.placements(c)
		k := 1
		switch {
		case win&(1<<p) != 0:
			k = 0
		case unsafe&(1<<p) != 0:
			k = 2
		}
		h := e.Hint(&q, m)
		if !seen[k] || h > best[k] {
			best[k], seen[k] = h, true
		}
	}
	if !seen[0] || !seen[1] {
		t.Fatalf("win.json has no win or no safe placement: %v", seen)
	}
	if best[0] <= best[1] || seen[2] && best[1] <= best[2] {
		t.Errorf("hints %v: want wins above safe placements above unsafe ones", best)
	}
	if v, exact := e.Evaluate(&q); !exact || v != referee.Decided(1) {
		t.Errorf("Evaluate(win.json) = %v, %v: want a win, exact", v, exact)
	}
}

func TestCourseValueCountsWinningCells(t *testing.T) {
	t.Parallel()
	data, _ := checkData.ReadFile("checkdata/win.json")
	q, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if v := q.CourseValue(); v < 1 {
		t.Errorf("CourseValue(win.json) = %d, want at least 1", v)
	}
	start := New()
	if v := start.CourseValue(); v != 0 {
		t.Errorf("CourseValue(start) = %d, want 0", v)
	}
}

// TestEvalAllocatesNothing checks what bots/search's Evaluator requires:
// Evaluate, Hint, HashAfter and CopyFrom allocate nothing.
func TestEvalAllocatesNothing(t *testing.T) {
	q := midgame(t)
	var c Position
	e := NewEvaluator()
	var buf [referee.MaxMoves]referee.Move
	m := q.Moves(buf[:0])[0]
	if n := testing.AllocsPerRun(100, func() {
		e.Evaluate(&q)
		e.Hint(&q, m)
		e.HashAfter(1, &q, m)
		c.CopyFrom(&q)
	}); n != 0 {
		t.Errorf("%v allocations per run, want 0", n)
	}
}
