package search

import (
	"context"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/internal/samples"
	"github.com/arenabots/arena/referee"
)

// diffEval is Cavalo's evaluator with the score difference as its only
// evaluation, so that tests see what the search alone finds.
type diffEval struct{ *cavalo.Evaluator }

func (diffEval) Evaluate(p referee.State) (int32, bool) {
	s, i := p.Scores(), p.ToMove().Index()
	return int32(s[i]-s[1-i]) * referee.Unit, false
}

func newDiffSearcher() *Searcher {
	return New(diffEval{cavalo.NewEvaluator()}, 1)
}

// loadCavalo reads Cavalo's reference position called name.
func loadCavalo(tb testing.TB, name string) cavalo.Position {
	tb.Helper()
	return *samples.Load(tb, name).(*cavalo.Position)
}

// newCavalo returns a searcher of Jogo do Cavalo with its evaluator.
func newCavalo(ttMB int) *Searcher { return New(cavalo.NewEvaluator(), ttMB) }

// sparse returns the Cavalo position holding only the given cells ("E5":
// 40, "A1": cavalo.WhiteKnight, ...), with the scores and side to move.
func sparse(tb testing.TB, cells map[string]int, scores [2]int, toMove referee.Side) cavalo.Position {
	tb.Helper()
	var all [cavalo.Squares]int
	for sq := range all {
		all[sq] = cavalo.Empty
	}
	for name, v := range cells {
		sq, err := cavalo.ParseSquare(name)
		if err != nil {
			tb.Fatal(err)
		}
		all[sq] = v
	}
	p, err := cavalo.FromCells(all, scores, toMove)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// minimax is the plain negamax value of p to depth with the score
// difference as evaluation, for checking the engine.
func minimax(p *cavalo.Position, depth int) int32 {
	var buf [referee.MaxMoves]referee.Move
	moves := p.Moves(buf[:0])
	if len(moves) == 0 {
		return final(p)
	}
	if depth == 0 {
		v, _ := diffEval{}.Evaluate(p)
		return v
	}
	best := int32(-Infinity)
	for _, m := range moves {
		c := *p
		c.Play(m)
		best = max(best, -minimax(&c, depth-1))
	}
	return best
}

// skipForced plays the moves of p that are the only legal move (the
// placements), so that a search has a choice to make.
func skipForced(p cavalo.Position) cavalo.Position {
	var buf [referee.MaxMoves]referee.Move
	for {
		moves := p.Moves(buf[:0])
		if len(moves) != 1 {
			return p
		}
		p.Play(moves[0])
	}
}

func TestSearchFindsBestMove(t *testing.T) {
	t.Parallel()
	w, b := cavalo.WhiteKnight, cavalo.BlackKnight
	tests := []struct {
		name   string
		cells  map[string]int
		scores [2]int
		depth  int // for the score-difference searcher
		want   string
	}{
		{
			name:  "best capture",
			cells: map[string]int{"E5": w, "J10": b, "D7": 35, "F7": 90, "C4": 12, "G6": 61, "F3": 47},
			depth: 1,
			want:  "F7",
		},
		{
			// B3 takes 50 and ends White's game 50-70; C2, E3, G4 gets
			// 105.
			name:   "forced win over greedy",
			cells:  map[string]int{"A1": w, "J10": b, "B3": 50, "C2": 20, "E3": 40, "G4": 45},
			scores: [2]int{0, 70},
			depth:  5,
			want:   "C2",
		},
		{
			// Landing on 11, White must remove 22 (Black's only number),
			// not the bigger 99.
			name:  "double removal choice",
			cells: map[string]int{"A1": w, "J10": b, "C2": 11, "H9": 22, "E6": 99},
			depth: 3,
			want:  "C2xH9",
		},
		{
			// Greedy 41 lets Black take 4 and win 42-41; 40 removes its
			// twin 04, Black's only number, and wins 40-38.
			name:   "deny the twin",
			cells:  map[string]int{"A1": w, "H8": b, "B3": 40, "C2": 41, "F7": 4},
			scores: [2]int{0, 38},
			depth:  3,
			want:   "B3",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pos := sparse(t, tc.cells, tc.scores, referee.White)
			r := newDiffSearcher().Search(context.Background(), &pos, Limits{Depth: tc.depth})
			if got := cavalo.FormatMove(r.Move); got != tc.want {
				t.Errorf("score-difference search to depth %d: got %s (score %d), want %s", tc.depth, got, r.Score, tc.want)
			}
			r = newCavalo(1).Search(context.Background(), &pos, Limits{Nodes: 100_000})
			if got := cavalo.FormatMove(r.Move); got != tc.want {
				t.Errorf("full search: got %s (score %d, PV %v), want %s", got, r.Score, r.PV, tc.want)
			}
		})
	}
}

func TestSearchMatchesMinimax(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"s1_p9", "s2_p9", "s3_p9"} {
		pos := loadCavalo(t, name)
		s := newDiffSearcher()
		for depth := 1; depth <= 4; depth++ {
			r := s.Search(context.Background(), &pos, Limits{Depth: depth})
			if want := minimax(&pos, depth); r.Score != want || r.Depth != depth {
				t.Errorf("%s depth %d: got score %d at depth %d, want %d", name, depth, r.Score, r.Depth, want)
			}
			c := pos
			c.Play(r.Move)
			if got := -minimax(&c, depth-1); got != r.Score {
				t.Errorf("%s depth %d: move %s is worth %d, search said %d", name, depth, cavalo.FormatMove(r.Move), got, r.Score)
			}
		}
	}
}

// tick returns a clock for a timed search that moves on by step at every
// reading, so that a test of the search's time keeping depends on the
// readings alone, not on how fast this machine searches.
func tick(step time.Duration) func() time.Time {
	t := time.Unix(0, 0)
	return func() time.Time {
		t = t.Add(step)
		return t
	}
}

// TestSearchTinyBudgets: however small the budget, the search returns a
// legal move, and stops at its first look at the clock past the deadline.
func TestSearchTinyBudgets(t *testing.T) {
	t.Parallel()
	const step = time.Millisecond
	for _, name := range samples.Names() {
		for _, budget := range []time.Duration{time.Nanosecond, time.Millisecond, 5 * time.Millisecond} {
			pos := skipForced(loadCavalo(t, name))
			before := pos
			s := newCavalo(1)
			s.now = tick(step)
			r := s.Search(context.Background(), &pos, Limits{Time: budget})
			if pos != before {
				t.Fatalf("%s: search changed its root", name)
			}
			if !referee.Legal(&pos, r.Move) {
				t.Errorf("%s, %v: move %s is not legal", name, budget, cavalo.FormatMove(r.Move))
			}
			// The readings past the deadline: the one that stops the
			// search, the end of its iteration, and the result's.
			if r.Elapsed > budget+3*step {
				t.Errorf("%s, %v: took %v by a clock of %v a reading", name, budget, r.Elapsed, step)
			}
		}
	}
}

// TestSearchStopsOnTime: a search of 100 ms by a clock that moves 1 ms at
// each reading goes deeper than one ply and stops once the clock passes
// its budget.
func TestSearchStopsOnTime(t *testing.T) {
	t.Parallel()
	pos := skipForced(loadCavalo(t, "s3_p0"))
	const budget, step = 100 * time.Millisecond, time.Millisecond
	s := newCavalo(4)
	s.now = tick(step)
	r := s.Search(context.Background(), &pos, Limits{Time: budget})
	if r.Elapsed > budget+3*step || r.Depth < 2 {
		t.Errorf("got depth %d in %v with a budget of %v", r.Depth, r.Elapsed, budget)
	}
}

func TestSearchCancelled(t *testing.T) {
	t.Parallel()
	pos := skipForced(loadCavalo(t, "s2_p0"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := newCavalo(1).Search(ctx, &pos, Limits{})
	if !referee.Legal(&pos, r.Move) {
		t.Errorf("move %s is not legal", cavalo.FormatMove(r.Move))
	}
}

func TestSearchDeterministicWithNodes(t *testing.T) {
	t.Parallel()
	for _, name := range samples.Names() {
		pos := skipForced(loadCavalo(t, name))
		s := newCavalo(2)
		lim := Limits{Nodes: 30_000}
		first := s.Search(context.Background(), &pos, lim)
		for i, again := range []Result{
			s.Search(context.Background(), &pos, lim),
			newCavalo(2).Search(context.Background(), &pos, lim),
		} {
			if again.Move != first.Move || again.Nodes != first.Nodes || again.Score != first.Score ||
				again.Depth != first.Depth || again.Cuts != first.Cuts {
				t.Errorf("%s, run %d: got %s, %d nodes, score %d, depth %d, cuts %+v; first run %s, %d, %d, %d, %+v", name, i+2,
					cavalo.FormatMove(again.Move), again.Nodes, again.Score, again.Depth, again.Cuts,
					cavalo.FormatMove(first.Move), first.Nodes, first.Score, first.Depth, first.Cuts)
			}
		}
		if first.Nodes != lim.Nodes && !referee.IsDecided(first.Score) {
			t.Errorf("%s: used %d nodes of %d", name, first.Nodes, lim.Nodes)
		}
	}
}

func TestSearchEndedGame(t *testing.T) {
	t.Parallel()
	pos := sparse(t, map[string]int{"A1": cavalo.WhiteKnight, "J10": cavalo.BlackKnight, "E5": 7}, [2]int{3, 4}, referee.White)
	if r := newCavalo(1).Search(context.Background(), &pos, Limits{}); r.Legal != 0 {
		t.Errorf("got %d legal moves in an ended game", r.Legal)
	}
}

func TestSearchProvesEndgame(t *testing.T) {
	t.Parallel()
	// White's path C2, E3, G4 wins 105-70 whatever Black does.
	pos := sparse(t, map[string]int{"A1": cavalo.WhiteKnight, "J10": cavalo.BlackKnight,
		"B3": 50, "C2": 20, "E3": 40, "G4": 45, "H9": 15}, [2]int{0, 55}, referee.White)
	// By a clock that moves 1 ms a reading, a search of 1 s that proves
	// the win stops long before its budget: it ends on the proof.
	s := newCavalo(1)
	s.now = tick(time.Millisecond)
	r := s.Search(context.Background(), &pos, Limits{Time: time.Second})
	if r.Score != referee.Decided(35) || r.Elapsed > 100*time.Millisecond {
		t.Errorf("got score %d (%v points) after %v of readings, want %d (a 35-point win) at once", r.Score, referee.Points(r.Score), r.Elapsed, referee.Decided(35))
	}
}

func TestSearchAllocations(t *testing.T) {
	cavaloPos := skipForced(loadCavalo(t, "s2_p9"))
	cav := newCavalo(1)
	dotsPos := dots.Game{Rows: 5, Cols: 6, OpeningArcs: 6}.New(3).(*dots.Position)
	dts := New(dots.NewEvaluator(), 1)
	tests := []struct {
		game   string
		search func()
	}{
		{"cavalo", func() { cav.Search(context.Background(), &cavaloPos, Limits{Nodes: 50_000}) }},
		{"dots", func() { dts.Search(context.Background(), dotsPos, Limits{Nodes: 50_000}) }},
	}
	for _, tc := range tests {
		// AllocsPerRun counts every goroutine's allocations: the least of
		// a few rounds is the search's own, whatever else the test binary
		// runs meanwhile.
		allocs := testing.AllocsPerRun(3, tc.search)
		for range 4 {
			allocs = min(allocs, testing.AllocsPerRun(3, tc.search))
		}
		// The result's PV; nothing per node.
		if allocs > 1 {
			t.Errorf("%s: a search of 50000 nodes allocates %v times", tc.game, allocs)
		}
		t.Logf("%s: %v allocations per search", tc.game, allocs)
	}
}
