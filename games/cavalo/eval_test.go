package cavalo

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/arenabots/arena/bots/search"
	"github.com/arenabots/arena/referee"
)

// mirrored returns p seen from the other side: rows flipped, the knights,
// scores and side to move swapped. Its value for the side to move is p's.
func mirrored(tb testing.TB, p *Position) Position {
	tb.Helper()
	data, err := p.Encode()
	if err != nil {
		tb.Fatal(err)
	}
	var f struct {
		Board  [][]*int `json:"board"`
		Scores [2]int   `json:"scores"`
		ToMove int      `json:"to_move"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		tb.Fatal(err)
	}
	for r := range 5 {
		f.Board[r], f.Board[9-r] = f.Board[9-r], f.Board[r]
	}
	for _, row := range f.Board {
		for _, v := range row {
			if v != nil && *v < 0 {
				*v = -3 - *v // -1 <-> -2
			}
		}
	}
	f.Scores[0], f.Scores[1] = f.Scores[1], f.Scores[0]
	f.ToMove = 3 - f.ToMove
	data, err = json.Marshal(f)
	if err != nil {
		tb.Fatal(err)
	}
	return decode(tb, string(data))
}

func TestEvaluateSymmetric(t *testing.T) {
	t.Parallel()
	w, b := WhiteKnight, BlackKnight
	// Each side's best path is worth 40 (13+27 and 14+26) and the knights
	// cannot meet: a draw, whoever moves.
	cells := map[string]int{"A1": w, "B3": 13, "D4": 27, "A10": b, "B8": 14, "D7": 26}
	for _, side := range []referee.Side{referee.White, referee.Black} {
		p := sparse(t, cells, [2]int{50, 50}, side)
		e := NewEvaluator()
		e.Prepare(&p)
		if v, exact := e.Evaluate(&p); v != 0 || !exact {
			t.Errorf("%s to move: got %d (exact %v), want 0 (exact)", side, v, exact)
		}
	}
}

func TestEvaluateMirrored(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 6; seed++ {
		randomGame(seed, 80, func(p *Position, _ referee.Move) {
			q := mirrored(t, p)
			e, f := NewEvaluator(), NewEvaluator()
			e.Prepare(p)
			f.Prepare(&q)
			v, ex := e.Evaluate(p)
			u, ux := f.Evaluate(&q)
			if v != u || ex != ux {
				t.Fatalf("seed %d ply %d: got %d (exact %v), mirrored %d (exact %v)\n%v", seed, p.Ply(), v, ex, u, ux, p)
			}
		})
	}
}

func TestEvaluateFavoursSpace(t *testing.T) {
	t.Parallel()
	// White's knight has the numbers around it; Black's has one.
	cells := map[string]int{"E5": WhiteKnight, "A10": BlackKnight, "C8": 3,
		"D7": 60, "F7": 71, "G6": 82, "G4": 93, "F3": 64, "D3": 75, "C4": 86, "C6": 97,
		"B5": 18, "H5": 29, "E8": 30}
	for _, side := range []referee.Side{referee.White, referee.Black} {
		p := sparse(t, cells, [2]int{0, 0}, side)
		e := NewEvaluator()
		e.Prepare(&p)
		v, _ := e.Evaluate(&p)
		if side == referee.Black {
			v = -v
		}
		if v <= 100*referee.Unit {
			t.Errorf("%s to move: White's value is %v points, want over 100", side, referee.Points(v))
		}
	}
}

func TestMaxPathByHand(t *testing.T) {
	t.Parallel()
	// From A1: B3 (12, removes 21), C5 (55), E6 (66), G7 (44). Landing on
	// 55 and 66 each removes another double: with two doubles elsewhere
	// (J1, J2) the path takes all four, 177; with none, 55 must remove 44
	// or 66, and the best is 12+55+66 = 133. The other start, C2 (21),
	// E3 (40), gets 61.
	base := map[string]int{"A1": WhiteKnight, "J10": BlackKnight,
		"B3": 12, "C2": 21, "E3": 40, "C5": 55, "E6": 66, "G7": 44}
	tests := []struct {
		name  string
		extra map[string]int
		want  int32
	}{
		{"no other doubles", nil, 133},
		{"one double elsewhere", map[string]int{"J1": 99}, 133},
		{"two doubles elsewhere", map[string]int{"J1": 99, "J2": 88}, 177},
		{"no doubles", map[string]int{"C5": 50, "E6": 60, "G7": 70}, 192},
	}
	for _, tc := range tests {
		cells := map[string]int{}
		for k, v := range base {
			cells[k] = v
		}
		for k, v := range tc.extra {
			cells[k] = v
		}
		p := sparse(t, cells, [2]int{}, referee.White)
		e := NewEvaluator()
		e.Prepare(&p)
		nums := p.Numbers()
		region := flood(p.Knight(referee.White), nums)
		if got, complete := e.maxPath(region, p.Knight(referee.White), nums.And(e.doubles)); got != tc.want || !complete {
			t.Errorf("%s: got %d (complete %v), want %d", tc.name, got, complete, tc.want)
		}
		if got := bruteBest(&p); got != int(tc.want) {
			t.Errorf("%s: brute force got %d, want %d", tc.name, got, tc.want)
		}
	}
}

// bruteBest is the most points White can still collect in p, where Black
// cannot move, by trying every sequence of White's moves under the rules.
func bruteBest(p *Position) int {
	var buf [referee.MaxMoves]referee.Move
	best := 0
	for _, m := range p.Moves(buf[:0]) {
		if m == referee.Pass {
			continue
		}
		c := *p
		c.Play(m)
		gain := c.Scores()[0] - p.Scores()[0]
		if c.Terminal() {
			best = max(best, gain)
			continue
		}
		c.Play(referee.Pass) // Black has no move
		best = max(best, gain+bruteBest(&c))
	}
	return best
}

func TestMaxPathMatchesBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 5))
	for seed := uint64(1); seed <= 60; seed++ {
		board := Board(seed)
		cells := map[string]int{"J10": BlackKnight}
		var empty []int
		for sq := range 50 { // rows 1-5; Black is walled off in the corner
			if rng.IntN(100) < 40 {
				cells[SquareName(sq)] = int(board[sq])
			} else {
				empty = append(empty, sq)
			}
		}
		k := empty[rng.IntN(len(empty))]
		cells[SquareName(k)] = WhiteKnight
		p := sparse(t, cells, [2]int{}, referee.White)
		e := NewEvaluator()
		e.SolveNodes = 1 << 30
		e.Prepare(&p)
		nums := p.Numbers()
		got, complete := e.maxPath(flood(k, nums), k, nums.And(e.doubles))
		if want := bruteBest(&p); int(got) != want || !complete {
			t.Fatalf("seed %d: solver %d (complete %v), brute force %d\n%v", seed, got, complete, want, &p)
		}
	}
}

// gameValue is the exact value of p for its side to move, the final margin
// under best play by both sides, found by searching every line to the end;
// ok is false when that takes more than *budget positions.
func gameValue(p *Position, budget *int) (v int, ok bool) {
	if *budget--; *budget < 0 {
		return 0, false
	}
	var buf [referee.MaxMoves]referee.Move
	moves := p.Moves(buf[:0])
	if len(moves) == 0 {
		s, i := p.Scores(), p.ToMove().Index()
		return s[i] - s[1-i], true
	}
	best := math.MinInt
	for _, m := range moves {
		c := *p
		c.Play(m)
		v, ok := gameValue(&c, budget)
		if !ok {
			return 0, false
		}
		best = max(best, -v)
	}
	return best, true
}

func TestEvaluateExactIsTheOutcome(t *testing.T) {
	t.Parallel()
	checked := 0
	for seed := uint64(1); seed <= 12; seed++ { // some 70 exact evaluations
		p := New(seed)
		s := search.New(NewEvaluator(), 1)
		e := NewEvaluator()
		var buf [referee.MaxMoves]referee.Move
		for len(p.Moves(buf[:0])) > 0 {
			e.Prepare(&p)
			if v, exact := e.Evaluate(&p); exact {
				budget := 200_000
				if full, ok := gameValue(&p, &budget); ok {
					checked++
					if referee.Decided(full) != v {
						t.Fatalf("seed %d ply %d: evaluated as decided by %v, the game's value is %d\n%v", seed, p.Ply(), referee.Points(v), full, &p)
					}
				}
			}
			p.Play(s.Search(context.Background(), &p, search.Limits{Nodes: 3000}).Move)
		}
	}
	if checked < 50 {
		t.Errorf("only %d exact evaluations checked", checked)
	}
}
