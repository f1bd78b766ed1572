package quatro

import (
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/arenabots/arena/referee"
)

// naive is Jogo do Quatro written again straight from the rules
// (shared/rules/quatro.md), sharing no code with the package, slow and
// plain: pieces are lists of four attribute words, the board a 4×4 array
// of them (nil for an empty cell), the reserve a list.
type naive struct {
	board   [4][4][]string // [row][column], row 1 and column A first
	reserve [][]string
	over    bool // a line is complete
}

// naiveWords are the two values of each attribute, in the order a piece
// lists them.
var naiveWords = [4][2]string{{"BRANCA", "PRETA"}, {"QUADRADA", "REDONDA"}, {"ALTA", "BAIXA"}, {"CHEIA", "OCA"}}

// naiveStart is the empty board with all 16 pieces in the reserve.
func naiveStart() naive {
	var n naive
	for _, c := range naiveWords[0] {
		for _, s := range naiveWords[1] {
			for _, h := range naiveWords[2] {
				for _, f := range naiveWords[3] {
					n.reserve = append(n.reserve, []string{c, s, h, f})
				}
			}
		}
	}
	return n
}

// naiveLines are the 10 lines as [row, column] pairs.
var naiveLines = func() [][4][2]int {
	var out [][4][2]int
	for i := range 4 {
		out = append(out, [4][2]int{{i, 0}, {i, 1}, {i, 2}, {i, 3}}) // row
		out = append(out, [4][2]int{{0, i}, {1, i}, {2, i}, {3, i}}) // column
	}
	out = append(out, [4][2]int{{0, 0}, {1, 1}, {2, 2}, {3, 3}}, [4][2]int{{0, 3}, {1, 2}, {2, 1}, {3, 0}})
	return out
}()

// won reports whether some line holds four pieces with a word in common
// at the same place of their lists.
func (n *naive) won() bool {
	for _, line := range naiveLines {
		full := true
		for _, rc := range line {
			if n.board[rc[0]][rc[1]] == nil {
				full = false
			}
		}
		if !full {
			continue
		}
		for a := range 4 {
			first := n.board[line[0][0]][line[0][1]][a]
			same := true
			for _, rc := range line[1:] {
				if n.board[rc[0]][rc[1]][a] != first {
					same = false
				}
			}
			if same {
				return true
			}
		}
	}
	return false
}

// naiveMove is a move of naive: a cell and the index of a reserve piece.
type naiveMove struct{ row, col, piece int }

// moves lists every empty cell with every reserve piece; none once over.
func (n *naive) moves() []naiveMove {
	if n.over {
		return nil
	}
	var out []naiveMove
	for r := range 4 {
		for c := range 4 {
			if n.board[r][c] == nil {
				for i := range n.reserve {
					out = append(out, naiveMove{r, c, i})
				}
			}
		}
	}
	return out
}

// text writes m as the package's notation does, from the words' first
// letters.
func (n *naive) text(m naiveMove) string {
	var letters string
	for _, w := range n.reserve[m.piece] {
		letters += w[:1]
	}
	return fmt.Sprintf("%c%d:%s", 'A'+m.col, m.row+1, letters)
}

// play returns the position after m, n unchanged.
func (n naive) play(m naiveMove) naive {
	out := naive{board: n.board}
	out.board[m.row][m.col] = n.reserve[m.piece]
	out.reserve = slices.Delete(slices.Clone(n.reserve), m.piece, m.piece+1)
	out.over = out.won()
	return out
}

// perft counts the sequences of depth moves from n, and adds to wins the
// sequences that end the game with a line; with wins nil, it counts the
// moves of the last ply without playing them.
func (n naive) perft(depth int, wins *uint64) uint64 {
	if depth == 0 {
		return 1
	}
	moves := n.moves()
	if depth == 1 && wins == nil {
		return uint64(len(moves))
	}
	var total uint64
	for _, m := range moves {
		child := n.play(m)
		if child.over {
			*wins++
		}
		total += child.perft(depth-1, wins)
	}
	return total
}

// deep runs the searches too slow for every test run.
var deep = flag.Bool("deep", false, "run Perft(4) from the start in TestPerft and TestPerftDepth5, searches of seconds and of about a minute")

// perftCounts are the counts of doc.go from the empty board.
var perftCounts = []uint64{1, 256, 57_600, 11_289_600, 1_907_942_400}

// TestPerft checks Perft from the empty board against the counts of
// doc.go, the naive implementation for depths 1..3 (depth 4, 13·13 moves
// after each of depth 3's sequences, with -deep; TestPerftMidgames compares
// every ply's moves and end with the naive rules), and depth 5's count
// (too slow to search) against its derivation, with the number of sets of
// four pieces sharing a value counted by the naive rules.
func TestPerft(t *testing.T) {
	start := New()
	n := naiveStart()
	for depth, want := range perftCounts {
		if depth == 4 && !*deep {
			continue // a product of depth 3's counts (doc.go): with -deep
		}
		q := start
		if got := q.Perft(depth); got != want {
			t.Errorf("Perft(%d) = %d, want %d", depth, got, want)
		}
		if depth <= 3 {
			if got := n.perft(depth, nil); got != want {
				t.Errorf("naive perft(%d) = %d, want %d", depth, got, want)
			}
		}
	}
	// Sets of four pieces that make a winning line, counted on row 1.
	sets := 0
	for a := range 16 {
		for b := a + 1; b < 16; b++ {
			for c := b + 1; c < 16; c++ {
				for d := c + 1; d < 16; d++ {
					var row naive
					for col, i := range []int{a, b, c, d} {
						row.board[0][col] = n.reserve[i]
					}
					if row.won() {
						sets++
					}
				}
			}
		}
	}
	if sets != 536 {
		t.Errorf("%d sets of four pieces share a value, want 536", sets)
	}
	wins4 := uint64(len(naiveLines) * sets * 24 * 24)
	if got, want := 144*(perftCounts[4]-wins4), uint64(274_299_125_760); got != want {
		t.Errorf("depth 5: 144·(%d − %d) = %d, want %d (doc.go)", perftCounts[4], wins4, got, want)
	}
}

// TestPerftDepth5 checks depth 5 from the start by a search: it plays every
// sequence of four moves and counts those that complete a line, each other
// one leaving 12 cells and 12 pieces, 144 moves.
func TestPerftDepth5(t *testing.T) {
	if !*deep {
		t.Skip("a search of about a minute: run with -deep")
	}
	var wins, total uint64
	var bufs [3][referee.MaxMoves]referee.Move
	q1 := New()
	for _, m1 := range q1.Moves(bufs[0][:0]) {
		q2 := q1
		q2.Play(m1)
		for _, m2 := range q2.Moves(bufs[1][:0]) {
			q3 := q2
			q3.Play(m2)
			for _, m3 := range q3.Moves(bufs[2][:0]) {
				q4 := q3
				q4.Play(m3)
				for empty := ^q4.filled; empty != 0; empty &= empty - 1 {
					c := bits.TrailingZeros16(empty)
					for res := q4.reserve; res != 0; res &= res - 1 {
						if q4.completes(c, Piece(bits.TrailingZeros16(res))) {
							wins++
						} else {
							total += 144
						}
					}
				}
			}
		}
	}
	if wins != 3_087_360 || total != 274_299_125_760 {
		t.Errorf("%d sequences of four moves complete a line, and depth 5 counts %d; want 3,087,360 and 274,299,125,760", wins, total)
	}
}

// TestPerftMidgames plays random games with the package and the naive
// rules side by side, comparing the legal moves and the end at every ply,
// then compares perft from midgame positions, where lines are completed,
// up to depth 4.
func TestPerftMidgames(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	var wins uint64
	for g := range games {
		rng := rand.New(rand.NewPCG(uint64(g), 7))
		q, n := New(), naiveStart()
		stop := 8 + rng.IntN(5) // the ply of the perft, 8..12
		for ply := 0; ; ply++ {
			var got []string
			for _, m := range q.Moves(nil) {
				got = append(got, q.FormatMove(m))
			}
			var want []string
			nm := n.moves()
			for _, m := range nm {
				want = append(want, n.text(m))
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d: moves %d, naive %d:\n%s", g, ply, len(got), len(want), &q)
			}
			if q.Terminal() != (len(nm) == 0) || q.Terminal() != (n.over || len(n.reserve) == 0) {
				t.Fatalf("game %d ply %d: Terminal() = %v, naive over %v\n%s", g, ply, q.Terminal(), n.over, &q)
			}
			if len(nm) == 0 {
				break
			}
			if ply == stop {
				depth := 3
				if stop >= 10 {
					depth = 4
				}
				want := n.perft(depth, &wins)
				if got := q.Perft(depth); got != want {
					t.Errorf("game %d, ply %d: Perft(%d) = %d, naive %d\n%s", g, ply, depth, got, want, &q)
				}
			}
			m := nm[rng.IntN(len(nm))]
			text := n.text(m)
			pm, err := q.ParseMove(text)
			if err != nil {
				t.Fatal(err)
			}
			q.Play(pm)
			n = n.play(m)
		}
	}
	if wins == 0 {
		t.Errorf("no line was completed in the midgame perfts: the line check is not exercised")
	}
	t.Logf("%d sequences ended with a line", wins)
}

// TestPerftAllocatesPerCall checks that Perft allocates per call, never per
// node, and that Moves and Play allocate nothing.
func TestPerftAllocatesPerCall(t *testing.T) {
	start := New()
	two := testing.AllocsPerRun(3, func() { start.Perft(2) })
	three := testing.AllocsPerRun(3, func() { start.Perft(3) })
	if three > two || three > 3 {
		t.Errorf("Perft allocates %v times at depth 2 and %v at depth 3, want a few, the same", two, three)
	}
	n := testing.AllocsPerRun(10, func() {
		q := start
		var buf [referee.MaxMoves]referee.Move
		for moves := q.Moves(buf[:0]); len(moves) > 0; moves = q.Moves(buf[:0]) {
			q.Play(moves[len(moves)/2])
		}
	})
	if n != 0 {
		t.Errorf("a game of Moves and Play allocates %v times, want 0", n)
	}
}

// BenchmarkPerft counts depth 3 from the empty board (11,289,600
// sequences).
func BenchmarkPerft(b *testing.B) {
	q := New()
	var nodes uint64
	for b.Loop() {
		nodes += q.Perft(3)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}
