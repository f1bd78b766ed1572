package referee

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
// a position with no moves counts 0 at any depth above 0).
func Perft[T any, P interface {
	*T
	Position
}](p P, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var buf [MaxMoves]Move
	moves := p.Moves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		child := *p
		P(&child).Play(m)
		n += Perft[T, P](&child, depth-1)
	}
	return n
}
