package lisp

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/arenabots/arena/bots/lisp/sexp"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
)

// Dots and Boxes for course bots. A course board is (H V): H lists the
// rows of dots, top to bottom, each with the horizontal arcs left to right;
// V lists the columns of dots, left to right, each with the vertical arcs
// top to bottom (the layout of the rules' position file, and the arc order
// of dots.Position). An arc is 0 (empty), 1 or 2 (drawn by that player).
// Course bots always play as player 1: the bot's own arcs and boxes are
// sent as player 1's.

// dotsArc returns the index, in dots.Position's order, of horizontal[i][j]
// (h) or vertical[i][j] (!h) of p's board.
func dotsArc(p *dots.Position, h bool, i, j int) int {
	if h {
		return i*p.Cols() + j
	}
	return (p.Rows()+1)*p.Cols() + i*p.Rows() + j
}

// dotsShape returns the lengths of H and of its lists, then of V and of
// its lists.
func dotsShape(p *dots.Position) [2][2]int {
	return [2][2]int{{p.Rows() + 1, p.Cols()}, {p.Cols() + 1, p.Rows()}}
}

// encodeDots writes p as the estado of the bot that is to move:
// (tabuleiro (caixas-j1 caixas-j2)), or the board alone under state: board,
// with the bot as player 1.
func encodeDots(p *dots.Position, form StateForm) sexp.Value {
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
	if form == StateBoard {
		return board
	}
	s := p.Scores()
	mine, theirs := s[mover.Index()], s[mover.Other().Index()]
	return sexp.List(board, sexp.List(sexp.Int(int64(mine)), sexp.Int(int64(theirs))))
}

// dotsBoard reads x as a board of p's size: which arcs it has drawn. It
// reports false when x is no such board.
func dotsBoard(p *dots.Position, x sexp.Value) ([]bool, bool) {
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

// findDotsBoard finds the board in an answer of any shape, with the
// scores when the answer has them: the board alone, the new estado
// (board scores), or (jogada board-or-estado). scores is nil without them.
func findDotsBoard(p *dots.Position, x sexp.Value) (board, scores *sexp.Value) {
	if _, ok := dotsBoard(p, x); ok {
		return &x, nil
	}
	if x.Kind != sexp.KindList || len(x.Items) != 2 {
		return nil, nil
	}
	first, second := x.Items[0], x.Items[1]
	if _, ok := dotsBoard(p, first); ok {
		return &first, &second
	}
	if _, ok := dotsBoard(p, second); ok {
		return &second, nil
	}
	if second.Kind == sexp.KindList && len(second.Items) == 2 {
		if _, ok := dotsBoard(p, second.Items[0]); ok {
			return &second.Items[0], &second.Items[1]
		}
	}
	return nil, nil
}

// dotsTurn reads a bot's answer by board difference: the arcs drawn on the
// returned board that are empty in p, in an order that makes them one legal
// turn (every arc but the last closes a box). It fails when there is no
// board, when an arc of p was erased, when no arc was drawn, or when the
// arcs are not one turn. It also returns the state the bot claims after
// its turn, or nil and a note saying why the claim was set aside.
func dotsTurn(p *dots.Position, x sexp.Value) (turn []referee.Move, claim referee.State, note string, err error) {
	board, scores := findDotsBoard(p, x)
	if board == nil {
		return nil, nil, "", fmt.Errorf("no board of %d×%d boxes in the answer: want the new estado, (jogada estado) or the board ((H) (V))", p.Rows(), p.Cols())
	}
	after, _ := dotsBoard(p, *board)
	var left []referee.Move
	for a, drawn := range after {
		before := p.Drawn(a) != 0
		switch {
		case before && !drawn:
			return nil, nil, "", fmt.Errorf("the returned board erases %s", p.FormatMove(referee.Move(a)))
		case drawn && !before:
			left = append(left, referee.Move(a))
		}
	}
	if len(left) == 0 {
		return nil, nil, "", errors.New("the returned board draws no arc")
	}
	// Greedy: while more than one arc is left, play one that closes a box.
	// Drawing an arc never stops another from closing its box, so this
	// finds an order whenever one exists.
	cur := *p
	turn = make([]referee.Move, 0, len(left))
	for len(left) > 1 {
		i := -1
		for k, a := range left {
			if closes(&cur, a) {
				i = k
				break
			}
		}
		if i < 0 {
			return nil, nil, "", fmt.Errorf("the returned board draws %d arcs that are not one turn: every arc but the last must close a box", len(turn)+len(left))
		}
		cur.Play(left[i])
		turn = append(turn, left[i])
		left = append(left[:i], left[i+1:]...)
	}
	cur.Play(left[0])
	claim, err = claimDots(p.ToMove(), &cur, *board, scores)
	if err != nil {
		note = "claimed state set aside: " + err.Error()
	}
	return append(turn, left[0]), claim, note, nil
}

// claimDots returns the state a bot that plays mover claims with board and
// scores (nil: the board alone, whose scores are taken from after, the
// referee's position after the turn), in absolute terms: the bot's 1 is
// mover and its boxes come first.
func claimDots(mover referee.Side, after *dots.Position, board sexp.Value, scores *sexp.Value) (referee.State, error) {
	f := struct {
		Game       string  `json:"game"`
		Rows       int     `json:"rows"`
		Cols       int     `json:"cols"`
		Horizontal [][]int `json:"horizontal"`
		Vertical   [][]int `json:"vertical"`
		Scores     [2]int  `json:"scores"`
		ToMove     int     `json:"to_move"`
	}{Game: dots.Name, Rows: after.Rows(), Cols: after.Cols(), Scores: after.Scores(), ToMove: int(after.ToMove())}
	halves := [2]*[][]int{&f.Horizontal, &f.Vertical}
	for k, lists := range board.Items {
		for _, l := range lists.Items {
			row := make([]int, len(l.Items))
			for j, v := range l.Items {
				switch {
				case v.IsNil() || v.Int == 0:
				case v.Int == 1:
					row[j] = int(mover)
				case v.Int == 2:
					row[j] = int(mover.Other())
				default:
					return nil, fmt.Errorf("an arc is %d: want 0, 1 or 2", v.Int)
				}
			}
			*halves[k] = append(*halves[k], row)
		}
	}
	if scores != nil {
		s := *scores
		if s.Kind != sexp.KindList || len(s.Items) != 2 || s.Items[0].Kind != sexp.KindInt || s.Items[1].Kind != sexp.KindInt {
			return nil, fmt.Errorf("the boxes are %s: want (caixas-j1 caixas-j2)", short(s))
		}
		f.Scores[mover.Index()], f.Scores[mover.Other().Index()] = int(s.Items[0].Int), int(s.Items[1].Int)
	}
	data, err := json.Marshal(f)
	if err != nil {
		return nil, err
	}
	return dots.Game{}.Decode(data)
}

// closes reports whether drawing arc a on p closes a box.
func closes(p *dots.Position, a referee.Move) bool {
	q := *p
	q.Play(a)
	return q.Scores() != p.Scores()
}

// pendingTurn is the rest of a turn a bot answered at once: the arcs still
// to play, the position in which the first of them is played, and the
// state the bot claims after the last.
type pendingTurn struct {
	arcs  []referee.Move
	at    dots.Position
	claim referee.State
}

// next returns the cached arc for p, with the claimed state when it is the
// turn's last, and leaves the cache ready for the following one; it reports
// false when p is not where the turn goes on.
func (t *pendingTurn) next(p *dots.Position) (referee.Move, referee.State, bool) {
	if len(t.arcs) == 0 || !samePosition(&t.at, p) {
		t.arcs = nil
		return 0, nil, false
	}
	a := t.arcs[0]
	t.arcs = t.arcs[1:]
	t.at.Play(a)
	if len(t.arcs) > 0 {
		return a, nil, true
	}
	return a, t.claim, true
}

// start plays the first arc of turn on p and caches the others, with the
// state claimed after the last; it returns the first arc, with the claim
// when it is the only one.
func (t *pendingTurn) start(p *dots.Position, turn []referee.Move, claim referee.State) (referee.Move, referee.State) {
	t.at, t.arcs, t.claim = *p, nil, claim
	t.at.Play(turn[0])
	if len(turn) == 1 {
		return turn[0], claim
	}
	t.arcs = turn[1:]
	return turn[0], nil
}

// samePosition reports whether p and q have the same arcs, scores and side
// to move.
func samePosition(p, q *dots.Position) bool {
	if p.Rows() != q.Rows() || p.Cols() != q.Cols() || p.ToMove() != q.ToMove() || p.Scores() != q.Scores() {
		return false
	}
	for a := range p.Arcs() {
		if p.Drawn(a) != q.Drawn(a) {
			return false
		}
	}
	return true
}
