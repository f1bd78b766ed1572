package lisp

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/arenabots/arena/bots/lisp/sexp"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

// cell is what a square holds, in absolute terms: a number 0..99 or one of
// the constants below.
type cell int8

const (
	cellEmpty cell = -1
	cellWhite cell = -2
	cellBlack cell = -3
)

// knightCell returns the cell of side's knight.
func knightCell(side referee.Side) cell {
	if side == referee.White {
		return cellWhite
	}
	return cellBlack
}

// board is a whole board in absolute terms, indexed as cavalo.Position.
type board [cavalo.Squares]cell

// boardOf returns c's board.
func boardOf(c *cavalo.Position) board {
	var b board
	for sq := range b {
		b[sq] = cell(c.Cell(sq))
		if c.Cell(sq) < 0 {
			b[sq] = cellEmpty
		}
	}
	for _, side := range []referee.Side{referee.White, referee.Black} {
		if sq := c.Knight(side); sq >= 0 {
			b[sq] = knightCell(side)
		}
	}
	return b
}

// view maps between the referee's position and the one a bot is shown:
// under perspective white, when the bot is black, rows are mirrored and the
// two sides swapped.
type view struct {
	cfg     Config // with defaults
	mover   referee.Side
	flipped bool
}

// newView returns the view of the bot that plays mover.
func newView(cfg Config, mover referee.Side) view {
	return view{cfg: cfg, mover: mover, flipped: cfg.Perspective == PerspectiveWhite && mover == referee.Black}
}

// square maps a square between absolute and view indexes (both ways).
func (v view) square(sq int) int {
	if !v.flipped {
		return sq
	}
	return (9-sq/10)*10 + sq%10
}

// side maps a side between absolute and view terms (both ways).
func (v view) side(s referee.Side) referee.Side {
	if v.flipped {
		return s.Other()
	}
	return s
}

// code returns the knight code the bot sees for the absolute side s.
func (v view) code(s referee.Side) int { return v.cfg.Knights[v.side(s).Index()] }

// scores maps [white, black] scores between absolute and view terms.
func (v view) scores(s [2]int) [2]int {
	if v.flipped {
		return [2]int{s[1], s[0]}
	}
	return s
}

// encodeState writes c as the bot's estado.
func encodeState(c *cavalo.Position, v view) sexp.Value {
	b := boardOf(c)
	rows := make([]sexp.Value, 10)
	for r := range rows {
		cells := make([]sexp.Value, 10)
		for col := range cells {
			switch x := b[v.square(r*10+col)]; x {
			case cellEmpty:
				cells[col] = sexp.Nil()
			case cellWhite:
				cells[col] = sexp.Int(int64(v.code(referee.White)))
			case cellBlack:
				cells[col] = sexp.Int(int64(v.code(referee.Black)))
			default:
				cells[col] = sexp.Int(int64(x))
			}
		}
		rows[r] = sexp.List(cells...)
	}
	grid := sexp.List(rows...)
	s := v.scores(c.Scores())
	switch v.cfg.State {
	case StateBoard:
		return grid
	case StateBoardScores:
		return sexp.List(grid, sexp.List(sexp.Int(int64(s[0])), sexp.Int(int64(s[1]))))
	}
	return sexp.List(grid, sexp.Int(int64(v.side(c.ToMove()))), sexp.Int(int64(s[0])), sexp.Int(int64(s[1])))
}

// claim is a state a bot returned, in absolute terms.
type claim struct {
	board     board
	scores    [2]int
	hasScores bool
}

// decodeState reads a state in any of the state forms, with the error
// messages of the configured one.
func decodeState(x sexp.Value, v view) (claim, error) {
	var cl claim
	grid := x
	var scores []sexp.Value
	// A state in another known form than the configured one is read by its
	// shape: the configured form decides only what the bot is sent.
	form := v.cfg.State
	switch {
	case looksLikeBoard(x):
		form = StateBoard
	case x.Kind == sexp.KindList && len(x.Items) == 2 && looksLikeBoard(x.Items[0]):
		form = StateBoardScores
	case x.Kind == sexp.KindList && len(x.Items) == 4 && looksLikeBoard(x.Items[0]):
		form = StateBoardPlayerScores
	}
	switch form {
	case StateBoardScores:
		if x.Kind != sexp.KindList || len(x.Items) != 2 || x.Items[1].Kind != sexp.KindList || len(x.Items[1].Items) != 2 {
			return cl, fmt.Errorf("the state is %s: want (board (white-points black-points))", short(x))
		}
		grid, scores = x.Items[0], x.Items[1].Items
	case StateBoardPlayerScores:
		if x.Kind != sexp.KindList || len(x.Items) != 4 {
			return cl, fmt.Errorf("the state is %s: want (board player white-points black-points)", short(x))
		}
		grid, scores = x.Items[0], x.Items[2:]
	}
	if grid.Kind != sexp.KindList || len(grid.Items) != 10 {
		return cl, fmt.Errorf("the board is %s: want 10 rows of 10 cells", short(grid))
	}
	for r, row := range grid.Items {
		if row.Kind != sexp.KindList || len(row.Items) != 10 {
			return cl, fmt.Errorf("row %d of the board is %s: want 10 cells", r+1, short(row))
		}
		for col, c := range row.Items {
			x, err := v.decodeCell(c)
			if err != nil {
				return cl, fmt.Errorf("row %d column %d of the board: %w", r+1, col+1, err)
			}
			cl.board[v.square(r*10+col)] = x
		}
	}
	if scores != nil {
		var s [2]int
		for i, p := range scores {
			if p.Kind != sexp.KindInt || p.Int < 0 || p.Int > 1<<20 {
				return cl, fmt.Errorf("the points are %s: want two numbers", short(sexp.List(scores...)))
			}
			s[i] = int(p.Int)
		}
		cl.scores, cl.hasScores = v.scores(s), true
	}
	return cl, nil
}

// decodeCell reads one cell of a board the bot sees.
func (v view) decodeCell(c sexp.Value) (cell, error) {
	switch {
	case c.IsNil():
		return cellEmpty, nil
	case c.Kind == sexp.KindInt && c.Int >= 0 && c.Int <= 99:
		return cell(c.Int), nil
	case c.Kind == sexp.KindInt && int(c.Int) == v.cfg.Knights[0]:
		return knightCell(v.side(referee.White)), nil
	case c.Kind == sexp.KindInt && int(c.Int) == v.cfg.Knights[1]:
		return knightCell(v.side(referee.Black)), nil
	}
	return 0, fmt.Errorf("%s: want a number 0..99, NIL or a knight code (%d or %d)", short(c), v.cfg.Knights[0], v.cfg.Knights[1])
}

// state turns a claim into a referee state with side to move next.
func (cl claim) state(next referee.Side) (referee.State, error) {
	var f struct {
		Board  [10][10]*int `json:"board"`
		Scores [2]int       `json:"scores"`
		ToMove int          `json:"to_move"`
	}
	for sq, x := range cl.board {
		var n int
		switch x {
		case cellEmpty:
			continue
		case cellWhite:
			n = cavalo.WhiteKnight
		case cellBlack:
			n = cavalo.BlackKnight
		default:
			n = int(x)
		}
		f.Board[sq/10][sq%10] = &n
	}
	f.Scores, f.ToMove = cl.scores, int(next)
	data, err := json.Marshal(f)
	if err != nil {
		return nil, err
	}
	return cavalo.Game{}.Decode(data)
}

// decoded is a bot's answer in referee terms.
type decoded struct {
	move  string
	claim referee.State // nil when the bot claimed no state, or one that is not a position
	note  string        // why a claimed state was set aside
}

// decodeAnswer turns what jogar returned into a move (and the state it
// claims) for the position before.
func decodeAnswer(x sexp.Value, before *cavalo.Position, v view) (decoded, error) {
	var d decoded
	if v.cfg.Answer == AnswerState {
		cl, err := decodeState(x, v)
		if err != nil {
			return d, fmt.Errorf("answer: %w", err)
		}
		to := -1
		for sq, c := range cl.board {
			if c == knightCell(v.mover) {
				if to >= 0 {
					return d, fmt.Errorf("answer: the returned board has two %s knights", v.mover)
				}
				to = sq
			}
		}
		if to < 0 {
			return d, fmt.Errorf("answer: the returned board has no %s knight (code %d)", v.mover, v.code(v.mover))
		}
		if to == before.Knight(v.mover) {
			return d, fmt.Errorf("answer: the %s knight did not move", v.mover)
		}
		d.move = resolve(before, to, &cl)
		d.claim, d.note = claimed(before, cl, to, v)
		return d, nil
	}
	if looksLikeBoard(x) || x.Kind == sexp.KindList && len(x.Items) > 0 && looksLikeBoard(x.Items[0]) {
		return d, fmt.Errorf("answer: %s looks like a state alone; for such bots set answer: state", short(x))
	}
	if x.Kind != sexp.KindList || len(x.Items) < 1 || len(x.Items) > 2 {
		return d, fmt.Errorf("answer: %s: want (move new-state)", short(x))
	}
	var cl *claim
	if len(x.Items) == 2 && !x.Items[1].IsNil() {
		c, err := decodeState(x.Items[1], v)
		if err != nil {
			d.note = "claimed state set aside: " + err.Error()
		} else {
			cl = &c
		}
	}
	m := x.Items[0]
	switch {
	case m.Kind == sexp.KindList && len(m.Items) == 2 && m.Items[0].Kind == sexp.KindInt && m.Items[1].Kind == sexp.KindInt:
		base := int64(v.cfg.IndexBase)
		r, c := m.Items[0].Int-base, m.Items[1].Int-base
		if r < 0 || r > 9 || c < 0 || c > 9 {
			return d, fmt.Errorf("answer: the move %s is off the board (index_base %d: rows and columns %d..%d)", short(m), base, base, base+9)
		}
		d.move = resolve(before, v.square(int(r*10+c)), cl)
	case m.Kind == sexp.KindString || m.Kind == sexp.KindSymbol:
		mv, err := v.move(m.Text)
		if err != nil {
			return d, fmt.Errorf("answer: %w", err)
		}
		if sq, err := cavalo.ParseSquare(mv); err == nil {
			mv = resolve(before, sq, cl)
		}
		d.move = mv
	default:
		return d, fmt.Errorf("answer: the move is %s: want (row col), \"J10\" or J10", short(m))
	}
	if cl != nil {
		to, err := cavalo.ParseSquare(strings.SplitN(strings.ToUpper(d.move), "X", 2)[0])
		if err != nil {
			to = -1
		}
		d.claim, d.note = claimed(before, *cl, to, v)
	}
	return d, nil
}

// move maps a move written in notation by the bot to the referee's squares.
func (v view) move(text string) (string, error) {
	m, err := cavalo.ParseMove(text)
	if err != nil {
		return "", err
	}
	s := cavalo.FormatMove(m)
	if !v.flipped || s == "pass" {
		return s, nil
	}
	parts := strings.Split(s, "x")
	for i, p := range parts {
		sq, _ := cavalo.ParseSquare(p)
		parts[i] = cavalo.SquareName(v.square(sq))
	}
	return strings.Join(parts, "x"), nil
}

// resolve returns the legal move of before that lands on to and whose
// result matches cl best (which double it removes), or the first such move
// (the highest double) without cl. When no legal move lands there it
// returns the square's name, for the referee to reject.
func resolve(before *cavalo.Position, to int, cl *claim) string {
	best, bestDiff := cavalo.SquareName(to), -1
	for _, m := range before.Moves(nil) {
		text := before.FormatMove(m)
		if sq, err := cavalo.ParseSquare(strings.SplitN(text, "x", 2)[0]); err != nil || sq != to {
			continue
		}
		diff := 0
		if cl != nil {
			after := *before
			after.Play(m)
			b := boardOf(&after)
			for sq := range b {
				if b[sq] != cl.board[sq] {
					diff++
				}
			}
		}
		if bestDiff < 0 || diff < bestDiff {
			best, bestDiff = text, diff
		}
	}
	return best
}

// claimed turns a claim into the referee state to compare, filling in the
// scores that a board alone implies (the mover scored the number it landed
// on), or a note saying why it cannot.
func claimed(before *cavalo.Position, cl claim, to int, v view) (referee.State, string) {
	if !cl.hasScores {
		cl.scores = before.Scores()
		if to >= 0 && before.Cell(to) >= 0 {
			cl.scores[v.mover.Index()] += before.Cell(to)
		}
	}
	st, err := cl.state(v.mover.Other())
	if err != nil {
		return nil, "claimed state set aside: " + err.Error()
	}
	return st, ""
}

// looksLikeBoard reports whether x is a list of 10 lists of 10 items.
func looksLikeBoard(x sexp.Value) bool {
	if x.Kind != sexp.KindList || len(x.Items) != 10 {
		return false
	}
	for _, r := range x.Items {
		if r.Kind != sexp.KindList || len(r.Items) != 10 {
			return false
		}
	}
	return true
}

// short writes x for an error message, cut to a readable length.
func short(x sexp.Value) string {
	s := x.String()
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}
