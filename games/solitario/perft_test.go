package solitario

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"unsafe"

	"github.com/arenabots/arena/referee"
)

// The naive implementation below is written straight from
// rules/solitario2.md, sharing no code with the package: a board of
// [7][7]int, moves as strings, every rule checked cell by cell. Perft and
// the moves of the package are checked against it.

// naiveOff marks a cell off the board in naive.board.
const naiveOff = -1

// naive is a position: board[row-1][col-1] is naiveOff, 0 (empty), 1 or 2.
type naive struct {
	board    [7][7]int
	moved    [3]bool // moved[player]: the player has made its first move
	took     [3]int  // took[player]: the opponent's pegs it captured
	toMove   int
	ply, cap int
}

func naiveStart(maxPlies int) naive {
	var n naive
	for r := range 7 {
		for c := range 7 {
			if (r <= 1 || r >= 5) && (c <= 1 || c >= 5) {
				n.board[r][c] = naiveOff
			}
		}
	}
	for _, r := range []int{0, 1} {
		for c := 2; c <= 4; c++ {
			n.board[r][c] = 1
			n.board[6-r][c] = 2
		}
	}
	n.toMove, n.cap = 1, maxPlies
	return n
}

// winner returns the player one of whose pegs stands on a start hole of
// the other, or 0.
func (n *naive) winner() int {
	for r := range 7 {
		for c := 2; c <= 4; c++ {
			if r >= 5 && n.board[r][c] == 1 {
				return 1
			}
			if r <= 1 && n.board[r][c] == 2 {
				return 2
			}
		}
	}
	return 0
}

func (n *naive) hole(r, c int) bool {
	return r >= 0 && r < 7 && c >= 0 && c < 7 && n.board[r][c] != naiveOff
}

// pegMoves returns player's moves, written "op row-col", ignoring whose
// turn it is.
func (n *naive) pegMoves(player int) []string {
	names := []string{"c", "b", "e", "d"}
	dr := []int{-1, 1, 0, 0}
	dc := []int{0, 0, -1, 1}
	var out []string
	for r := range 7 {
		for c := range 7 {
			if n.board[r][c] != player {
				continue
			}
			for d := range 4 {
				if !n.moved[player] {
					// First move: b from row 2 (player 1), c from row 6 (player 2).
					if player == 1 && (r != 1 || names[d] != "b") || player == 2 && (r != 5 || names[d] != "c") {
						continue
					}
				}
				r1, c1 := r+dr[d], c+dc[d]
				if n.hole(r1, c1) && n.board[r1][c1] == 0 {
					out = append(out, fmt.Sprintf("%s%d-%d", names[d], r+1, c+1))
				}
				if !n.moved[player] {
					continue
				}
				r2, c2 := r1+dr[d], c1+dc[d]
				if n.hole(r1, c1) && n.board[r1][c1] == 3-player && n.hole(r2, c2) && n.board[r2][c2] == 0 {
					out = append(out, fmt.Sprintf("c%s%d-%d", names[d], r+1, c+1))
				}
			}
		}
	}
	return out
}

// legal returns the legal moves, sorted: none when the game is over,
// ["pass"] when the mover is blocked and the opponent is not (and the
// cap is not one ply away).
func (n *naive) legal() []string {
	if n.winner() != 0 || n.ply >= n.cap {
		return nil
	}
	ms := n.pegMoves(n.toMove)
	if len(ms) == 0 && n.ply+1 < n.cap && len(n.pegMoves(3-n.toMove)) > 0 {
		ms = []string{"pass"}
	}
	slices.Sort(ms)
	return ms
}

func (n *naive) play(m string) {
	n.ply++
	player := n.toMove
	n.toMove = 3 - player
	if m == "pass" {
		return
	}
	var op string
	var r, c int
	for i := range m {
		if m[i] >= '0' && m[i] <= '9' {
			op = m[:i]
			fmt.Sscanf(m[i:], "%d-%d", &r, &c)
			break
		}
	}
	r, c = r-1, c-1
	dr := map[byte]int{'c': -1, 'b': 1, 'e': 0, 'd': 0}[op[len(op)-1]]
	dc := map[byte]int{'c': 0, 'b': 0, 'e': -1, 'd': 1}[op[len(op)-1]]
	n.board[r][c] = 0
	if len(op) == 2 {
		n.board[r+dr][c+dc] = 0
		n.took[player]++
		r, c = r+dr, c+dc
	}
	n.board[r+dr][c+dc] = player
	n.moved[player] = true
}

func (n *naive) scores() [2]int {
	s := [2]int{n.took[1], n.took[2]}
	if w := n.winner(); w != 0 {
		s[w-1] += 10
	}
	return s
}

func (n *naive) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var total uint64
	for _, m := range n.legal() {
		c := *n
		c.play(m)
		total += c.perft(depth - 1)
	}
	return total
}

// file writes n as a position file, by hand.
func (n *naive) file() []byte {
	board := make([][]any, 7)
	for r := range board {
		board[r] = make([]any, 7)
		for c := range board[r] {
			if n.board[r][c] != naiveOff {
				board[r][c] = n.board[r][c]
			}
		}
	}
	data, _ := json.Marshal(map[string]any{
		"game": "solitario", "board": board, "to_move": n.toMove, "ply": n.ply, "max_plies": n.cap,
		"moved": []bool{n.moved[1], n.moved[2]}, "scores": n.scores(),
	})
	return data
}

// sortedMoves returns p's moves in the notation, sorted.
func sortedMoves(p *Position) []string {
	var buf [referee.MaxMoves]referee.Move
	var out []string
	for _, m := range p.Moves(buf[:0]) {
		out = append(out, FormatMove(m))
	}
	slices.Sort(out)
	return out
}

// startPerft is the perft of the start (default cap), depths 1..8, as
// doc.go gives it.
var startPerft = []uint64{3, 9, 75, 625, 4677, 34856, 318722, 2898868}

func TestPerftStart(t *testing.T) {
	p := New(DefaultMaxPlies)
	n := naiveStart(DefaultMaxPlies)
	for i, want := range startPerft {
		depth := i + 1
		if testing.Short() && depth > 6 {
			break
		}
		t.Run(fmt.Sprintf("depth=%d", depth), func(t *testing.T) {
			if got := p.Perft(depth); got != want {
				t.Errorf("Perft = %d, want %d", got, want)
			}
			if depth <= 5 {
				if got := n.perft(depth); got != want {
					t.Errorf("naive perft = %d, want %d", got, want)
				}
			}
		})
	}
}

// TestAgainstNaive plays random games with the naive implementation and
// checks, at every ply, that the package decodes the same position with
// the same moves, scores and end, and at some plies the same perft.
func TestAgainstNaive(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 20
	}
	for seed := range uint64(games) {
		r := referee.SplitMix64{State: seed}
		maxPlies := []int{DefaultMaxPlies, 30, 7}[seed%3]
		n := naiveStart(maxPlies)
		p := New(maxPlies)
		for ply := 0; ; ply++ {
			d, err := Decode(n.file())
			if err != nil {
				t.Fatalf("seed %d ply %d: %v", seed, ply, err)
			}
			want := n.legal()
			for _, q := range []*Position{&p, &d} {
				if got := sortedMoves(q); !slices.Equal(got, want) {
					t.Fatalf("seed %d ply %d: moves %q, naive %q\n%s", seed, ply, got, want, q)
				}
				if got := q.Scores(); got != n.scores() {
					t.Fatalf("seed %d ply %d: scores %v, naive %v", seed, ply, got, n.scores())
				}
				if q.Terminal() != (len(want) == 0) {
					t.Fatalf("seed %d ply %d: Terminal() = %v with naive moves %q", seed, ply, q.Terminal(), want)
				}
			}
			if ply%9 == 4 && seed%4 == 0 {
				for depth := 1; depth <= 3; depth++ {
					if got, w := d.Perft(depth), n.perft(depth); got != w {
						t.Fatalf("seed %d ply %d: perft(%d) = %d, naive %d\n%s", seed, ply, depth, got, w, &d)
					}
				}
			}
			if len(want) == 0 {
				break
			}
			m := want[r.Below(uint64(len(want)))]
			n.play(m)
			mv, err := ParseMove(m)
			if err != nil {
				t.Fatal(err)
			}
			p.Play(mv)
		}
	}
}

// TestPerftFromRandomPositions compares perft to depth 5 from positions
// of random games with the naive count.
func TestPerftFromRandomPositions(t *testing.T) {
	if testing.Short() {
		t.Skip("naive perft to depth 5")
	}
	for _, c := range []struct {
		seed  uint64
		plies int
	}{{11, 14}, {12, 21}, {13, 30}} {
		n := naiveStart(DefaultMaxPlies)
		r := referee.SplitMix64{State: c.seed}
		for range c.plies {
			ms := n.legal()
			if len(ms) == 0 {
				break
			}
			n.play(ms[r.Below(uint64(len(ms)))])
		}
		p, err := Decode(n.file())
		if err != nil {
			t.Fatal(err)
		}
		for depth := 1; depth <= 5; depth++ {
			if got, want := p.Perft(depth), n.perft(depth); got != want {
				t.Errorf("seed %d after %d plies: perft(%d) = %d, naive %d\n%s", c.seed, c.plies, depth, got, want, &p)
			}
		}
	}
}

// TestPerftAllocatesPerCall checks that Perft allocates per call, never
// per node, and that a whole game of Moves and Play allocates nothing.
func TestPerftAllocatesPerCall(t *testing.T) {
	p := New(DefaultMaxPlies)
	two := testing.AllocsPerRun(5, func() { p.Perft(2) })
	five := testing.AllocsPerRun(5, func() { p.Perft(5) })
	if five > two || five > 3 {
		t.Errorf("Perft allocates %v times at depth 2 and %v at depth 5, want a few, the same", two, five)
	}
	game := testing.AllocsPerRun(10, func() {
		q := New(DefaultMaxPlies)
		var buf [referee.MaxMoves]referee.Move
		for moves := q.Moves(buf[:0]); len(moves) > 0; moves = q.Moves(buf[:0]) {
			q.Play(moves[len(moves)/2])
			_ = q.Terminal()
		}
	})
	if game != 0 {
		t.Errorf("a game of Moves and Play allocates %v times, want 0", game)
	}
}

func BenchmarkPerft(b *testing.B) {
	p := New(DefaultMaxPlies)
	var nodes uint64
	for b.Loop() {
		nodes += p.Perft(6)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}

// TestPositionSize keeps Position as small as its doc says: perft and
// searches copy it at every node.
func TestPositionSize(t *testing.T) {
	if got := unsafe.Sizeof(Position{}); got > 40 {
		t.Errorf("Position is %d bytes, want 40 at most as its doc says", got)
	}
}
