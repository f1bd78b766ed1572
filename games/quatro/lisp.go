package quatro

import (
	"errors"
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// The Lisp form of Jogo do Quatro (bots/lisp's Form). The course's estado
// is (board reserve): the board as 4 lists (row 1 first) of 4 cells, each
// 0 (empty) or a piece as its list of four attribute words, e.g. (BRANCA
// QUADRADA ALTA OCA); the reserve the list of the pieces not played
// (LispEstado writes them in number order). Pieces belong to nobody, so
// there is no perspective and no player in the estado: of the conventions,
// none applies (a league entry names state: board).
//
// jogar's answers differ between groups: ((row col) new-estado), 0-based,
// or a symbol of the cell such as B3 (column letter, row from 1) and the
// new estado. Either way the move is read by board difference: the new
// board holds one piece more than the referee's, on an empty cell, and that
// piece of the reserve is the one played; the cell the answer names is
// checked against it (a note when they differ). The new estado, with its
// reserve, is the state the bot claims.

// LispEstado returns the estado jogar is called with in q: (board reserve).
func (q *Position) LispEstado(sexp.Conventions) sexp.Value {
	rows := make([]sexp.Value, 4)
	for r := range rows {
		cells := make([]sexp.Value, 4)
		for col := range cells {
			cells[col] = sexp.Int(0)
			if p, ok := q.At(r*4 + col); ok {
				cells[col] = lispPiece(p)
			}
		}
		rows[r] = sexp.List(cells...)
	}
	reserve := []sexp.Value{}
	for p := range Piece(Pieces) {
		if q.InReserve(p) {
			reserve = append(reserve, lispPiece(p))
		}
	}
	return sexp.List(sexp.List(rows...), sexp.List(reserve...))
}

// lispPiece writes p as the course does, its list of attribute words.
func lispPiece(p Piece) sexp.Value {
	w := p.Words()
	return sexp.List(sexp.Sym(w[0]), sexp.Sym(w[1]), sexp.Sym(w[2]), sexp.Sym(w[3]))
}

// LispAnswer reads x, what jogar returned in q, as the bot's move (one), the
// state it claims and the notes for the move's log (see quatroAnswer). When
// it reads no move, the move is x's cell and piece in notation when it
// names both, or x's shape, for the referee to reject.
func (q *Position) LispAnswer(x sexp.Value, conv sexp.Conventions) (moves []string, claim referee.State, notes []string) {
	m, claim, notes, err := quatroAnswer(q, x, conv.IndexBase)
	if err != nil {
		return []string{quatroVerbatim(q, x)}, nil, []string{sexp.Unread(x, []string{err.Error()})}
	}
	return []string{q.FormatMove(m)}, claim, notes
}

// LispConventions returns the conventions a probe of a Lisp bot tries
// (bots/lisp/probe's Game): one call, the estado (board reserve), and one
// read, by board difference whatever the answer's shape ((row col) counted
// from 0 when the answer names a cell so).
func (Game) LispConventions() (calls, reads []sexp.Conventions) {
	return []sexp.Conventions{{State: sexp.StateBoard}}, []sexp.Conventions{{}}
}

// LispSettings lists the conventions the Lisp form reads: none but the
// estado's form, written state: board (the board with its reserve, the
// game's one form).
func (Game) LispSettings(sexp.Conventions) []sexp.Setting {
	return []sexp.Setting{{Key: "state", Value: string(sexp.StateBoard)}}
}

// IsLispBoard reports whether x has the shape of a board of the Lisp form:
// 4 lists of 4 cells, each 0, NIL or a list of four symbols.
func (q *Position) IsLispBoard(x sexp.Value) bool {
	_, ok := lispBoard(x)
	return ok
}

// lispBoard reads x as a board: for each cell, the piece on it or -1. It
// reports false when x is not 4 lists of 4 cells, each 0, NIL or a list of
// four symbols (a piece, whose words are checked by lispCellPiece).
func lispBoard(x sexp.Value) ([Cells]sexp.Value, bool) {
	var cells [Cells]sexp.Value
	if x.Kind != sexp.KindList || len(x.Items) != 4 {
		return cells, false
	}
	for r, row := range x.Items {
		if row.Kind != sexp.KindList || len(row.Items) != 4 {
			return cells, false
		}
		for col, v := range row.Items {
			switch {
			case v.IsNil(), v.Kind == sexp.KindInt && v.Int == 0:
			case v.Kind == sexp.KindList && len(v.Items) == 4:
				for _, w := range v.Items {
					if w.Kind != sexp.KindSymbol && w.Kind != sexp.KindString {
						return cells, false
					}
				}
			default:
				return cells, false
			}
			cells[r*4+col] = v
		}
	}
	return cells, true
}

// lispCellPiece reads a cell of a board lispBoard accepted: the piece on
// it, or false when it is empty.
func lispCellPiece(v sexp.Value) (Piece, bool, error) {
	if v.Kind != sexp.KindList || len(v.Items) != 4 {
		return 0, false, nil
	}
	words := make([]string, 4)
	for i, w := range v.Items {
		words[i] = strings.ToUpper(w.Text)
	}
	p, err := pieceOfWords(words)
	return p, true, err
}

// quatroAnswer reads a bot's answer of any shape: the boards in it, at any
// depth, are tried in order, and the first that holds q's pieces and one
// more, on an empty cell and from the reserve, gives the move; the reserve
// beside it ((board reserve)) gives the claim. A cell the answer names (its
// first item: (row col) counted from base, or a symbol such as B3) is
// compared with the move's. With no such board, a move in arena's notation
// in the answer (B3:BQAO) is played. It fails, saying why, when neither
// gives a legal move.
func quatroAnswer(q *Position, x sexp.Value, base int) (referee.Move, referee.State, []string, error) {
	var reasons []string
	for _, f := range sexp.FindBoards(x, func(v sexp.Value) bool { return q.IsLispBoard(v) }) {
		m, err := boardMove(q, f.Board)
		if err != nil {
			reasons = append(reasons, err.Error())
			continue
		}
		var notes []string
		var reserve *sexp.Value
		if f.Parent != nil && f.Index == 0 && len(f.Parent.Items) == 2 && f.Parent.Items[1].Kind == sexp.KindList {
			reserve = &f.Parent.Items[1]
		}
		claim, err := claimQuatro(q, m, f.Board, reserve)
		if err != nil {
			notes = append(notes, "claimed state set aside: "+err.Error())
		}
		if c, ok := namedCell(x, base); ok && c != int(m>>4) {
			notes = append(notes, fmt.Sprintf("jogar names cell %s, its board places %s: the board's move is played", CellName(c), q.FormatMove(m)))
		}
		return m, claim, notes, nil
	}
	if m, ok := quatroNotation(x); ok && referee.Legal(q, m) {
		return m, nil, nil, nil
	}
	if len(reasons) == 0 {
		return 0, nil, nil, errors.New("no board of 4×4 in it: want ((row col) (board reserve)), (B3 (board reserve)) or the new estado (board reserve)")
	}
	return 0, nil, nil, errors.New(strings.Join(reasons, "; "))
}

// boardMove reads the board x as a move of q: the one cell it fills that q
// has empty, with a piece of the reserve; every piece of q where it was.
func boardMove(q *Position, x sexp.Value) (referee.Move, error) {
	cells, _ := lispBoard(x)
	placed := -1
	var piece Piece
	for c, v := range cells {
		p, ok, err := lispCellPiece(v)
		if err != nil {
			return 0, fmt.Errorf("a returned board's cell %s: %w", CellName(c), err)
		}
		was, had := q.At(c)
		switch {
		case had && !ok:
			return 0, fmt.Errorf("a returned board empties %s", CellName(c))
		case had && p != was:
			return 0, fmt.Errorf("a returned board changes %s from %s to %s", CellName(c), was, p)
		case !had && ok:
			if placed >= 0 {
				return 0, fmt.Errorf("a returned board places two pieces, on %s and %s", CellName(placed), CellName(c))
			}
			placed, piece = c, p
		}
	}
	switch {
	case placed < 0:
		return 0, errors.New("a returned board places no piece")
	case !q.InReserve(piece):
		return 0, fmt.Errorf("a returned board places %s on %s, which is not in the reserve", piece, CellName(placed))
	}
	return move(placed, piece), nil
}

// claimQuatro returns the state a bot claims with board (which places m on
// q) and reserve (nil: none beside the board, taken from the referee's
// position after m): the pieces on the board and in the reserve it
// returned, the turn passed.
func claimQuatro(q *Position, m referee.Move, board sexp.Value, reserve *sexp.Value) (referee.State, error) {
	after := *q
	after.Play(m)
	if reserve == nil {
		return &after, nil
	}
	claim := after
	claim.reserve = 0
	for i, v := range reserve.Items {
		p, ok, err := lispCellPiece(v)
		switch {
		case err != nil:
			return nil, fmt.Errorf("reserve piece %d: %w", i+1, err)
		case !ok:
			return nil, fmt.Errorf("reserve item %d is %s: want a piece, e.g. (BRANCA QUADRADA ALTA OCA)", i+1, sexp.Short(v))
		case claim.reserve&(1<<p) != 0:
			return nil, fmt.Errorf("the reserve lists %s twice", p)
		}
		claim.reserve |= 1 << p
	}
	return &claim, nil
}

// namedCell reads the cell the answer names as its first item: (row col)
// counted from base, or a symbol or string such as B3.
func namedCell(x sexp.Value, base int) (int, bool) {
	if x.Kind != sexp.KindList || len(x.Items) == 0 {
		return 0, false
	}
	first := x.Items[0]
	switch {
	case sexp.IsPair(first):
		r, c := int(first.Items[0].Int)-base, int(first.Items[1].Int)-base
		if r >= 0 && r < 4 && c >= 0 && c < 4 {
			return r*4 + c, true
		}
	case first.Kind == sexp.KindSymbol || first.Kind == sexp.KindString:
		if c, err := parseCell(first.Text); err == nil {
			return c, true
		}
	}
	return 0, false
}

// quatroNotation reads a move in arena's notation, the answer itself or
// its first item, a string or symbol such as B3:BQAO.
func quatroNotation(x sexp.Value) (referee.Move, bool) {
	for _, c := range sexp.MoveCandidates(x) {
		if c.Kind == sexp.KindString || c.Kind == sexp.KindSymbol {
			if m, err := ParseMove(c.Text); err == nil {
				return m, true
			}
		}
	}
	return 0, false
}

// quatroVerbatim is the move sent to the referee for an answer that gives
// no legal move: the move in notation it names, or its shape.
func quatroVerbatim(q *Position, x sexp.Value) string {
	if m, ok := quatroNotation(x); ok {
		return q.FormatMove(m)
	}
	return sexp.Shape(x, q.IsLispBoard, "board 4×4")
}
