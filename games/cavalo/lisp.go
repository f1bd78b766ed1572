package cavalo

import (
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// The Lisp form of Jogo do Cavalo (bots/lisp's Form): the course's estado,
// a board of 10 lists (row 1 first) of 10 cells, a number, NIL (empty) or a
// knight's code, with the scores and the player as the conventions say;
// and the reading of a course bot's answer of any shape, by the boards of
// 10×10 in it (where the mover's knight landed), or a move in notation.

// LispEstado returns the estado jogar is called with in c under conv, for
// the bot that is to move.
func (c *Position) LispEstado(conv sexp.Conventions) sexp.Value {
	return encodeState(c, newView(conv, c.ToMove()))
}

// LispAnswer reads x, what jogar returned in c under conv, as the bot's
// move (one), the state it claims and the notes for the move's log (see
// decodeAnswer).
func (c *Position) LispAnswer(x sexp.Value, conv sexp.Conventions) (moves []string, claim referee.State, notes []string) {
	d := decodeAnswer(x, c, newView(conv, c.ToMove()))
	return []string{d.move}, d.claim, d.notes
}

// LispConventions returns the conventions a probe of a Lisp bot tries
// (bots/lisp/probe's Game), in order of preference: calls, each state form
// and way of writing the side to move, from each perspective, with each
// order of the knight codes; reads, a (row col) move counted from 0 or
// from 1 (a board is read wherever it is).
func (Game) LispConventions() (calls, reads []sexp.Conventions) {
	for _, c := range sexp.EachPerspective(
		sexp.Conventions{State: sexp.StateBoardPlayerScores, Side: sexp.SideNumber},
		sexp.Conventions{State: sexp.StateBoardPlayerScores, Side: sexp.SideKnight},
		sexp.Conventions{State: sexp.StateBoardScores},
		sexp.Conventions{State: sexp.StateBoard},
	) {
		for _, k := range [][2]int{{WhiteKnight, BlackKnight}, {BlackKnight, WhiteKnight}} {
			c.Knights = k
			calls = append(calls, c)
		}
	}
	return calls, []sexp.Conventions{{IndexBase: 0}, {IndexBase: 1}}
}

// LispSettings lists the conventions of c (defaults set) that the Lisp
// form reads, as a league entry writes them: the state form, the side form
// when the state names the player, the perspective, the knight codes and
// the index base.
func (Game) LispSettings(c sexp.Conventions) []sexp.Setting {
	if c.State == sexp.StateBoardPlayerScores {
		return c.Settings("state", "side", "perspective", "knights", "index_base")
	}
	return c.Settings("state", "perspective", "knights", "index_base")
}

// IsLispBoard reports whether x has the shape of a board of the Lisp form:
// a list of 10 lists of 10 items.
func (c *Position) IsLispBoard(x sexp.Value) bool { return looksLikeBoard(x) }

// knightCell returns the cell of side's knight.
func knightCell(side referee.Side) int {
	if side == referee.White {
		return WhiteKnight
	}
	return BlackKnight
}

// view maps between the referee's position and the one a bot is shown
// (referee.View): under perspective white, when the bot is black, rows are
// mirrored and the two sides swapped.
type view struct {
	conv sexp.Conventions
	referee.View
}

// newView returns the view of the bot that plays mover under conv.
func newView(conv sexp.Conventions, mover referee.Side) view {
	return view{conv, referee.NewView(mover, conv.Perspective == sexp.PerspectiveWhite)}
}

// square maps a square between absolute and view indexes (both ways).
func (v view) square(sq int) int {
	if !v.Flip {
		return sq
	}
	return (9-sq/10)*10 + sq%10
}

// code returns the knight code the bot sees for the absolute side s.
func (v view) code(s referee.Side) int { return v.conv.Knights[v.Side(s).Index()] }

// encodeState writes c as the bot's estado.
func encodeState(c *Position, v view) sexp.Value {
	b := c.Cells()
	rows := make([]sexp.Value, 10)
	for r := range rows {
		cells := make([]sexp.Value, 10)
		for col := range cells {
			switch x := b[v.square(r*10+col)]; x {
			case Empty:
				cells[col] = sexp.Nil()
			case WhiteKnight:
				cells[col] = sexp.Int(int64(v.code(referee.White)))
			case BlackKnight:
				cells[col] = sexp.Int(int64(v.code(referee.Black)))
			default:
				cells[col] = sexp.Int(int64(x))
			}
		}
		rows[r] = sexp.List(cells...)
	}
	grid := sexp.List(rows...)
	s := v.Pair(c.Scores())
	switch v.conv.State {
	case sexp.StateBoard:
		return grid
	case sexp.StateBoardScores:
		return sexp.List(grid, sexp.List(sexp.Int(int64(s[0])), sexp.Int(int64(s[1]))))
	}
	return sexp.List(grid, sexp.Int(int64(v.sideCode(c.ToMove()))), sexp.Int(int64(s[0])), sexp.Int(int64(s[1])))
}

// sideCode returns how the bot is sent the absolute side s as the player
// of its state: 1 or 2, or its knight's code under side: knight.
func (v view) sideCode(s referee.Side) int {
	if v.conv.Side == sexp.SideKnight {
		return v.code(s)
	}
	return int(v.Side(s))
}

// claim is a state a bot returned, in absolute terms.
type claim struct {
	board     [Squares]int // as Position.Cells has it, in absolute terms
	scores    [2]int
	hasScores bool
}

// readClaim reads the board f of an answer, with the points of the state
// that holds it: (board (white-points black-points)) or (board player
// white-points black-points), player being a side as the bot is sent it.
func (v view) readClaim(f sexp.Found) (claim, error) {
	var cl claim
	for r, row := range f.Board.Items {
		for col, c := range row.Items {
			x, err := v.decodeCell(c)
			if err != nil {
				return cl, fmt.Errorf("row %d column %d of a returned board: %w", r+1, col+1, err)
			}
			cl.board[v.square(r*10+col)] = x
		}
	}
	if f.Parent == nil || f.Index != 0 {
		return cl, nil
	}
	var points []sexp.Value
	switch it := f.Parent.Items; {
	case len(it) == 2 && it[1].Kind == sexp.KindList && len(it[1].Items) == 2:
		points = it[1].Items
	case len(it) == 4 && v.isSide(it[1]):
		points = it[2:]
	default:
		return cl, nil
	}
	var s [2]int
	for i, p := range points {
		if p.Kind != sexp.KindInt || p.Int < 0 || p.Int > MaxScore {
			return cl, nil
		}
		s[i] = int(p.Int)
	}
	cl.scores, cl.hasScores = v.Pair(s), true
	return cl, nil
}

// isSide reports whether x is a side as the bot is sent it.
func (v view) isSide(x sexp.Value) bool {
	return x.Kind == sexp.KindInt && (x.Int == int64(v.sideCode(referee.White)) || x.Int == int64(v.sideCode(referee.Black)))
}

// decodeCell reads one cell of a board the bot sees.
func (v view) decodeCell(c sexp.Value) (int, error) {
	switch {
	case c.IsNil():
		return Empty, nil
	case c.Kind == sexp.KindInt && c.Int >= 0 && c.Int <= 99:
		return int(c.Int), nil
	case c.Kind == sexp.KindInt && int(c.Int) == v.conv.Knights[0]:
		return knightCell(v.Side(referee.White)), nil
	case c.Kind == sexp.KindInt && int(c.Int) == v.conv.Knights[1]:
		return knightCell(v.Side(referee.Black)), nil
	}
	return 0, fmt.Errorf("%s: want a number 0..99, NIL or a knight code (%d or %d)", sexp.Short(c), v.conv.Knights[0], v.conv.Knights[1])
}

// state turns a claim into a referee state with side to move next.
func (cl claim) state(next referee.Side) (referee.State, error) {
	c, err := FromCells(cl.board, cl.scores, next)
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// landing returns the square the mover's knight went to on the claimed
// board, or why the board shows no move.
func (v view) landing(cl claim, before *Position) (int, error) {
	to := -1
	for sq, c := range cl.board {
		if c == knightCell(v.Mover) {
			if to >= 0 {
				return -1, fmt.Errorf("a returned board has two %s knights", v.Mover)
			}
			to = sq
		}
	}
	switch {
	case to < 0:
		return -1, fmt.Errorf("a returned board has no %s knight (code %d)", v.Mover, v.code(v.Mover))
	case to == before.Knight(v.Mover):
		return -1, fmt.Errorf("the %s knight did not move on a returned board", v.Mover)
	}
	return to, nil
}

// decoded is a bot's answer in referee terms.
type decoded struct {
	move  string
	claim referee.State // nil when the bot claimed no state, or one that is not a position
	notes []string      // for the move's log: a move in notation that differs, a claim set aside, why no move was read
}

// decodeAnswer reads what jogar returned, of any shape, as a move (and the
// state it claims) for the position before. The boards of the answer, at
// any depth, are read first: the first whose knight landed on a legal move
// gives the move, the points of its state and the double it removed. Then
// a move in notation ((row col), "J10", J10, "C4xH8"), the answer itself or
// its first item: compared with the board's move, or played when no board
// gave one. Failing both, the move is the square a board's knight landed
// on, or the notation, for the referee to reject; and when there is
// neither, the answer's shape (see shape), which the referee rejects too.
func decodeAnswer(x sexp.Value, before *Position, v view) decoded {
	var d decoded
	var reasons []string
	var first *claim // the first board that reads as a position
	landed := ""     // where a board's knight landed, not a legal move
	for _, f := range sexp.FindBoards(x, looksLikeBoard) {
		cl, err := v.readClaim(f)
		if err != nil {
			reasons = append(reasons, err.Error())
			continue
		}
		if first == nil {
			first = &cl
		}
		to, err := v.landing(cl, before)
		if err != nil {
			reasons = append(reasons, err.Error())
			continue
		}
		mv, legal := resolve(before, to, &cl)
		if legal {
			d.move = mv
			d.claim, d.notes = claimed(before, cl, to, v, d.notes)
			if n, err := v.notation(x, before, &cl); err == nil && n != "" && !sameMove(n, mv) {
				d.notes = append(d.notes, fmt.Sprintf("jogar's move in notation, %s, is not the move its board shows, %s: %s is played", n, mv, mv))
			}
			return d
		}
		reasons = append(reasons, fmt.Sprintf("a returned board moves the %s knight to %s, not a legal move", v.Mover, mv))
		if landed == "" {
			landed = mv
		}
	}
	n, err := v.notation(x, before, first)
	if err != nil {
		reasons = append(reasons, err.Error())
	}
	if m, err := ParseMove(n); n != "" && err == nil && referee.Legal(before, before.Complete(m)) {
		d.move = n
		if len(reasons) > 0 {
			d.notes = append(d.notes, fmt.Sprintf("the boards of jogar's answer give no move (%s): its move in notation, %s, is played", strings.Join(reasons, "; "), n))
		}
		if first != nil {
			to, err := ParseSquare(strings.SplitN(strings.ToUpper(n), "X", 2)[0])
			if err != nil {
				to = -1
			}
			d.claim, d.notes = claimed(before, *first, to, v, d.notes)
		}
		return d
	}
	switch {
	case landed != "":
		d.move = landed
	case n != "":
		d.move = n
		reasons = append(reasons, fmt.Sprintf("its move in notation, %s, is not legal", n))
	default:
		d.notes = append(d.notes, sexp.Unread(x, reasons))
		d.move = sexp.Shape(x, looksLikeBoard, "board 10×10")
		return d
	}
	d.notes = append(d.notes, fmt.Sprintf("no legal move in jogar's answer (%s); it returned: %s", strings.Join(reasons, "; "), sexp.Quoted(x)))
	return d
}

// sameMove reports whether the move in notation n says the same as the
// move m read from a board: the same landing, and the same removal when n
// names one.
func sameMove(n, m string) bool {
	if strings.ContainsAny(n, "xX") {
		return strings.EqualFold(n, m)
	}
	return strings.EqualFold(n, strings.SplitN(m, "x", 2)[0])
}

// notation reads a move written in notation, in the answer itself or as
// its first item: (row col) counted from the index base, or a string or
// symbol such as "J10", J10 or "C4xH8", mapped to the referee's squares;
// a landing alone is completed by resolve with cl. It returns "" when there
// is none, and an error for a (row col) off the board or a string that is
// no move.
func (v view) notation(x sexp.Value, before *Position, cl *claim) (string, error) {
	for _, m := range sexp.MoveCandidates(x) {
		switch {
		case sexp.IsPair(m):
			base := int64(v.conv.IndexBase)
			r, c := m.Items[0].Int-base, m.Items[1].Int-base
			if r < 0 || r > 9 || c < 0 || c > 9 {
				return "", fmt.Errorf("the move %s is off the board (index_base %d: rows and columns %d..%d)", sexp.Short(m), base, base, base+9)
			}
			mv, _ := resolve(before, v.square(int(r*10+c)), cl)
			return mv, nil
		case m.Kind == sexp.KindString || m.Kind == sexp.KindSymbol:
			mv, err := v.move(m.Text)
			if err != nil {
				if m.Kind == sexp.KindString {
					return "", fmt.Errorf("the move %s: %w", sexp.Short(m), err)
				}
				continue // a symbol that names no move, such as JOGADA
			}
			if sq, err := ParseSquare(mv); err == nil {
				mv, _ = resolve(before, sq, cl)
			}
			return mv, nil
		}
	}
	return "", nil
}

// move maps a move written in notation by the bot to the referee's squares.
func (v view) move(text string) (string, error) {
	m, err := ParseMove(text)
	if err != nil {
		return "", err
	}
	s := FormatMove(m)
	if !v.Flip || s == "pass" {
		return s, nil
	}
	parts := strings.Split(s, "x")
	for i, p := range parts {
		sq, _ := ParseSquare(p)
		parts[i] = SquareName(v.square(sq))
	}
	return strings.Join(parts, "x"), nil
}

// resolve returns the legal move of before that lands on to and whose
// result matches cl best (which double it removes), or the first such move
// (the highest double) without cl, and true. When no legal move lands there
// it returns the square's name, for the referee to reject, and false.
func resolve(before *Position, to int, cl *claim) (string, bool) {
	best, bestDiff := SquareName(to), -1
	for _, m := range before.Moves(nil) {
		text := before.FormatMove(m)
		if sq, err := ParseSquare(strings.SplitN(text, "x", 2)[0]); err != nil || sq != to {
			continue
		}
		diff := 0
		if cl != nil {
			after := *before
			after.Play(m)
			b := after.Cells()
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
	return best, bestDiff >= 0
}

// claimed turns a claim into the referee state to compare, filling in the
// scores that a board alone implies (the mover scored the number it landed
// on); when it cannot, it adds a note saying why to notes.
func claimed(before *Position, cl claim, to int, v view, notes []string) (referee.State, []string) {
	if !cl.hasScores {
		cl.scores = before.Scores()
		if to >= 0 && before.Cell(to) >= 0 {
			cl.scores[v.Mover.Index()] += before.Cell(to)
		}
	}
	st, err := cl.state(v.Mover.Other())
	if err != nil {
		return nil, append(notes, "claimed state set aside: "+err.Error())
	}
	return st, notes
}

// looksLikeBoard reports whether x is a list of 10 lists of 10 items.
func looksLikeBoard(x sexp.Value) bool { return sexp.IsGrid(x, 10, 10, nil) }
