package search

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

// decode reads a position literal.
func decode(tb testing.TB, js string) cavalo.Position {
	tb.Helper()
	c, err := cavalo.Decode([]byte(js))
	if err != nil {
		tb.Fatalf("%v\n%s", err, js)
	}
	return c
}

// sparse writes the position file of a board holding only the given cells
// ("E5": 40, "A1": cavalo.WhiteKnight, ...), with the scores and side to
// move, for cavalo.Decode.
func sparse(tb testing.TB, cells map[string]int, scores [2]int, toMove referee.Side) cavalo.Position {
	tb.Helper()
	var grid [10][10]string
	for r := range grid {
		for c := range grid[r] {
			grid[r][c] = "null"
		}
	}
	for name, v := range cells {
		sq, err := cavalo.ParseSquare(name)
		if err != nil {
			tb.Fatal(err)
		}
		grid[sq/10][sq%10] = strconv.Itoa(v)
	}
	var b strings.Builder
	b.WriteString(`{"board": [`)
	for r, row := range grid {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteString("[" + strings.Join(row[:], ", ") + "]")
	}
	fmt.Fprintf(&b, `], "scores": [%d, %d], "to_move": %d}`, scores[0], scores[1], toMove)
	return decode(tb, b.String())
}

// randomGame plays n random legal moves (fewer if the game ends) from the
// board of seed and calls visit before each move.
func randomGame(seed uint64, n int, visit func(p *cavalo.Position, m referee.Move)) cavalo.Position {
	rng := rand.New(rand.NewPCG(seed, 1))
	p := cavalo.New(seed)
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
