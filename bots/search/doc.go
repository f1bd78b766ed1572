// Package search is a game-tree search engine for the positions of package
// referee: negamax with alpha-beta pruning, principal variation search,
// aspiration windows and iterative deepening under a time or node budget, a
// preallocated transposition table keyed by Zobrist hashes, and move ordering
// by the table's move, killer moves and the history heuristic.
//
// The engine is generic over a position type (a value whose pointer
// implements referee.Position, copied as its own undo record, as in
// referee.Perft) and an Evaluator that knows the game: hashing, static
// evaluation and a cheap ordering hint. CavaloEval is the evaluator of Jogo do
// Cavalo: score difference, mobility, a Voronoi split of the numbers by
// knight distance, and an exact solver for the endgames where the two knights
// can no longer meet. DotsEval is the evaluator of Dots and Boxes: chains
// and loops, the long-chain rule and the loony endgame with double-dealing,
// exact once no safe move is left. A move after which the same side moves
// again (a box closed) keeps the value's sign: the engine negates only when
// the turn passes.
//
// With a node budget the search never reads the clock, so a given position
// and budget always give the same move, score and node count. Nothing in the
// hot path allocates: the table and the per-ply move buffers are made once by
// New.
//
// search imports only referee, games/cavalo and games/dots (the
// evaluators know their games); it never imports bots or proto: the
// built-in bots (package builtin) and external Go bots can both use it.
package search
