package lisp

import (
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// The search statistics of an answer. The course's bots answer (state
// depth value time nodes cuts), or (new-state depth value time expanded
// generated cuts): the new state, then integers. readStats reads them into
// the move's depth, eval, nodes and cuts (time is arena's to measure);
// anything else reports nothing, and the move log leaves the fields out.

// maxDepth bounds a believable search depth: a larger first number is not
// one.
const maxDepth = 1000

// readStats returns the statistics of answer x, a list whose first item is
// the bot's new state (or holds a board, isBoard saying what a board is)
// followed by integers only: depth and value, then time, nodes (of six
// numbers, expanded, then generated, which is the nodes), cuts. When the
// first item is a board itself, at least four integers are wanted, so that
// a state (board player white black) is not read as statistics. It returns
// zero Stats for any other answer, or numbers that cannot be a search's.
func readStats(x sexp.Value, isBoard func(sexp.Value) bool) referee.Stats {
	if x.Kind != sexp.KindList || len(x.Items) < 3 || x.Items[0].Kind != sexp.KindList {
		return referee.Stats{}
	}
	state := x.Items[0]
	n := make([]int64, 0, len(x.Items)-1)
	for _, it := range x.Items[1:] {
		if it.Kind != sexp.KindInt {
			return referee.Stats{}
		}
		n = append(n, it.Int)
	}
	switch {
	case len(n) > 6,
		isBoard(state) && len(n) < 4,
		!isBoard(state) && len(sexp.FindBoards(state, isBoard)) == 0,
		n[0] < 0 || n[0] > maxDepth:
		return referee.Stats{}
	}
	s := referee.Stats{Depth: int32(n[0]), Eval: float64(n[1])}
	switch len(n) {
	case 4:
		s.Nodes = n[3]
	case 5:
		s.Nodes, s.Cuts = n[3], n[4]
	case 6:
		s.Nodes, s.Cuts = n[4], n[5]
	}
	if s.Nodes < 0 || s.Cuts < 0 {
		return referee.Stats{}
	}
	return s
}
