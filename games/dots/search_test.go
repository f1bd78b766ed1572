package dots

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/arenabots/arena/bots/search"
	"github.com/arenabots/arena/internal/golden"
	"github.com/arenabots/arena/referee"
)

// searchCases are the searches of testdata/search.golden: the reference
// positions and openings of the default board, each with a node budget.
var searchCases = []struct {
	name  string
	load  func(testing.TB) Position
	nodes int64
}{
	{"empty", func(tb testing.TB) Position { return load(tb, "empty.json") }, 200_000},
	{"d1", func(tb testing.TB) Position { return load(tb, "d1.json") }, 100_000},
	{"d2", func(tb testing.TB) Position { return load(tb, "d2.json") }, 100_000},
	{"d3", func(tb testing.TB) Position { return load(tb, "d3.json") }, 100_000},
	{"d4", func(tb testing.TB) Position { return load(tb, "d4.json") }, 100_000},
	{"d5", func(tb testing.TB) Position { return load(tb, "d5.json") }, 100_000},
	{"d6", func(tb testing.TB) Position { return load(tb, "d6.json") }, 100_000},
	{"opening6", opening(5, 6, 6, 3), 100_000},
	{"opening20", opening(5, 6, 20, 7), 100_000},
	{"opening30", opening(5, 6, 30, 11), 100_000},
	{"small3x3", opening(3, 3, 6, 5), 100_000},
}

// opening returns the loader of the opening of k arcs of seed on a board
// of rows×cols boxes.
func opening(rows, cols, k int, seed uint64) func(testing.TB) Position {
	return func(testing.TB) Position {
		return *Game{Rows: rows, Cols: cols, OpeningArcs: k}.New(seed).(*Position)
	}
}

// TestSearchGolden searches each case with its node budget and compares
// what the search found (move, value, depth, nodes, cuts, principal
// variation) with testdata/search.golden: a change that makes the
// evaluator or the board faster must leave every line as it is.
func TestSearchGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("about a million nodes searched")
	}
	var out strings.Builder
	for _, tc := range searchCases {
		p := tc.load(t)
		s := search.New(NewEvaluator(), 16)
		r := s.Search(context.Background(), &p, search.Limits{Nodes: tc.nodes})
		pv := make([]string, len(r.PV))
		for i, m := range r.PV {
			pv[i] = p.FormatMove(m)
		}
		fmt.Fprintf(&out, "%s nodes=%d: move %s value %d depth %d partial %v searched %d cuts %d/%d/%d pv %s\n",
			tc.name, tc.nodes, p.FormatMove(r.Move), r.Score, r.Depth, r.Partial, r.Nodes,
			r.Cuts.Beta, r.Cuts.Table, r.Cuts.Exact, strings.Join(pv, " "))
	}
	golden.Check(t, "search.golden", []byte(out.String()))
}

// scoreEval is the Dots evaluator reduced to the score difference, the
// floor of BenchmarkSearch: what the search costs when evaluating costs
// next to nothing.
type scoreEval struct{ *Evaluator }

func (scoreEval) Evaluate(st referee.State) (int32, bool) {
	p := st.(*Position)
	s, i := p.Scores(), p.ToMove().Index()
	return int32(s[i]-s[1-i]) * referee.Unit, false
}

// EvaluateAfter is scoreEval's Evaluate of the position after m, which it
// plays on a copy (the embedded Evaluator's would read the whole board).
func (e scoreEval) EvaluateAfter(st referee.State, m referee.Move) (int32, bool, bool) {
	q := *st.(*Position)
	q.Play(m)
	v, exact := e.Evaluate(&q)
	return v, exact, q.ToMove() == st.ToMove()
}

// BenchmarkSearch searches the empty 5x6 board with 200,000 nodes and, in
// turns, with the same budget and the evaluator reduced to the score
// (scoreEval), and reports both speeds in millions of nodes a second of
// wall time and of the thread's CPU time (cpu-, which holds better on a
// loaded machine), and x-floor, the ratio of their least CPU times a node.
func BenchmarkSearch(b *testing.B) {
	defer lockThread()()
	tc := searchCases[0]
	p := tc.load(b)
	engines := []*search.Searcher{search.New(NewEvaluator(), 16), search.New(scoreEval{NewEvaluator()}, 16)}
	var nodes, took, cpu, best [2]float64
	best = [2]float64{math.Inf(1), math.Inf(1)}
	for b.Loop() {
		for i, s := range engines {
			c0 := threadCPU()
			r := s.Search(context.Background(), &p, search.Limits{Nodes: tc.nodes})
			c := (threadCPU() - c0).Seconds()
			nodes[i] += float64(r.Nodes)
			took[i] += r.Elapsed.Seconds()
			cpu[i] += c
			best[i] = min(best[i], c/float64(r.Nodes))
		}
	}
	b.ReportMetric(nodes[0]/took[0]/1e6, "Mnodes/s")
	b.ReportMetric(nodes[1]/took[1]/1e6, "floor-Mnodes/s")
	if cpu[0] > 0 && cpu[1] > 0 {
		b.ReportMetric(nodes[0]/cpu[0]/1e6, "cpu-Mnodes/s")
		b.ReportMetric(nodes[1]/cpu[1]/1e6, "floor-cpu-Mnodes/s")
		b.ReportMetric(best[0]/best[1], "x-floor")
	}
}
