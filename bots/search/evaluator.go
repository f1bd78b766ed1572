package search

import "github.com/arenabots/arena/referee"

// Position is a game state the engine can search: the state's own methods
// (referee.State) and a copy into another position of the same game that
// allocates nothing. The engine clones the first root it is given once per
// ply and then only copies into those clones, so that searching allocates
// nothing per node.
type Position interface {
	referee.State
	// CopyFrom makes the position an exact copy of src, a position of the
	// same game (the same dynamic type). It MUST NOT allocate, and the copy
	// MUST share nothing mutable with src: playing a move in one leaves the
	// other as it was.
	CopyFrom(src referee.State)
}

// Game is implemented by the games the engine can search (the value of
// referee.State.Game). A game's package implements it without importing
// this one, so its method returns any.
type Game interface {
	referee.Game
	// SearchEvaluator MUST return a new Evaluator of the game's positions
	// (of any size the game's options allow), with its default settings,
	// sharing nothing with any other evaluator.
	SearchEvaluator() any
}

// Evaluator is what the engine must know of a game beyond its rules: how to
// hash a position, how good it is, and which moves to try first. The
// positions it is given are always the game's own (a Position of the game
// whose SearchEvaluator made it); it may assert their dynamic type.
//
// An Evaluator may keep tables about the root (Prepare) and caches, so it is
// owned by one Searcher and must not be shared between goroutines. Its
// methods MUST be deterministic functions of their arguments and of the root
// given to Prepare, or node-budgeted searches stop being reproducible, and
// MUST NOT allocate (Prepare excepted), or the search does per node.
type Evaluator interface {
	// Prepare is called at the start of every search with its root; the
	// positions that follow all descend from it.
	Prepare(root referee.State)
	// Hash returns the Zobrist hash of p: equal positions (the same board,
	// scores and side to move) MUST hash alike.
	Hash(p referee.State) uint64
	// HashAfter returns the hash of p after playing m, given h = Hash(p),
	// without playing it. It MUST agree with Hash of the resulting position.
	HashAfter(h uint64, p referee.State, m referee.Move) uint64
	// Evaluate returns the value of p for the side to move, on the scale of
	// referee.Unit. exact reports that the value is the game's proven
	// outcome, made by referee.Decided; the engine then stops searching
	// below p, so exact MUST be false whenever the value is an estimate.
	Evaluate(p referee.State) (v int32, exact bool)
	// Hint returns a cheap static ordering score of the legal move m of p:
	// moves with higher hints are tried first among moves the search has no
	// other opinion of. It MUST stay within ±(1<<28).
	Hint(p referee.State, m referee.Move) int32
}

// Hinter is implemented by evaluators that give the hints of all a
// position's moves at once for less than a Hint call each: the engine then
// orders every node's moves with one Hints call. Hints MUST set hints[i] to
// Hint(p, moves[i]) for every i (len(hints) == len(moves)), allocating
// nothing.
type Hinter interface {
	Hints(p referee.State, moves []referee.Move, hints []int32)
}

// AfterEvaluator is implemented by evaluators that evaluate the position a
// move leads to without its being played, for less than copying the
// position and playing the move: the engine then evaluates the leaves below
// a node so. EvaluateAfter MUST return what Evaluate returns of p after m
// (a legal move of p), and report whether p's side to move is also the side
// to move there (again), allocating nothing.
type AfterEvaluator interface {
	EvaluateAfter(p referee.State, m referee.Move) (v int32, exact, again bool)
}

// MoveChecker is implemented by positions that tell whether a move is legal
// for less than generating their moves: the engine then tries the table's
// move and the killers of a node whose children are leaves before it
// generates the node's moves, which a cutoff then spares.
type MoveChecker interface {
	// IsLegal reports whether m is one of the position's Moves.
	IsLegal(m referee.Move) bool
}

// Interruptible is implemented by evaluators whose Evaluate may take long
// (Cavalo's endgame solver): the searcher hands them, at the start of every
// search, a function that reports whether the search must stop, which they
// should call every few hundred steps of their own work and then return at
// once with any value. The function never reads the clock in a
// node-budgeted search.
type Interruptible interface {
	SetStop(stop func() bool)
}

// Infinity bounds every value of a search; values of positions are on the
// scale of referee.Unit and referee.Win.
const Infinity = 1 << 30

// final returns the value of a finished game for the side to move in p:
// points decide.
func final(p referee.Position) int32 {
	s := p.Scores()
	i := p.ToMove().Index()
	return referee.Decided(s[i] - s[1-i])
}
