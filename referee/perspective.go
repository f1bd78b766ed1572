package referee

// Flip maps between the referee's terms and those a bot is shown when its
// view is the other side's: a game's Lisp form shows a bot playing Black
// under the course's "perspective: white" the board as if it were White.
// A true Flip swaps the sides and [White, Black] pairs, and turns a board
// of n cells or holes half a turn; the map is its own inverse, so it reads
// the bot's answer back too. The game decides when its view is flipped.
type Flip bool

// Side returns s as the view has it.
func (f Flip) Side(s Side) Side {
	if f {
		return s.Other()
	}
	return s
}

// Pair returns p, a pair of [White, Black] values such as scores, as the
// view has it.
func (f Flip) Pair(p [2]int) [2]int {
	if f {
		return [2]int{p[1], p[0]}
	}
	return p
}

// Turn returns the index i of a board of n cells as the view has it: n-1-i
// when flipped, the board turned half a turn.
func (f Flip) Turn(i, n int) int {
	if f {
		return n - 1 - i
	}
	return i
}

// View is how a game's Lisp form shows the game to the bot that plays
// Mover: as it is, or, when Flip is true, from the other side.
type View struct {
	Mover Side
	Flip
}

// NewView returns the view of the bot that plays mover and is shown the
// game as if it played White when asWhite (the course's "perspective:
// white"): flipped when mover is Black. A game whose sides are not
// colours (Adji-boto's rows) decides its Flip itself.
func NewView(mover Side, asWhite bool) View {
	return View{Mover: mover, Flip: Flip(asWhite && mover == Black)}
}
