package adji

import (
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// The Lisp form of Adji-boto (bots/lisp's Form). The course's estado is the
// board ((r0c0 … r0c5) (r1c0 … r1c5)), row 0 first, or, as the 2024/25
// groups have it, (board (points1 points2)) (state: board-scores, the
// default). It does not say whose turn it is: under perspective white the
// bot is always player 1, owner of row 0 (the Cavalo championship's
// precedent): a bot whose row is row 1 is shown the board turned half a
// turn ((r c) at (1-r 5-c), which keeps the sowing order, so that its row
// is row 0), with its points first. Under perspective absolute (the
// default) the board and points are sent as they are.
//
// An answer of any shape is read by the hole it names, (row col) counted
// from 0 or a move in notation (r0c3), itself or its first item, as the
// 2024/25 group's ((row col) new-state); else by the boards of 2 rows of 6
// counts in it: the legal move that leads to a board is played, or the
// one legal hole a board shows emptied. The first board, with the points
// beside it, is the state the bot claims, which the referee compares with
// its own.

// LispEstado returns the estado jogar is called with in p under conv, for
// the bot that is to move.
func (p *Position) LispEstado(conv sexp.Conventions) sexp.Value {
	v := newView(conv, p)
	rows := make([]sexp.Value, 2)
	for r := range rows {
		cells := make([]sexp.Value, Cols)
		for c := range cells {
			cells[c] = sexp.Int(int64(p.holes[v.hole(r*Cols+c)]))
		}
		rows[r] = sexp.List(cells...)
	}
	board := sexp.List(rows...)
	if conv.State == sexp.StateBoard {
		return board
	}
	s := v.scores(p.Scores())
	return sexp.List(board, sexp.List(sexp.Int(int64(s[0])), sexp.Int(int64(s[1]))))
}

// LispAnswer reads x, what jogar returned in p under conv, as the bot's
// move (one), the state it claims and the notes for the move's log (see
// readAnswer).
func (p *Position) LispAnswer(x sexp.Value, conv sexp.Conventions) (moves []string, claim referee.State, notes []string) {
	return readAnswer(p, x, newView(conv, p))
}

// LispConventions returns the conventions a probe of a Lisp bot tries
// (bots/lisp/probe's Game), in order of preference: calls, the estado
// (board (points1 points2)) or the board alone, each from the absolute
// perspective and then the bot's as player 1; reads, a (row col) move
// counted from 0 (a board is read wherever it is).
func (Game) LispConventions() (calls, reads []sexp.Conventions) {
	calls = sexp.EachPerspective(sexp.Conventions{State: sexp.StateBoardScores}, sexp.Conventions{State: sexp.StateBoard})
	return calls, []sexp.Conventions{{IndexBase: 0}}
}

// LispSettings lists the conventions of c (defaults set) that the Lisp
// form reads, as a league entry writes them: the state form, (board
// scores) by default or the board, and the perspective.
func (Game) LispSettings(c sexp.Conventions) []sexp.Setting {
	state := sexp.Setting{Key: "state", Value: string(sexp.StateBoardScores), Default: true}
	if c.State == sexp.StateBoard {
		state = sexp.Setting{Key: "state", Value: string(sexp.StateBoard)}
	}
	return append([]sexp.Setting{state}, c.Settings("perspective")...)
}

// IsLispBoard reports whether x has the shape of a board of the Lisp form:
// 2 lists of 6 integers.
func (p *Position) IsLispBoard(x sexp.Value) bool { return isBoard(x) }

// isBoard reports whether x is a list of 2 lists of 6 integers.
func isBoard(x sexp.Value) bool { return sexp.IsGrid(x, 2, Cols, sexp.IsInt) }

// view maps between the referee's position and the one a bot is shown
// (referee.View): under perspective white, when the mover's row is row 1,
// the board is turned half a turn and the points swapped so that the
// mover is player 1.
type view struct {
	conv sexp.Conventions
	referee.View
}

// newView returns the view of the bot to move in p under conv.
func newView(conv sexp.Conventions, p *Position) view {
	mover := p.ToMove()
	flip := conv.Perspective == sexp.PerspectiveWhite && p.Row(mover) != 0
	return view{conv, referee.View{Mover: mover, Flip: referee.Flip(flip)}}
}

// hole maps a hole between absolute and view indexes (both ways).
func (v view) hole(h int) int { return v.Turn(h, Holes) }

// scores maps [white, black] scores to the points the bot is sent, and
// back: under perspective white, the mover's first.
func (v view) scores(s [2]int) [2]int {
	return referee.NewView(v.Mover, v.conv.Perspective == sexp.PerspectiveWhite).Pair(s)
}

// readBoard reads the board f of an answer, with the points beside it
// ((board (points1 points2))), in absolute terms. It fails on a count off
// 0..Seeds; hasScores is false when no points are beside it.
func (v view) readBoard(f sexp.Found) (holes [Holes]uint8, scores [2]int, hasScores bool, err error) {
	for r, row := range f.Board.Items {
		for c, n := range row.Items {
			if n.Int < 0 || n.Int > Seeds {
				return holes, scores, false, fmt.Errorf("hole (%d %d) of a returned board holds %d: want 0 to %d", r, c, n.Int, Seeds)
			}
			holes[v.hole(r*Cols+c)] = uint8(n.Int)
		}
	}
	if f.Parent == nil || f.Index != 0 || len(f.Parent.Items) != 2 {
		return holes, scores, false, nil
	}
	pts := f.Parent.Items[1]
	if pts.Kind != sexp.KindList || len(pts.Items) != 2 {
		return holes, scores, false, nil
	}
	for i, n := range pts.Items {
		if n.Kind != sexp.KindInt || n.Int < 0 || n.Int > Seeds {
			return holes, scores, false, nil
		}
		scores[i] = int(n.Int)
	}
	return holes, v.scores(scores), true, nil
}

// notation reads the hole an answer names, itself or its first item:
// (row col) counted from the index base, or a string or symbol in
// notation (r0c3, pass), in absolute terms. ok is false when it names
// none; err says why a (row col) or a string is no move.
func (v view) notation(x sexp.Value) (m referee.Move, ok bool, err error) {
	for _, c := range sexp.MoveCandidates(x) {
		switch {
		case sexp.IsPair(c):
			base := int64(v.conv.IndexBase)
			r, col := c.Items[0].Int-base, c.Items[1].Int-base
			if r < 0 || r > 1 || col < 0 || col >= Cols {
				return 0, false, fmt.Errorf("the move %s is off the board (index_base %d: rows %d..%d, columns %d..%d)", sexp.Short(c), base, base, base+1, base, base+Cols-1)
			}
			return referee.Move(v.hole(int(r)*Cols + int(col))), true, nil
		case c.Kind == sexp.KindString || c.Kind == sexp.KindSymbol:
			m, err := ParseMove(c.Text)
			if err != nil {
				if c.Kind == sexp.KindString {
					return 0, false, fmt.Errorf("the move %s: %w", sexp.Short(c), err)
				}
				continue // a symbol that names no move, such as JOGADA
			}
			if m != referee.Pass {
				m = referee.Move(v.hole(int(m)))
			}
			return m, true, nil
		}
	}
	return 0, false, nil
}

// boardMove returns the legal move of p that leads to the board holes: the
// one whose sowing gives that board, else the one legal hole the board
// shows emptied. ok is false when neither reads.
func boardMove(p *Position, holes [Holes]uint8) (referee.Move, bool) {
	var buf [Cols]referee.Move
	moves := p.Moves(buf[:0])
	for _, m := range moves {
		q := *p
		q.Play(m)
		if q.holes == holes {
			return m, true
		}
	}
	emptied, n := referee.Move(0), 0
	for _, m := range moves {
		if m != referee.Pass && holes[m] == 0 {
			emptied, n = m, n+1
		}
	}
	return emptied, n == 1
}

// claimState returns the state a bot claims after m: the board holes and
// the points it gave, or, when it gave none, the referee's after m.
func claimState(p *Position, m referee.Move, holes [Holes]uint8, scores [2]int, hasScores bool) *Position {
	q := *p
	q.Play(m)
	q.holes = holes
	if hasScores {
		q.score = [2]uint8{uint8(scores[0]), uint8(scores[1])}
	}
	return &q
}

// readAnswer reads what jogar returned in p, of any shape: the hole it
// names when that is a legal move, else the move its boards show (see
// boardMove); the first board that reads, with its points, is the claimed
// state. Failing both, the move sent to the referee to reject is the hole
// named, or the answer's shape.
func readAnswer(p *Position, x sexp.Value, v view) (moves []string, claim referee.State, notes []string) {
	type board struct {
		holes     [Holes]uint8
		scores    [2]int
		hasScores bool
	}
	var boards []board
	var reasons []string
	for _, f := range sexp.FindBoards(x, isBoard) {
		h, s, ok, err := v.readBoard(f)
		if err != nil {
			reasons = append(reasons, err.Error())
			continue
		}
		boards = append(boards, board{h, s, ok})
	}
	named, ok, err := v.notation(x)
	if err != nil {
		reasons = append(reasons, err.Error())
	}
	if ok && referee.Legal(p, named) {
		if len(boards) > 0 {
			b := boards[0]
			claim = claimState(p, named, b.holes, b.scores, b.hasScores)
		}
		return []string{FormatMove(named)}, claim, notes
	}
	if ok {
		reasons = append(reasons, fmt.Sprintf("its move %s is not legal", FormatMove(named)))
	}
	for _, b := range boards {
		if m, found := boardMove(p, b.holes); found {
			if ok {
				notes = append(notes, fmt.Sprintf("jogar's move %s is not legal: the move its board shows, %s, is played", FormatMove(named), FormatMove(m)))
			}
			return []string{FormatMove(m)}, claimState(p, m, b.holes, b.scores, b.hasScores), notes
		}
		reasons = append(reasons, "a returned board shows no legal move")
	}
	if len(boards) == 0 && !ok && err == nil {
		reasons = append(reasons, "no board of 2 rows of 6 and no (row col) in it: want ((row col) new-estado), the new estado or the board")
	}
	if ok {
		return []string{FormatMove(named)}, nil, []string{fmt.Sprintf("no legal move in jogar's answer (%s); it returned: %s", strings.Join(reasons, "; "), sexp.Quoted(x))}
	}
	return []string{sexp.Shape(x, isBoard, "board 2×6")}, nil, []string{sexp.Unread(x, reasons)}
}
