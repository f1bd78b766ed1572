package cavalo

import (
	"math/rand/v2"
	"testing"

	"github.com/arenabots/arena/referee"
)

// decode reads a position literal.
func decode(tb testing.TB, js string) Position {
	tb.Helper()
	c, err := Decode([]byte(js))
	if err != nil {
		tb.Fatalf("%v\n%s", err, js)
	}
	return c
}

// sparse returns the position holding only the given cells ("E5": 40,
// "A1": WhiteKnight, ...), with the scores and side to move.
func sparse(tb testing.TB, cells map[string]int, scores [2]int, toMove referee.Side) Position {
	tb.Helper()
	var all [Squares]int
	for sq := range all {
		all[sq] = Empty
	}
	for name, v := range cells {
		sq, err := ParseSquare(name)
		if err != nil {
			tb.Fatal(err)
		}
		all[sq] = v
	}
	p, err := FromCells(all, scores, toMove)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// randomGame plays n random legal moves (fewer if the game ends) from the
// board of seed and calls visit before each move.
func randomGame(seed uint64, n int, visit func(p *Position, m referee.Move)) Position {
	rng := rand.New(rand.NewPCG(seed, 1))
	p := New(seed)
	var buf [referee.MaxMoves]referee.Move
	for range n {
		moves := p.Moves(buf[:0])
		if len(moves) == 0 {
			break
		}
		m := moves[rng.IntN(len(moves))]
		if visit != nil {
			visit(&p, m)
		}
		p.Play(m)
	}
	return p
}
