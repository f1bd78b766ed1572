package lisp

import (
	"fmt"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// Form is implemented by the states of a game that Lisp bots play: the
// game's Lisp form, how its course writes a position for jogar and reads
// what jogar returns. A game's package implements it with referee's types
// alone, without importing this one.
type Form interface {
	referee.State
	// LispEstado MUST return the estado jogar is called with in this state
	// under conv, for the bot that is to move, and leave the state as it
	// is.
	LispEstado(conv sexp.Conventions) sexp.Value
	// LispAnswer MUST read x, what jogar returned when called with this
	// state's LispEstado under conv, whatever its shape, and leave the
	// state as it is. It returns the bot's turn, moves in the game's
	// notation: one, or several when the rules give the mover another move
	// within its turn and the bot answered them at once (Dots and Boxes
	// after a box), each but the last then legal in turn and keeping the
	// move; the state the bot claims the turn leads to, nil when it claims
	// none or one that is no position of the game; and notes for the
	// move's log (a move in notation that differs from the board's, a
	// claim set aside, why no move was read). When it reads no legal move,
	// moves MUST hold one text for the referee to reject: what was read,
	// or x's shape (sexp.Shape).
	LispAnswer(x sexp.Value, conv sexp.Conventions) (moves []string, claim referee.State, notes []string)
	// IsLispBoard MUST report whether x is a board of this state's game
	// and size as its Lisp form writes one: a search's statistics are read
	// beside one (readStats).
	IsLispBoard(x sexp.Value) bool
}

// formOf returns st as a Form, or an error for a game without a Lisp form.
func formOf(st referee.State) (Form, error) {
	f, ok := st.(Form)
	if st == nil || !ok {
		name := "no"
		if st != nil {
			name = st.Game().Name()
		}
		return nil, fmt.Errorf("lisp: the adapter cannot play %s: the game has no Lisp form", name)
	}
	return f, nil
}

// pendingTurn is the rest of a turn a bot answered at once: the moves
// still to play, the position in which the first of them is played, and
// the state the bot claims after the last.
type pendingTurn struct {
	moves []string
	at    referee.State
	claim referee.State
}

// next returns the cached move for st, with the claimed state when it is
// the turn's last, and leaves the cache ready for the following one; it
// reports false when st is not where the turn goes on.
func (t *pendingTurn) next(st referee.State) (string, referee.State, bool) {
	if len(t.moves) == 0 || !samePosition(t.at, st) {
		t.moves = nil
		return "", nil, false
	}
	m := t.moves[0]
	t.moves = t.moves[1:]
	if !play(t.at, m) {
		t.moves = nil
	}
	if len(t.moves) > 0 {
		return m, nil, true
	}
	return m, t.claim, true
}

// start begins the turn moves in st: it returns the first move, with the
// claim when it is the only one, and caches the others, with the state
// claimed after the last.
func (t *pendingTurn) start(st referee.State, moves []string, claim referee.State) (string, referee.State) {
	t.moves, t.at, t.claim = nil, nil, claim
	if len(moves) == 1 {
		return moves[0], claim
	}
	t.at = st.Clone()
	if play(t.at, moves[0]) {
		t.moves = moves[1:]
	}
	return moves[0], nil
}

// play plays the move written text in st, reporting whether it is legal
// there.
func play(st referee.State, text string) bool {
	m, err := st.ParseMove(text)
	if err != nil || !referee.Legal(st, m) {
		return false
	}
	st.Play(m)
	return true
}

// samePosition reports whether p and q are the same position: the same
// position file (board, scores and side to move).
func samePosition(p, q referee.State) bool {
	a, errA := p.Encode()
	b, errB := q.Encode()
	return errA == nil && errB == nil && string(a) == string(b)
}
