package dots

import (
	"errors"
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// The Lisp form of Dots and Boxes (bots/lisp's Form). A course board is (H V): H lists the
// rows of dots, top to bottom, each with the horizontal arcs left to right;
// V lists the columns of dots, left to right, each with the vertical arcs
// top to bottom (the layout of the rules' position file, and the arc order
// of Position). An arc is 0 (empty), 1 or 2 (drawn by that player).
// Course bots always play as player 1: the bot's own arcs and boxes are
// sent as player 1's. Of the conventions, only the state form applies.

// LispEstado returns the estado jogar is called with in p under conv, for
// the bot that is to move (see encodeDots).
func (p *Position) LispEstado(conv sexp.Conventions) sexp.Value {
	return encodeDots(p, conv.State)
}

// LispAnswer reads x, what jogar returned in p, as the bot's turn (one arc
// or more, see dotsTurn) in notation, the state it claims after the last
// and the notes for the move's log. When it reads no turn, the move is the
// arc x names in notation, or x's shape, for the referee to reject.
func (p *Position) LispAnswer(x sexp.Value, _ sexp.Conventions) (moves []string, claim referee.State, notes []string) {
	ans, err := dotsTurn(p, x)
	if err != nil {
		return []string{dotsVerbatim(p, x)}, nil, []string{sexp.Unread(x, []string{err.Error()})}
	}
	for _, m := range ans.turn {
		moves = append(moves, p.FormatMove(m))
	}
	return moves, ans.claim, ans.notes
}

// LispConventions returns the conventions a probe of a Lisp bot tries
// (bots/lisp/probe's Game): the estado (board scores) or the board alone;
// the answer is read by board difference, whatever its shape.
func (Game) LispConventions() (calls, reads []sexp.Conventions) {
	return []sexp.Conventions{{State: sexp.StateBoardScores}, {State: sexp.StateBoard}}, []sexp.Conventions{{}}
}

// LispSettings lists the conventions of c that the Lisp form reads: the
// state form alone, (board scores) by default or the board.
func (Game) LispSettings(c sexp.Conventions) []sexp.Setting {
	if c.State == sexp.StateBoard {
		return []sexp.Setting{{Key: "state", Value: string(sexp.StateBoard)}}
	}
	return []sexp.Setting{{Key: "state", Value: string(sexp.StateBoardScores), Default: true}}
}

// IsLispBoard reports whether x has the shape of a board of p's size:
// (H V), the lists of its horizontal and its vertical arcs.
func (p *Position) IsLispBoard(x sexp.Value) bool { return isDotsBoard(p, x) }

// dotsVerbatim is the move sent to the referee for an answer that is not
// one turn: the arc it names in notation, or its shape.
func dotsVerbatim(p *Position, value sexp.Value) string {
	if m, ok := dotsNotation(p, value); ok {
		return p.FormatMove(m)
	}
	isBoard := func(v sexp.Value) bool { return isDotsBoard(p, v) }
	return sexp.Shape(value, isBoard, fmt.Sprintf("board %d×%d", p.Rows(), p.Cols()))
}

// dotsArc returns the index, in Position's order, of horizontal[i][j]
// (h) or vertical[i][j] (!h) of p's board.
func dotsArc(p *Position, h bool, i, j int) int {
	if h {
		return p.Horizontal(i, j)
	}
	return p.Vertical(i, j)
}

// dotsShape returns the lengths of H and of its lists, then of V and of
// its lists.
func dotsShape(p *Position) [2][2]int {
	return [2][2]int{{p.Rows() + 1, p.Cols()}, {p.Cols() + 1, p.Rows()}}
}

// encodeDots writes p as the estado of the bot that is to move:
// (tabuleiro (caixas-j1 caixas-j2)), or the board alone under state: board,
// with the bot as player 1.
func encodeDots(p *Position, form sexp.StateForm) sexp.Value {
	mover := p.ToMove()
	shape := dotsShape(p)
	var halves [2]sexp.Value
	for k, h := range []bool{true, false} {
		lists := make([]sexp.Value, shape[k][0])
		for i := range lists {
			arcs := make([]sexp.Value, shape[k][1])
			for j := range arcs {
				n := 0
				switch p.Drawn(dotsArc(p, h, i, j)) {
				case mover:
					n = 1
				case mover.Other():
					n = 2
				}
				arcs[j] = sexp.Int(int64(n))
			}
			lists[i] = sexp.List(arcs...)
		}
		halves[k] = sexp.List(lists...)
	}
	board := sexp.List(halves[0], halves[1])
	if form == sexp.StateBoard {
		return board
	}
	s := p.Scores()
	mine, theirs := s[mover.Index()], s[mover.Other().Index()]
	return sexp.List(board, sexp.List(sexp.Int(int64(mine)), sexp.Int(int64(theirs))))
}

// dotsBoard reads x as a board of p's size: which arcs it has drawn. It
// reports false when x is no such board.
func dotsBoard(p *Position, x sexp.Value) ([]bool, bool) {
	if x.Kind != sexp.KindList || len(x.Items) != 2 {
		return nil, false
	}
	drawn := make([]bool, p.Arcs())
	shape := dotsShape(p)
	for k, h := range []bool{true, false} {
		lists := x.Items[k]
		if lists.Kind != sexp.KindList || len(lists.Items) != shape[k][0] {
			return nil, false
		}
		for i, l := range lists.Items {
			if l.Kind != sexp.KindList || len(l.Items) != shape[k][1] {
				return nil, false
			}
			for j, v := range l.Items {
				switch {
				case v.IsNil():
				case v.Kind == sexp.KindInt:
					drawn[dotsArc(p, h, i, j)] = v.Int != 0
				default:
					return nil, false
				}
			}
		}
	}
	return drawn, true
}

// isDotsBoard reports whether x has the shape of a board of p's size.
func isDotsBoard(p *Position, x sexp.Value) bool {
	_, ok := dotsBoard(p, x)
	return ok
}

// dotsAnswer is a bot's answer read as a turn: the arcs to play, the state
// it claims after them (nil when set aside), and notes for the move's log.
type dotsAnswer struct {
	turn  []referee.Move
	claim referee.State
	notes []string
}

// dotsTurn reads a bot's answer of any shape by board difference: the
// boards of p's size in it, at any depth, are tried in order, and the
// first whose arcs drawn (non-zero there and empty in p) make one legal
// turn gives the turn, with the boxes of the state that holds it ((board
// (boxes-1 boxes-2))) for the claim. A move in arena's notation in the
// answer (itself or its first item, e.g. "A1-B1") is compared with the
// turn's first arc, or played when no board gives a turn. It fails, saying
// why, when neither does.
func dotsTurn(p *Position, x sexp.Value) (dotsAnswer, error) {
	var reasons []string
	for _, f := range sexp.FindBoards(x, func(v sexp.Value) bool { return isDotsBoard(p, v) }) {
		turn, err := boardTurn(p, f.Board)
		if err != nil {
			reasons = append(reasons, err.Error())
			continue
		}
		var ans dotsAnswer
		ans.turn = turn
		after := *p
		for _, a := range turn {
			after.Play(a)
		}
		var scores *sexp.Value
		if f.Parent != nil && f.Index == 0 && len(f.Parent.Items) == 2 && sexp.IsPair(f.Parent.Items[1]) {
			scores = &f.Parent.Items[1]
		}
		ans.claim, err = claimDots(p.ToMove(), &after, f.Board, scores)
		if err != nil {
			ans.notes = append(ans.notes, "claimed state set aside: "+err.Error())
		}
		if m, ok := dotsNotation(p, x); ok && m != turn[0] {
			ans.notes = append(ans.notes, fmt.Sprintf("jogar's move in notation, %s, is not the arc its board draws first, %s: the board's turn is played", p.FormatMove(m), p.FormatMove(turn[0])))
		}
		return ans, nil
	}
	if m, ok := dotsNotation(p, x); ok && referee.Legal(p, m) {
		return dotsAnswer{turn: []referee.Move{m}}, nil
	}
	if len(reasons) == 0 {
		return dotsAnswer{}, fmt.Errorf("no board of %d×%d boxes in it: want the new estado, (jogada estado) or the board ((H) (V))", p.Rows(), p.Cols())
	}
	return dotsAnswer{}, errors.New(strings.Join(reasons, "; "))
}

// dotsNotation reads a move in arena's notation, the answer itself or its
// first item, a string or symbol such as "A1-B1".
func dotsNotation(p *Position, x sexp.Value) (referee.Move, bool) {
	for _, c := range sexp.MoveCandidates(x) {
		if c.Kind == sexp.KindString || c.Kind == sexp.KindSymbol {
			if m, err := p.ParseMove(c.Text); err == nil {
				return m, true
			}
		}
	}
	return 0, false
}

// boardTurn reads the board x of p's size as a turn: the arcs drawn on it
// that are empty in p, in an order that makes them one legal turn (every
// arc but the last closes a box). It fails when an arc of p was erased,
// when no arc was drawn, or when the arcs are not one turn.
func boardTurn(p *Position, x sexp.Value) ([]referee.Move, error) {
	after, _ := dotsBoard(p, x)
	var left []referee.Move
	for a, drawn := range after {
		before := p.Drawn(a) != 0
		switch {
		case before && !drawn:
			return nil, fmt.Errorf("a returned board erases %s", p.FormatMove(referee.Move(a)))
		case drawn && !before:
			left = append(left, referee.Move(a))
		}
	}
	if len(left) == 0 {
		return nil, errors.New("a returned board draws no arc")
	}
	// Greedy: while more than one arc is left, play one that closes a box.
	// Drawing an arc never stops another from closing its box, so this
	// finds an order whenever one exists.
	cur := *p
	turn := make([]referee.Move, 0, len(left))
	for len(left) > 1 {
		i := -1
		for k, a := range left {
			if closes(&cur, a) {
				i = k
				break
			}
		}
		if i < 0 {
			return nil, fmt.Errorf("a returned board draws %d arcs that are not one turn: every arc but the last must close a box", len(turn)+len(left))
		}
		cur.Play(left[i])
		turn = append(turn, left[i])
		left = append(left[:i], left[i+1:]...)
	}
	return append(turn, left[0]), nil
}

// claimDots returns the state a bot that plays mover claims with board and
// scores (a pair, or nil: the board alone, whose scores are taken from after, the
// referee's position after the turn), in absolute terms: the bot's 1 is
// mover and its boxes come first.
func claimDots(mover referee.Side, after *Position, board sexp.Value, scores *sexp.Value) (referee.State, error) {
	drawn := make([]referee.Side, after.Arcs())
	shape := dotsShape(after)
	for k, h := range []bool{true, false} {
		for i := range shape[k][0] {
			for j := range shape[k][1] {
				switch v := board.Items[k].Items[i].Items[j]; {
				case v.IsNil() || v.Int == 0:
				case v.Int == 1:
					drawn[dotsArc(after, h, i, j)] = mover
				case v.Int == 2:
					drawn[dotsArc(after, h, i, j)] = mover.Other()
				default:
					return nil, fmt.Errorf("an arc is %d: want 0, 1 or 2", v.Int)
				}
			}
		}
	}
	s := after.Scores()
	if scores != nil {
		s[mover.Index()], s[mover.Other().Index()] = int(scores.Items[0].Int), int(scores.Items[1].Int)
	}
	p, err := FromArcs(after.Rows(), after.Cols(), drawn, s, after.ToMove())
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// closes reports whether drawing arc a on p closes a box.
func closes(p *Position, a referee.Move) bool {
	q := *p
	q.Play(a)
	return q.Scores() != p.Scores()
}
