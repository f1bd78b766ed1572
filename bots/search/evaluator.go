package search

import "github.com/arenabots/arena/referee"

// Evaluator is what the engine must know of a game beyond its rules: how to
// hash a position, how good it is, and which moves to try first. P is the
// position pointer type the engine searches (e.g. *cavalo.Position).
//
// An Evaluator may keep tables about the root (Prepare) and caches, so it is
// owned by one Searcher and must not be shared between goroutines. Its
// methods must be deterministic functions of their arguments and of the root
// given to Prepare, or node-budgeted searches stop being reproducible.
type Evaluator[P any] interface {
	// Prepare is called at the start of every search with its root; the
	// positions that follow all descend from it.
	Prepare(root P)
	// Hash returns the Zobrist hash of p.
	Hash(p P) uint64
	// HashAfter returns the hash of p after playing m, given h = Hash(p),
	// without playing it. It must agree with Hash of the resulting position.
	HashAfter(h uint64, p P, m referee.Move) uint64
	// Evaluate returns the value of p for the side to move, in Units. exact
	// reports that the value is the game's proven outcome, made by Decided;
	// the engine then stops searching below p.
	Evaluate(p P) (v int32, exact bool)
	// Hint returns a cheap static ordering score of the legal move m of p:
	// moves with higher hints are tried first among moves the search has no
	// other opinion of.
	Hint(p P, m referee.Move) int32
}

// Interruptible is implemented by evaluators whose Evaluate may take long
// (CavaloEval's solver): the searcher hands them, at the start of every
// search, a function that reports whether the search must stop, which they
// should call every few hundred steps of their own work and then return at
// once with any value. The function never reads the clock in a node-budgeted
// search.
type Interruptible interface {
	SetStop(stop func() bool)
}

// Values, in the units of Evaluator.Evaluate and Result.Score.
const (
	// Unit is the value of one point of score difference.
	Unit = 100
	// Win is the base of the value of a decided game: Decided(margin) is
	// ±Win plus the margin in Units. Heuristic values stay within ±Win.
	Win = 1 << 24
	// Infinity bounds every value.
	Infinity = 1 << 30
)

// Decided returns the value of a game that ends with the side to move ahead
// by margin points (behind when negative): a win is worth more than any
// heuristic value, and a bigger margin more than a smaller one.
func Decided(margin int) int32 {
	switch {
	case margin > 0:
		return Win + int32(margin)*Unit
	case margin < 0:
		return -Win + int32(margin)*Unit
	}
	return 0
}

// IsDecided reports whether v is the value of a proven outcome other than
// a draw.
func IsDecided(v int32) bool { return v >= Win || v <= -Win }

// Points converts a value to points of score difference, for people: the
// margin of a decided game, or the heuristic estimate.
func Points(v int32) float64 {
	switch {
	case v >= Win:
		v -= Win
	case v <= -Win:
		v += Win
	}
	return float64(v) / Unit
}

// final returns the value of a finished game for the side to move in p:
// points decide.
func final(p referee.Position) int32 {
	s := p.Scores()
	i := p.ToMove().Index()
	return Decided(s[i] - s[1-i])
}
