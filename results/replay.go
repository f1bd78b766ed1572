package results

import (
	"bytes"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/referee"
)

// WriteReplay writes game g move by move for people, as in a log.dat: a
// header naming the game, the initial board, then for each ply a line with
// its number, side, bot, move, nodes, cuts, time and depth (and the bot's
// evaluation, principal variation, its answer when rejected or completed,
// discrepancy and output when there are any) followed by the board after
// it, and at the end the result, reason and scores. What a bot wrote is
// shown inert (see package inert): its answer quoted, its output, error
// text and the rest with control characters escaped. g may hold only an ID
// when the game is not in the journal. lookup returns the rules of the
// game a line names (the wiring passes games.Lookup).
//
// Each board is the logged position, drawn from the position before it
// with the logged move played when that gives the same position file: a
// drawing may then show what the file does not hold (in Dots and Boxes,
// who closed each box).
func WriteReplay(w io.Writer, g Entry, lines []MoveLine, lookup func(name string) (referee.Game, error)) error {
	b, err := appendReplay(nil, g, lines, lookup)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// appendReplay appends what WriteReplay writes to b.
func appendReplay(b []byte, g Entry, lines []MoveLine, lookup func(name string) (referee.Game, error)) ([]byte, error) {
	b = append(b, "game "...)
	b = inert.AppendLine(b, g.ID)
	if g.White != "" {
		b = append(b, ", round "...)
		b = strconv.AppendInt(b, int64(g.Round), 10)
		b = append(b, ", board seed "...)
		b = strconv.AppendUint(b, g.Seed, 10)
		b = append(b, "\nwhite "...)
		b = inert.AppendLine(b, g.White)
		b = append(b, ", black "...)
		b = inert.AppendLine(b, g.Black)
		b = append(b, '\n')
	} else {
		b = append(b, " (not in the journal)\n"...)
	}
	if !g.Start.IsZero() {
		b = append(b, "started "...)
		b = g.Start.AppendFormat(b, time.RFC3339)
		b = append(b, ", ended "...)
		b = g.End.AppendFormat(b, time.RFC3339)
		b = append(b, '\n')
	}
	// The replayer plays on the board drawn last, which nothing keeps.
	r := replayer{lookup: lookup, inPlace: true}
	for i, l := range lines {
		rules, err := r.rulesOf(l)
		if err != nil {
			return nil, err
		}
		if l.Side == "" {
			b = append(b, "\ninitial position\n"...)
		} else {
			b = appendPlyHeader(b, l)
			if l.Move == "" {
				continue // no move, no new board
			}
		}
		board, ok := l.drawnBoard()
		if ok {
			// The next line that was not drawn decodes its position.
			r.st = nil
		} else {
			st, err := r.next(l, rules)
			if err != nil {
				return nil, err
			}
			board = st.String()
		}
		if i == 0 {
			// The boards make most of the text: room for one per line
			// saves growing b again and again.
			b = slices.Grow(b, len(lines)*(len(board)+128))
		}
		b = append(b, board...)
		b = append(b, '\n')
	}
	if g.Result != "" {
		b = append(b, "\nresult "...)
		b = append(b, g.Result...)
		b = append(b, " ("...)
		b = append(b, g.Reason.String()...)
		switch g.Loser {
		case "":
		case BothAtFault:
			b = append(b, ", both at fault"...)
		default:
			b = append(b, ", at fault: "...)
			b = inert.AppendLine(b, g.Loser)
		}
		b = append(b, "): white "...)
		b = strconv.AppendInt(b, int64(g.Scores[0]), 10)
		b = append(b, ", black "...)
		b = strconv.AppendInt(b, int64(g.Scores[1]), 10)
		b = append(b, '\n')
		if g.Detail != "" {
			b = append(b, "detail: "...)
			b = inert.AppendLine(b, g.Detail)
			b = append(b, '\n')
		}
		b = append(b, "time used: white "...)
		b = strconv.AppendInt(b, g.TimeMS[0], 10)
		b = append(b, " ms, black "...)
		b = strconv.AppendInt(b, g.TimeMS[1], 10)
		b = append(b, " ms\n"...)
	}
	return b, nil
}

// appendTimes appends a ply's times, each named by its clock, the one the
// move was charged first: "  cpu 1.234 ms  wall 9.500 ms" under clock:
// cpu, "  wall 9.500 ms  cpu 1.234 ms" (the CPU time where it was measured)
// under clock: wall.
func appendTimes(b []byte, l MoveLine) []byte {
	wall := func(b []byte) []byte {
		b = append(b, "  wall "...)
		b = strconv.AppendFloat(b, l.TimeMS, 'f', 3, 64) // as %.3f
		return append(b, " ms"...)
	}
	cpu := func(b []byte) []byte {
		if l.CPUMS == nil {
			return b
		}
		b = append(b, "  cpu "...)
		b = strconv.AppendFloat(b, *l.CPUMS, 'f', 3, 64)
		return append(b, " ms"...)
	}
	if l.CPUCharged {
		return wall(cpu(b))
	}
	return cpu(wall(b))
}

// appendPlyHeader appends a ply's header line and its notes to b.
func appendPlyHeader(b []byte, l MoveLine) []byte {
	move := l.Move
	if move == "" {
		move = "(no move)"
	}
	b = append(b, "\nply "...)
	b = strconv.AppendInt(b, int64(l.Ply), 10)
	for _, s := range [...]string{l.Side, l.Bot, move} {
		b = append(b, "  "...)
		b = inert.AppendLine(b, s)
	}
	reported := l.Reported() // else nodes, cuts and depth are unknown: not shown
	if reported {
		b = append(b, "  nodes "...)
		b = strconv.AppendInt(b, l.Nodes, 10)
		b = append(b, "  cuts "...)
		b = strconv.AppendInt(b, l.Cuts, 10)
	}
	b = appendTimes(b, l)
	if c := l.ClocksMS; c != nil {
		b = append(b, "  clocks "...)
		b = strconv.AppendFloat(b, c[0], 'f', 1, 64)
		b = append(b, ' ')
		b = strconv.AppendFloat(b, c[1], 'f', 1, 64)
		b = append(b, " ms"...)
	}
	if reported {
		b = append(b, "  depth "...)
		b = strconv.AppendInt(b, int64(l.Depth), 10)
	}
	if l.Eval != nil {
		b = append(b, "  eval "...)
		b = strconv.AppendFloat(b, *l.Eval, 'g', -1, 64) // as %g
	}
	if l.Forced {
		b = append(b, "  forced"...)
	}
	b = append(b, '\n')
	if len(l.PV) > 0 {
		b = append(b, "  pv:"...)
		for _, m := range l.PV {
			b = append(b, ' ')
			b = inert.AppendLine(b, m)
		}
		b = append(b, '\n')
	}
	switch {
	case l.Answer != "" && l.Move == "":
		b = append(b, "  rejected answer: "...)
		b = strconv.AppendQuote(b, l.Answer) // as %q
		b = append(b, '\n')
	case l.Answer != "":
		b = append(b, "  bot answered: "...)
		b = strconv.AppendQuote(b, l.Answer)
		b = append(b, ", played as "...)
		b = inert.AppendLine(b, l.Move)
		b = append(b, '\n')
	}
	if l.Discrepancy != "" {
		b = append(b, "  claimed state differs: "...)
		b = inert.AppendLine(b, l.Discrepancy)
		b = append(b, '\n')
	}
	if l.LoadLog != "" {
		b = append(b, "  loading output: "...)
		b = inert.AppendLine(b, path.Join(GamesDir, l.LoadLog))
		b = append(b, '\n')
	}
	b = appendOutput(b, "  bot output:\n", l.Log)
	return appendOutput(b, "  bot output after its last move, to its end:\n", l.AfterLog)
}

// appendOutput appends title and then out, what a bot wrote, line by line,
// made inert, unless out is empty.
func appendOutput(b []byte, title, out string) []byte {
	if out == "" {
		return b
	}
	b = append(b, title...)
	for s := range strings.SplitSeq(strings.TrimRight(out, "\n"), "\n") {
		b = append(b, "  | "...)
		b = inert.AppendText(b, s)
		b = append(b, '\n')
	}
	return b
}

// Positions returns the position after each of a move log's lines, as
// WriteReplay draws them: the logged position, or the one before it with
// the logged move played when that gives the same position file, so that
// a drawing can show what the file does not hold (in Dots and Boxes, who
// closed each box). A line without a move (a fault) repeats the position
// before it. lookup returns the rules of the game a line names (the wiring
// passes games.Lookup).
func Positions(lines []MoveLine, lookup func(name string) (referee.Game, error)) ([]referee.State, error) {
	out := make([]referee.State, 0, len(lines))
	r := replayer{lookup: lookup} // out keeps every position: no play in place
	for _, l := range lines {
		if l.Move == "" && r.st != nil {
			out = append(out, r.st)
			continue
		}
		rules, err := r.rulesOf(l)
		if err != nil {
			return nil, err
		}
		st, err := r.next(l, rules)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

// replayer finds the positions of a move log's lines one after the other,
// as WriteReplay draws them and Positions returns them.
type replayer struct {
	lookup func(name string) (referee.Game, error)
	// inPlace lets next play a move on the position before it rather than
	// on a clone: for a caller that keeps no position but the last.
	inPlace bool
	rules   referee.Game  // the rules looked up last, nil before the first
	st      referee.State // the position after the last line, nil before the first
	stGame  string        // the name of st's game
	moves   legalMoves
}

// rulesOf returns the rules of the game line l names.
func (r *replayer) rulesOf(l MoveLine) (referee.Game, error) {
	if r.rules == nil || r.rules.Name() != l.GameName {
		rules, err := r.lookup(l.GameName)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %w", l.Ply, err)
		}
		r.rules = rules
	}
	return r.rules, nil
}

// next returns the position after line l, a position of rules: the logged
// position, or the position before it with the logged move played when
// that gives the same position file.
func (r *replayer) next(l MoveLine, rules referee.Game) (referee.State, error) {
	// played is the position before with l's move played, and enc its
	// position file; nil when the move does not play there.
	var played referee.State
	var enc []byte
	if prev := r.st; prev != nil && l.Move != "" && r.stGame == rules.Name() {
		if m, err := prev.ParseMove(l.Move); err == nil && r.moves.legal(prev, m) {
			if !r.inPlace {
				prev = prev.Clone()
			}
			prev.Play(m)
			if e, err := prev.Encode(); err == nil {
				played, enc = prev, e
			}
		}
	}
	r.stGame = rules.Name() // the position next returns follows rules
	// A log that the referee wrote holds the very file played encodes
	// to, and decoding that file gives a state that encodes to it again:
	// played is then the answer without decoding the logged position.
	if played != nil && bytes.Equal(enc, l.Position) {
		r.st = played
		return played, nil
	}
	logged, err := rules.Decode(l.Position)
	if err != nil {
		return nil, fmt.Errorf("ply %d: %w", l.Ply, err)
	}
	r.st = logged
	if played != nil {
		if e, err := logged.Encode(); err == nil && bytes.Equal(enc, e) {
			r.st = played
		}
	}
	return r.st, nil
}

// legalMoves checks moves against a state as referee.Legal does, in a
// buffer kept from one call to the next: referee.Legal's own buffer
// escapes to the heap, a KiB for every move checked.
type legalMoves struct{ buf []referee.Move }

// legal reports whether m is one of the legal moves of s.
func (c *legalMoves) legal(s referee.State, m referee.Move) bool {
	c.buf = s.Moves(c.buf[:0])
	return slices.Contains(c.buf, m)
}
