// Package search is a game-tree search engine for the positions of any game
// that gives it an evaluator: negamax with alpha-beta pruning, principal
// variation search, aspiration windows and iterative deepening under a time
// or node budget, a preallocated transposition table keyed by Zobrist
// hashes, and move ordering by the table's move, killer moves and the
// history heuristic.
//
// The engine knows no game. A game it can search implements Game (its
// referee.Game makes an Evaluator: hashing, static evaluation and a cheap
// ordering hint, on referee's scale of values) and its states implement
// Position (a copy that allocates nothing); For finds both through the
// game a state says it follows. An evaluator that can hint all a
// position's moves at once for less is also a Hinter, one that evaluates
// the position after a move without its being played an AfterEvaluator,
// and a position that can check a move for less than generating its moves
// a MoveChecker. The
// games' packages implement these interfaces without importing this one. A move after which the same side
// moves again (a box closed in Dots and Boxes) keeps the value's sign: the
// engine negates only when the turn passes.
//
// With a node budget the search never reads the clock, so a given position
// and budget always give the same move, score and node count. Nothing in the
// hot path allocates: the table is made once by New and the per-ply
// positions and move buffers by the first search.
//
// search imports only referee; it never imports bots, proto or a game:
// the built-in bots (package builtin) and external Go bots can both use it.
package search
