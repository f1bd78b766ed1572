package adji

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/arenabots/arena/referee"
)

// naive is a second implementation of the rules, written straight from the
// rules file and sharing no code with the package: the board as two rows,
// the sowing walked seed by seed, every test spelled out. Perft on it checks
// the package's.
type naive struct {
	board    [2][6]int
	score    [2]int // captured by players 1 and 2
	player   int    // 1 or 2, to move
	left     int    // plies before the move cap
	skip     bool   // skip the emptied origin hole
	firstRow int    // the row of player 1
}

// naiveStart is the start: 8 seeds in every hole, player 1 to move.
func naiveStart(skip bool, firstRow, left int) naive {
	n := naive{player: 1, left: left, skip: skip, firstRow: firstRow}
	for r := range 2 {
		for c := range 6 {
			n.board[r][c] = 8
		}
	}
	return n
}

// own returns the row of player.
func (n naive) own(player int) int {
	if player == 1 {
		return n.firstRow
	}
	return 1 - n.firstRow
}

// next returns the hole after (r c) counter-clockwise: along the top row
// toward column 0, down from (0 0) to (1 0), along the bottom row toward
// column 5, up from (1 5) to (0 5).
func next(r, c int) (int, int) {
	switch {
	case r == 0 && c > 0:
		return 0, c - 1
	case r == 0:
		return 1, 0
	case c < 5:
		return 1, c + 1
	}
	return 0, 5
}

// seedsOnBoard counts the seeds in all twelve holes.
func (n naive) seedsOnBoard() int {
	total := 0
	for r := range 2 {
		for c := range 6 {
			total += n.board[r][c]
		}
	}
	return total
}

// moves returns the columns of the mover's non-empty holes, [-1] for a
// pass, nothing once the game is over.
func (n naive) moves() []int {
	row := n.own(n.player)
	var cols []int
	for c := range 6 {
		if n.board[row][c] > 0 {
			cols = append(cols, c)
		}
	}
	switch {
	case n.seedsOnBoard() == 0, n.left == 0:
		return nil
	case len(cols) == 0 && n.left == 1:
		return nil // a pass on the last ply would leave the opponent no move
	case len(cols) == 0:
		return []int{-1}
	}
	return cols
}

// play returns n after the mover sows its hole in column col (-1: a pass).
func (n naive) play(col int) naive {
	mover := n.player
	n.player = 3 - mover
	n.left--
	if col < 0 {
		return n
	}
	row := n.own(mover)
	seeds := n.board[row][col]
	n.board[row][col] = 0
	r, c := row, col
	for seeds > 0 {
		r, c = next(r, c)
		if n.skip && r == row && c == col {
			continue
		}
		n.board[r][c]++
		seeds--
	}
	if k := n.board[r][c]; r != row && (k == 1 || k == 3 || k == 5) {
		n.score[mover-1] += k
		n.board[r][c] = 0
	}
	return n
}

func (n naive) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var total uint64
	for _, col := range n.moves() {
		total += n.play(col).perft(depth - 1)
	}
	return total
}

// file writes n as a position file for the package's Decode.
func (n naive) file() []byte {
	data, err := json.Marshal(map[string]any{
		"board": n.board, "scores": n.score, "to_move": n.player,
		"plies_left": n.left, "skip_origin": n.skip, "first_row": n.firstRow,
	})
	if err != nil {
		panic(err)
	}
	return data
}

// TestNaiveSowExample checks the naive rules against the rules file's own
// example: from all 8s, sowing (0 0) gives ((0 8 8 8 9 9) (9 9 9 9 9 9)).
func TestNaiveSowExample(t *testing.T) {
	got := naiveStart(true, 0, 300).play(0).board
	want := [2][6]int{{0, 8, 8, 8, 9, 9}, {9, 9, 9, 9, 9, 9}}
	if got != want {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestPerftAgainstNaive compares Perft from the start with the naive
// rules' under each combination of skip_origin and first_row, depths 1–8.
func TestPerftAgainstNaive(t *testing.T) {
	depth := 8
	if testing.Short() {
		depth = 4
	}
	for _, g := range []Game{{}, {SowOrigin: true}, {FirstRow: 1}, {SowOrigin: true, FirstRow: 1}} {
		t.Run(fmt.Sprintf("sow_origin=%v,first_row=%d", g.SowOrigin, g.FirstRow), func(t *testing.T) {
			t.Parallel()
			n := naiveStart(!g.SowOrigin, g.FirstRow, DefaultMaxPlies)
			for d := 1; d <= depth; d++ {
				p := g.start()
				if got, want := p.Perft(d), n.perft(d); got != want {
					t.Errorf("perft(%d) = %d, naive %d", d, got, want)
				}
			}
		})
	}
}

// randomNaive returns a random position: 96 seeds shared among the board
// and the scores, some holes empty, and few plies left now and then so
// that the cap and the pass before it come into play.
func randomNaive(rng *rand.Rand) naive {
	n := naive{player: 1 + rng.IntN(2), skip: rng.IntN(2) == 0, firstRow: rng.IntN(2), left: 1 + rng.IntN(300)}
	if rng.IntN(3) == 0 {
		n.left = rng.IntN(4)
	}
	n.score[0], n.score[1] = rng.IntN(30), rng.IntN(30)
	var holes []int // the holes that may hold seeds
	for h := range 12 {
		if rng.IntN(3) != 0 {
			holes = append(holes, h)
		}
	}
	rest := 96 - n.score[0] - n.score[1]
	if len(holes) == 0 {
		n.score[0] += rest
		return n
	}
	for range rest {
		h := holes[rng.IntN(len(holes))]
		n.board[h/6][h%6]++
	}
	return n
}

// TestPerftRandomPositions compares Perft with the naive rules' from random
// positions under random options, depths 1–5.
func TestPerftRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 11))
	count := 200
	if testing.Short() {
		count = 30
	}
	for i := range count {
		n := randomNaive(rng)
		data := n.file()
		p, err := Decode(data)
		if err != nil {
			t.Fatalf("position %d: %v\n%s", i, err, data)
		}
		for d := 1; d <= 5; d++ {
			if got, want := p.Perft(d), n.perft(d); got != want {
				t.Fatalf("position %d: perft(%d) = %d, naive %d\n%s\n%s", i, d, got, want, data, p.String())
			}
		}
	}
}

// TestPlayAgainstNaive plays random games on both implementations and
// compares the boards, scores, side to move and legal moves at every ply.
func TestPlayAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for game := range 100 {
		n := randomNaive(rng)
		n.left = 300
		p, err := Decode(n.file())
		if err != nil {
			t.Fatal(err)
		}
		var buf [referee.MaxMoves]referee.Move
		for ply := 0; ; ply++ {
			cols := n.moves()
			moves := p.Moves(buf[:0])
			if len(cols) != len(moves) {
				t.Fatalf("game %d ply %d: %d moves, naive %d\n%s", game, ply, len(moves), len(cols), p.String())
			}
			if len(cols) == 0 {
				break
			}
			i := rng.IntN(len(cols))
			want := referee.Pass
			if cols[i] >= 0 {
				want = referee.Move(n.own(n.player)*6 + cols[i])
			}
			if moves[i] != want {
				t.Fatalf("game %d ply %d: move %d is %s, naive %s", game, ply, i, FormatMove(moves[i]), FormatMove(want))
			}
			p.Play(moves[i])
			n = n.play(cols[i])
			for h := range Holes {
				if p.Hole(h/6, h%6) != n.board[h/6][h%6] {
					t.Fatalf("game %d ply %d: board\n%s\nnaive %v", game, ply, p.String(), n.board)
				}
			}
			if p.Scores() != n.score || int(p.ToMove()) != n.player {
				t.Fatalf("game %d ply %d: scores %v, %v to move; naive %v, %d", game, ply, p.Scores(), p.ToMove(), n.score, n.player)
			}
		}
	}
}
