package adji

import (
	"testing"

	"github.com/arenabots/arena/referee"
)

// randomGames plays n seeded random games under every rule and calls f on
// each position before each move, with the move played.
func randomGames(t *testing.T, n int, f func(p *Position, m referee.Move)) {
	t.Helper()
	for _, g := range []Game{{}, {SowOrigin: true}, {FirstRow: 1}, {SowOrigin: true, FirstRow: 1}} {
		for seed := range uint64(n) {
			p := *g.New(seed).(*Position)
			r := referee.SplitMix64{State: seed ^ 0x5eed}
			var buf [Cols]referee.Move
			for !p.Terminal() {
				moves := p.Moves(buf[:0])
				m := moves[r.Below(uint64(len(moves)))]
				f(&p, m)
				p.Play(m)
			}
		}
	}
}

// TestHashAfter checks that HashAfter agrees with Hash of the position
// after the move, and that capture predicts what Play captures.
func TestHashAfter(t *testing.T) {
	e := NewEvaluator()
	positions := 0
	randomGames(t, 20, func(p *Position, m referee.Move) {
		positions++
		h := e.Hash(p)
		q := *p
		q.Play(m)
		if got, want := e.HashAfter(h, p, m), e.Hash(&q); got != want {
			t.Fatalf("HashAfter(%s) = %#x, Hash after = %#x in\n%s", FormatMove(m), got, want, p)
		}
		if m == referee.Pass {
			return
		}
		side := p.ToMove()
		gain := q.Scores()[side.Index()] - p.Scores()[side.Index()]
		if c := p.capture(side, int(m)); c != gain {
			t.Fatalf("capture(%s) = %d, Play captured %d in\n%s", FormatMove(m), c, gain, p)
		}
	})
	if positions < 1000 {
		t.Errorf("only %d positions", positions)
	}
}

// TestHashDistinguishes checks that the side to move and the scores
// change the hash.
func TestHashDistinguishes(t *testing.T) {
	e := NewEvaluator()
	p := Start()
	q := p
	q.toMove = referee.Black
	if e.Hash(&p) == e.Hash(&q) {
		t.Error("the side to move does not change the hash")
	}
	a, err := Decode([]byte(`{"board":[[0,8,8,8,8,8],[8,8,8,8,8,8]],"scores":[8,0],"to_move":1}`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Decode([]byte(`{"board":[[0,8,8,8,8,8],[8,8,8,8,8,8]],"scores":[0,8],"to_move":1}`))
	if err != nil {
		t.Fatal(err)
	}
	if e.Hash(&a) == e.Hash(&b) {
		t.Error("the scores do not change the hash")
	}
}

// TestEvaluate checks the evaluation's terms on a position with a capture
// to take: the side to move values it above an even position, the other
// side below, and a finished game is exact.
func TestEvaluate(t *testing.T) {
	e := NewEvaluator()
	start := Start()
	if v, exact := e.Evaluate(&start); v != 0 || exact {
		t.Errorf("start: %d, %v; want 0, not exact", v, exact)
	}
	p := sample(t, "capture.json")
	v, exact := e.Evaluate(&p)
	if exact {
		t.Error("a midgame is exact")
	}
	best, _ := p.threat(p.ToMove())
	if best == 0 {
		t.Fatalf("capture.json has no capture for %s:\n%s", p.ToMove(), &p)
	}
	q := p
	q.toMove = p.toMove.Other()
	w, _ := e.Evaluate(&q)
	t.Logf("capture.json: %d for %s, %d for %s", v, p.ToMove(), w, q.ToMove())
	if v <= -w {
		t.Errorf("the side that can capture %d values it %d, the other %d: want the capture to count", best, v, w)
	}
	end, err := Decode([]byte(`{"board":[[0,0,0,0,0,0],[0,0,0,0,0,0]],"scores":[50,46],"to_move":2}`))
	if err != nil {
		t.Fatal(err)
	}
	if v, exact := e.Evaluate(&end); !exact || v != referee.Decided(-4) {
		t.Errorf("finished game: %d, %v; want %d, exact", v, exact, referee.Decided(-4))
	}
}

// TestHintCapturesFirst checks that a capturing hole gets the highest hint.
func TestHintCapturesFirst(t *testing.T) {
	e := NewEvaluator()
	randomGames(t, 5, func(p *Position, m referee.Move) {
		var buf [Cols]referee.Move
		moves := p.Moves(buf[:0])
		best, top := referee.Move(0), int32(-1)
		for _, m := range moves {
			if h := e.Hint(p, m); h > top {
				best, top = m, h
			}
		}
		if b, _ := p.threat(p.ToMove()); moves[0] != referee.Pass && p.capture(p.ToMove(), int(best)) != b {
			t.Fatalf("the best hint %s captures %d, the best capture is %d in\n%s", FormatMove(best), p.capture(p.ToMove(), int(best)), b, p)
		}
	})
}

// TestEvaluatorAllocates checks that Hash, HashAfter, Evaluate, Hint and
// CopyFrom allocate nothing.
func TestEvaluatorAllocates(t *testing.T) {
	e := NewEvaluator()
	p := sample(t, "round.json")
	var st referee.State = &p
	var q Position
	m := referee.Move(0)
	for h := range Holes {
		if p.holes[h] != 0 && h/Cols == p.Row(p.ToMove()) {
			m = referee.Move(h)
		}
	}
	n := testing.AllocsPerRun(100, func() {
		h := e.Hash(st)
		_ = e.HashAfter(h, st, m)
		_, _ = e.Evaluate(st)
		_ = e.Hint(st, m)
		q.CopyFrom(st)
		_ = q.CourseValue()
	})
	if n != 0 {
		t.Errorf("%v allocations per run, want 0", n)
	}
}

// sample decodes one of checkdata's positions.
func sample(t testing.TB, file string) Position {
	t.Helper()
	data, err := checkData.ReadFile("checkdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCourse checks the course's words, title and league options: the
// options configure a game.
func TestCourse(t *testing.T) {
	g := Game{}
	if len(g.CourseWords()) == 0 || g.CourseTitle() != "Adji-boto" {
		t.Errorf("words %q, title %q", g.CourseWords(), g.CourseTitle())
	}
	c, err := Configure(g.CourseOptions())
	if err != nil || c.(Game).OpeningPlies != CourseOpeningPlies {
		t.Errorf("CourseOptions %v configure %+v, %v", g.CourseOptions(), c, err)
	}
}
