package referee

import (
	"context"
	"fmt"
)

// Position is the hot-path view of a game state that perft and search work
// on: a value type whose pointer plays moves in place, so that a copy of the
// value is an undo record and nothing is allocated. Each game's position
// type implements it (e.g. *cavalo.Position).
type Position interface {
	ToMove() Side
	Moves(buf []Move) []Move
	Play(m Move)
	Scores() [2]int
}

// MaxMoves bounds the number of legal moves in one position of any game
// arena knows (Cavalo: 8 jumps times 9 double choices; Dots and Boxes: the
// 220 arcs of a 10x10 board).
const MaxMoves = 256

// Perft counts the sequences of exactly depth plies from p (a pass is a ply;
// a position with no moves counts 0 at any depth above 0). It allocates
// twice per call, never per node: the move lists and the positions of each
// depth live in one buffer each, since anything passed to a method of a
// type parameter escapes to the heap.
func Perft[T any, P interface {
	*T
	Position
}](p P, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	w := perftWork[T]{moves: make([]Move, depth*MaxMoves), pos: make([]T, depth)}
	return perftAt[T, P](&w, p, depth)
}

// perftWork holds Perft's buffers: MaxMoves moves and one position per
// depth.
type perftWork[T any] struct {
	moves []Move
	pos   []T
}

// perftAt is Perft at depth > 0, with the buffers of w: the moves of depth
// d in w.moves[(d-1)*MaxMoves:], its child positions in w.pos[d-1].
func perftAt[T any, P interface {
	*T
	Position
}](w *perftWork[T], p P, depth int) uint64 {
	moves := p.Moves(w.moves[(depth-1)*MaxMoves : (depth-1)*MaxMoves : depth*MaxMoves])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	child := P(&w.pos[depth-1])
	for _, m := range moves {
		*child = *p
		child.Play(m)
		n += perftAt[T, P](w, child, depth-1)
	}
	return n
}

// Perfter is a State that counts its own move sequences, allocation-free
// (with Perft, as cavalo.Position and dots.Position do).
type Perfter interface {
	State
	Perft(depth int) uint64
}

// PerftState counts the sequences of depth plies from st, as Perft does,
// split at the root so that ctx stops a long count between root moves. st
// must be a Perfter.
func PerftState(ctx context.Context, st State, depth int) (uint64, error) {
	pos, ok := st.(Perfter)
	if !ok {
		return 0, fmt.Errorf("%s positions cannot count their move sequences", st.Game().Name())
	}
	if depth <= 1 {
		return pos.Perft(depth), nil
	}
	var buf [MaxMoves]Move
	var n uint64
	for _, m := range pos.Moves(buf[:0]) {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		child := pos.Clone().(Perfter)
		child.Play(m)
		n += child.Perft(depth - 1)
	}
	return n, nil
}
