package solitario

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// The Lisp form of Solitário 2 (bots/lisp's Form). The course's estado is
// the bare board: 7 lists (row 1 first) of 7 values, NIL off the board, 0
// an empty hole, 1 or 2 a peg of that player. Who moves is not in it, and
// groups differ: the conventions say how the side to move is told.
//
//   - state board-player: (board player), player 1 or 2;
//   - state board: the board alone;
//   - state board-scores: (board (captures-1 captures-2));
//   - state board-player-scores: (board player captures-1 captures-2).
//
// Under perspective white, a bot that is player 2 is shown the board
// turned by 180° with the codes 1 and 2 swapped, so that it always plays
// player 1 (the Cavalo championship's precedent); its answer is turned
// back (c and b, e and d swap too).
//
// jogar answers ((op row col) new-board) in the statement, op one of c b e
// d cc cb ce cd in any case, row and column of the peg's origin counted
// from 1 (index_base 1) or 0. The answer is read whatever its shape: the
// boards of 7×7 in it, at any depth, give the move by their difference
// with the referee's board, and the first is the state the bot claims; a
// move (op row col), (op (row col)) or in arena's notation ("b2-3"), the
// answer itself or its first item, is compared with the board's, or played
// when no board gives one.

// LispEstado returns the estado jogar is called with in p under conv, for
// the bot that is to move.
func (p *Position) LispEstado(conv sexp.Conventions) sexp.Value {
	v := newView(conv, p.toMove)
	board := v.board(p)
	caps := v.Pair([2]int{int(p.captures[0]), int(p.captures[1])})
	player := sexp.Int(int64(v.Side(p.toMove)))
	switch conv.State {
	case sexp.StateBoard:
		return board
	case sexp.StateBoardPlayer:
		return sexp.List(board, player)
	case sexp.StateBoardScores:
		return sexp.List(board, sexp.List(sexp.Int(int64(caps[0])), sexp.Int(int64(caps[1]))))
	}
	return sexp.List(board, player, sexp.Int(int64(caps[0])), sexp.Int(int64(caps[1])))
}

// LispAnswer reads x, what jogar returned in p under conv, as the bot's
// move (one), the state it claims and the notes for the move's log (see
// readAnswer).
func (p *Position) LispAnswer(x sexp.Value, conv sexp.Conventions) (moves []string, claim referee.State, notes []string) {
	a := readAnswer(p, x, newView(conv, p.toMove))
	return []string{a.move}, a.claim, a.notes
}

// LispConventions returns the conventions a probe of a Lisp bot tries
// (bots/lisp/probe's Game), in order of preference: calls, (board player)
// then the board alone, each from the absolute perspective and from the
// bot's as player 1; reads, a (op row col) move counted from 1, as the
// statement has it, or from 0 (a board is read wherever it is).
func (Game) LispConventions() (calls, reads []sexp.Conventions) {
	calls = sexp.EachPerspective(sexp.Conventions{State: sexp.StateBoardPlayer}, sexp.Conventions{State: sexp.StateBoard})
	return calls, []sexp.Conventions{{IndexBase: 1}, {IndexBase: 0}}
}

// LispSettings lists the conventions of c (defaults set) that the Lisp
// form reads, as a league entry writes them: the state form, the
// perspective and the index base.
func (Game) LispSettings(c sexp.Conventions) []sexp.Setting {
	return c.Settings("state", "perspective", "index_base")
}

// IsLispBoard reports whether x has the shape of a board of the Lisp
// form: a list of 7 lists of 7 items.
func (p *Position) IsLispBoard(x sexp.Value) bool { return isBoard(x) }

// isBoard reports whether x is a list of 7 lists of 7 items.
func isBoard(x sexp.Value) bool { return sexp.IsGrid(x, Size, Size, nil) }

// view maps between the referee's position and the one a bot is shown
// (referee.View): under perspective white, when the bot is player 2, the
// board is turned by 180° and the two sides swapped.
type view struct {
	conv sexp.Conventions
	referee.View
}

// newView returns the view of the bot that plays mover under conv.
func newView(conv sexp.Conventions, mover referee.Side) view {
	return view{conv, referee.NewView(mover, conv.Perspective == sexp.PerspectiveWhite)}
}

// cell maps a cell between absolute and view indexes (both ways).
func (v view) cell(sq int) int { return v.Turn(sq, cells) }

// op maps an operator between absolute and view terms (both ways): turned
// by 180°, up is down and left is right.
func (v view) op(op int) int {
	if v.Flip {
		return op ^ 1
	}
	return op
}

// board writes p's board as the bot sees it.
func (v view) board(p *Position) sexp.Value {
	rows := make([]sexp.Value, Size)
	for r := range rows {
		items := make([]sexp.Value, Size)
		for c := range items {
			sq := v.cell(r*Size + c)
			switch {
			case !OnBoard(sq/Size+1, sq%Size+1):
				items[c] = sexp.Nil()
			case p.pegs[0]&bit(sq) != 0:
				items[c] = sexp.Int(int64(v.Side(referee.White)))
			case p.pegs[1]&bit(sq) != 0:
				items[c] = sexp.Int(int64(v.Side(referee.Black)))
			default:
				items[c] = sexp.Int(0)
			}
		}
		rows[r] = sexp.List(items...)
	}
	return sexp.List(rows...)
}

// readPegs reads a board the bot returned as the pegs of each side, in
// absolute terms.
func (v view) readPegs(x sexp.Value) ([2]bitset, error) {
	var pegs [2]bitset
	for r, row := range x.Items {
		for c, it := range row.Items {
			sq := v.cell(r*Size + c)
			on := OnBoard(sq/Size+1, sq%Size+1)
			switch {
			case it.IsNil() || it.Kind == sexp.KindInt && it.Int == 0:
			case it.Kind == sexp.KindInt && (it.Int == 1 || it.Int == 2) && on:
				pegs[v.Side(referee.Side(it.Int)).Index()] |= bit(sq)
			case it.Kind == sexp.KindInt && (it.Int == 1 || it.Int == 2):
				return pegs, fmt.Errorf("row %d column %d of a returned board is off the board and holds a peg", r+1, c+1)
			default:
				return pegs, fmt.Errorf("row %d column %d of a returned board: %s: want NIL, 0, 1 or 2", r+1, c+1, sexp.Short(it))
			}
		}
	}
	return pegs, nil
}

// answer is a bot's answer in referee terms.
type answer struct {
	move  string
	claim referee.State // nil when the bot claimed no board, or one that is no position
	notes []string
}

// readAnswer reads what jogar returned, of any shape, as a move for the
// position before. The boards of the answer, at any depth, are read first:
// the first whose difference with before is a legal move of the mover
// gives the move (its pegs exactly, or the one peg of the mover that left
// a hole for another), and is the claimed state. Then a move written in
// the answer itself or as its first item: compared with the board's, or
// played when no board gave one. Failing both, the move is the written
// one, for the referee to reject, or x's shape.
func readAnswer(before *Position, x sexp.Value, v view) answer {
	var a answer
	var reasons []string
	written, werr := v.written(x)
	if werr != nil {
		reasons = append(reasons, werr.Error())
	}
	for _, f := range sexp.FindBoards(x, isBoard) {
		pegs, err := v.readPegs(f.Board)
		if err != nil {
			reasons = append(reasons, err.Error())
			continue
		}
		m, err := boardMove(before, pegs)
		if err != nil {
			reasons = append(reasons, err.Error())
			continue
		}
		a.move = FormatMove(m)
		a.claim, a.notes = claimState(before, m, pegs, a.notes)
		if written != "" && written != a.move {
			a.notes = append(a.notes, fmt.Sprintf("jogar's move, %s, is not the move its board shows, %s: %s is played", written, a.move, a.move))
		}
		return a
	}
	if written != "" {
		a.move = written
		if m, _ := ParseMove(written); referee.Legal(before, m) {
			if len(reasons) > 0 {
				a.notes = append(a.notes, fmt.Sprintf("the boards of jogar's answer give no move (%s): its move %s is played", strings.Join(reasons, "; "), written))
			}
			return a
		}
		a.notes = append(a.notes, fmt.Sprintf("no legal move in jogar's answer (%s); it returned: %s", strings.Join(append(reasons, "its move "+written+" is not legal"), "; "), sexp.Quoted(x)))
		return a
	}
	a.move = sexp.Shape(x, isBoard, "board 7×7")
	a.notes = append(a.notes, sexp.Unread(x, reasons))
	return a
}

// boardMove returns the legal move of before that leads to pegs, or else
// the one that takes the mover's one peg that left its hole to the one
// hole a peg of the mover came to; an error says why there is none.
func boardMove(before *Position, pegs [2]bitset) (referee.Move, error) {
	var buf [referee.MaxMoves]referee.Move
	moves := before.Moves(buf[:0])
	for _, m := range moves {
		q := *before
		q.Play(m)
		if q.pegs == pegs {
			return m, nil
		}
	}
	i := before.toMove.Index()
	from, to := before.pegs[i]&^pegs[i], pegs[i]&^before.pegs[i]
	switch {
	case from == 0 && to == 0:
		return 0, fmt.Errorf("no peg of player %d moved on a returned board", i+1)
	case bits.OnesCount64(uint64(from)) != 1 || bits.OnesCount64(uint64(to)) != 1:
		return 0, fmt.Errorf("a returned board moves %d pegs of player %d to %d holes: want one peg moved", bits.OnesCount64(uint64(from)), i+1, bits.OnesCount64(uint64(to)))
	}
	for _, m := range moves {
		q := *before
		q.Play(m)
		if before.pegs[i]&^q.pegs[i] == from && q.pegs[i]&^before.pegs[i] == to {
			return m, nil
		}
	}
	sq, dst := bits.TrailingZeros64(uint64(from)), bits.TrailingZeros64(uint64(to))
	return 0, fmt.Errorf("a returned board moves player %d's peg from %s to %s, not a legal move", i+1, holeText(sq), holeText(dst))
}

// claimState returns the state the bot claims with pegs after m: the
// referee's position after m with the claimed pegs, the mover credited
// with the opponent's pegs that are gone. A board that is no position
// (more pegs than a side has) is set aside, with a note.
func claimState(before *Position, m referee.Move, pegs [2]bitset, notes []string) (referee.State, []string) {
	q := *before
	q.Play(m)
	i := before.toMove.Index()
	lost := bits.OnesCount64(uint64(before.pegs[1-i])) - bits.OnesCount64(uint64(pegs[1-i]))
	for s := range pegs {
		if n := bits.OnesCount64(uint64(pegs[s])); n > Pegs {
			return nil, append(notes, fmt.Sprintf("claimed state set aside: it has %d pegs of player %d, want %d at most", n, s+1, Pegs))
		}
	}
	q.pegs = pegs
	q.captures[i] = before.captures[i] + int8(max(lost, 0))
	return &q, notes
}

// written reads a move written in the answer itself or as its first item,
// in absolute terms: (op row col) or (op (row col)), row and column
// counted from the index base, or a string or symbol in arena's notation
// such as "b2-3". It returns "" when there is none, and an error for a
// move off the board.
func (v view) written(x sexp.Value) (string, error) {
	for _, c := range sexp.MoveCandidates(x) {
		switch {
		case c.Kind == sexp.KindList && len(c.Items) >= 2:
			op := opIndex(c.Items[0])
			if op < 0 {
				continue
			}
			rc := c.Items[1:]
			if len(rc) == 1 && rc[0].Kind == sexp.KindList {
				rc = rc[0].Items
			}
			if len(rc) != 2 || rc[0].Kind != sexp.KindInt || rc[1].Kind != sexp.KindInt {
				continue
			}
			base := int64(v.conv.IndexBase)
			r, col := rc[0].Int-base, rc[1].Int-base
			if r < 0 || r >= Size || col < 0 || col >= Size || !OnBoard(int(r)+1, int(col)+1) {
				return "", fmt.Errorf("the move %s is off the board (index_base %d: rows and columns %d..%d)", sexp.Short(c), base, base, base+Size-1)
			}
			return FormatMove(move(v.op(op), v.cell(int(r)*Size+int(col)))), nil
		case c.Kind == sexp.KindString || c.Kind == sexp.KindSymbol:
			m, err := ParseMove(c.Text)
			if err != nil || m == referee.Pass {
				continue
			}
			sq, op := int(m&moveCell), int(m>>moveOp)
			return FormatMove(move(v.op(op), v.cell(sq))), nil
		}
	}
	return "", nil
}

// opIndex returns the index of the operator x names (a symbol or string,
// any case), or -1.
func opIndex(x sexp.Value) int {
	if x.Kind != sexp.KindSymbol && x.Kind != sexp.KindString {
		return -1
	}
	for i, name := range ops {
		if strings.EqualFold(x.Text, name) {
			return i
		}
	}
	return -1
}
