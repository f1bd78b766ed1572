package results

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/arenabots/arena/referee"
)

// GamesDir is the directory, in a league's output directory, that holds the
// move logs: <id>.jsonl for programs and <id>.log.dat for people.
const GamesDir = "games"

// MoveLogPath returns the path of game id's JSON move log under dir, a
// league's output directory.
func MoveLogPath(dir, id string) string { return filepath.Join(dir, GamesDir, id+".jsonl") }

// LogDatPath returns the path of game id's human-readable log under dir.
func LogDatPath(dir, id string) string { return filepath.Join(dir, GamesDir, id+".log.dat") }

// MoveLine is one line of a game's move log: ply 0 is the initial position,
// then one line per ply as the referee recorded it, with the position after
// it. A ply that ended the game on a fault (a timeout, a rejected answer)
// has no Move, and its position is the one the bot was asked about.
type MoveLine struct {
	Game   string `json:"game"` // the rules, e.g. "cavalo", to decode Position
	Ply    int    `json:"ply"`
	Side   string `json:"side,omitempty"` // "white" or "black"; "" on ply 0
	Bot    string `json:"bot,omitempty"`
	Move   string `json:"move,omitempty"`
	Forced bool   `json:"forced,omitempty"` // played by the referee, not the bot
	// TimeMS is the bot's call, request sent to answer received, in
	// milliseconds to the microsecond.
	TimeMS float64 `json:"time_ms"`
	Nodes  int64   `json:"nodes"`
	Cuts   int64   `json:"cuts"`
	Depth  int32   `json:"depth"`
	// Eval is the bot's evaluation, absent for moves the bot did not choose
	// and for values JSON cannot hold (NaN, infinities).
	Eval        *float64 `json:"eval,omitempty"`
	PV          []string `json:"pv,omitempty"`
	Discrepancy string   `json:"discrepancy,omitempty"` // how the bot's claimed state differed
	Answer      string   `json:"answer,omitempty"`      // the bot's answer, when rejected or not exactly Move
	Log         string   `json:"log,omitempty"`         // the bot's output during the call
	// Position is the board after the ply, as the game's position file.
	Position json.RawMessage `json:"position"`
}

// WriteGameLog writes game g's move logs under dir, a league's output
// directory: it computes them with MoveLines and writes them with
// WriteMoveLog.
func WriteGameLog(dir string, g Game, initial referee.State, rec referee.Record) error {
	lines, err := MoveLines(g, initial, rec)
	if err != nil {
		return fmt.Errorf("write game log of %s: %w", g.ID, err)
	}
	return WriteMoveLog(dir, g, lines, initial.Game())
}

// WriteMoveLog writes game g's move logs under dir, a league's output
// directory: games/<id>.jsonl (MoveLine by MoveLine) and games/<id>.log.dat
// (the same as WriteReplay prints), each replaced atomically. rules is the
// game the lines log.
func WriteMoveLog(dir string, g Game, lines []MoveLine, rules referee.Game) error {
	if err := ValidID(g.ID); err != nil {
		return fmt.Errorf("write game log: %w", err)
	}
	jl, dat, err := encodeMoveLog(g, lines, rules)
	if err != nil {
		return fmt.Errorf("write game log of %s: %w", g.ID, err)
	}
	if err := os.MkdirAll(filepath.Join(dir, GamesDir), 0o755); err != nil {
		return fmt.Errorf("write game log of %s: %w", g.ID, err)
	}
	if err := WriteFileAtomic(MoveLogPath(dir, g.ID), jl); err != nil {
		return err
	}
	return WriteFileAtomic(LogDatPath(dir, g.ID), dat)
}

// encodeMoveLog returns the contents of game g's move logs: the JSON lines
// and the log.dat.
func encodeMoveLog(g Game, lines []MoveLine, rules referee.Game) (jl, dat []byte, err error) {
	var jb, db bytes.Buffer
	for _, l := range lines {
		b, err := json.Marshal(l)
		if err != nil {
			return nil, nil, fmt.Errorf("ply %d: %w", l.Ply, err)
		}
		jb.Write(b)
		jb.WriteByte('\n')
	}
	if err := WriteReplay(&db, g, lines, sameGame(rules)); err != nil {
		return nil, nil, err
	}
	return jb.Bytes(), db.Bytes(), nil
}

// replayed returns prev with move played when that gives the position
// logged, else logged.
func replayed(prev referee.State, move string, logged referee.State) referee.State {
	if prev == nil || prev.Game().Name() != logged.Game().Name() || move == "" {
		return logged
	}
	m, err := prev.ParseMove(move)
	if err != nil || !referee.Legal(prev, m) {
		return logged
	}
	next := prev.Clone()
	next.Play(m)
	a, errA := next.Encode()
	b, errB := logged.Encode()
	if errA != nil || errB != nil || !bytes.Equal(a, b) {
		return logged
	}
	return next
}

// sameGame returns a lookup that knows game alone.
func sameGame(game referee.Game) func(string) (referee.Game, error) {
	return func(name string) (referee.Game, error) {
		if name != game.Name() {
			return nil, fmt.Errorf("a %s game logs a %s position", game.Name(), name)
		}
		return game, nil
	}
}

// LineOf is the move log's line of mr, a ply of a game of the rules named
// game played by bot, without the position after it.
func LineOf(game string, mr referee.MoveRecord, bot string) MoveLine {
	l := MoveLine{
		Game: game, Ply: mr.Ply, Side: mr.Side.String(), Bot: bot,
		Move: mr.Move, Forced: mr.Forced, TimeMS: float64(mr.Elapsed.Microseconds()) / 1000,
		Nodes: mr.Stats.Nodes, Cuts: mr.Stats.Cuts, Depth: mr.Stats.Depth, PV: mr.Stats.PV,
		Discrepancy: mr.Discrepancy, Answer: mr.Answer, Log: mr.Log,
	}
	if e := mr.Stats.Eval; mr.Move != "" && !mr.Forced && !math.IsNaN(e) && !math.IsInf(e, 0) {
		l.Eval = &e
	}
	return l
}

// MoveLines returns game g's move log: rec's moves replayed on a clone of
// initial, the state the game started from, to record the position after
// each. A move that does not replay is an error, since it means initial is
// not the game's start.
func MoveLines(g Game, initial referee.State, rec referee.Record) ([]MoveLine, error) {
	st := initial.Clone()
	name := st.Game().Name()
	pos, err := st.Encode()
	if err != nil {
		return nil, fmt.Errorf("initial position: %w", err)
	}
	lines := []MoveLine{{Game: name, Ply: st.Ply(), Position: pos}}
	for _, mr := range rec.Moves {
		l := LineOf(name, mr, g.Bot(mr.Side))
		if mr.Move != "" {
			m, err := st.ParseMove(mr.Move)
			if err == nil && !referee.Legal(st, m) {
				err = fmt.Errorf("not legal for %s", st.ToMove())
			}
			if err != nil {
				return nil, fmt.Errorf("ply %d: move %q does not replay on the initial state: %w", mr.Ply, mr.Move, err)
			}
			st.Play(m)
		}
		if l.Position, err = st.Encode(); err != nil {
			return nil, fmt.Errorf("ply %d: %w", mr.Ply, err)
		}
		lines = append(lines, l)
	}
	return lines, nil
}

// ReadGameLog reads game id's move log under dir, a league's output
// directory.
func ReadGameLog(dir, id string) ([]MoveLine, error) {
	if err := ValidID(id); err != nil {
		return nil, err
	}
	path := MoveLogPath(dir, id)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read move log: %w", err)
	}
	var lines []MoveLine
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var l MoveLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		lines = append(lines, l)
	}
	return lines, sc.Err()
}

// WriteReplay writes game g move by move for people, as in a log.dat: a
// header naming the game, the initial board, then for each ply a line with
// its number, side, bot, move, nodes, cuts, time and depth (and the bot's
// evaluation, principal variation, its answer when rejected or completed,
// discrepancy and output when there are any) followed by the board after it, and at the end the
// result, reason and scores. g may hold only an ID when the game is not in
// the journal. lookup returns the rules of the game a line names (the wiring
// passes games.Lookup).
//
// Each board is the logged position, drawn from the position before it
// with the logged move played when that gives the same position file: a
// drawing may then show what the file does not hold (in Dots and Boxes,
// who closed each box).
func WriteReplay(w io.Writer, g Game, lines []MoveLine, lookup func(name string) (referee.Game, error)) error {
	b := &strings.Builder{}
	fmt.Fprintf(b, "game %s", g.ID)
	if g.White != "" {
		fmt.Fprintf(b, ", round %d, board seed %d\nwhite %s, black %s\n", g.Round, g.Seed, g.White, g.Black)
	} else {
		b.WriteString(" (not in the journal)\n")
	}
	if !g.Start.IsZero() {
		fmt.Fprintf(b, "started %s, ended %s\n", g.Start.Format(time.RFC3339), g.End.Format(time.RFC3339))
	}
	games := make(map[string]referee.Game)
	var st referee.State // the board drawn last
	for _, l := range lines {
		rules, ok := games[l.Game]
		if !ok {
			var err error
			if rules, err = lookup(l.Game); err != nil {
				return fmt.Errorf("ply %d: %w", l.Ply, err)
			}
			games[l.Game] = rules
		}
		if l.Side == "" {
			b.WriteString("\ninitial position\n")
		} else {
			writePlyHeader(b, l)
			if l.Move == "" {
				continue // no move, no new board
			}
		}
		logged, err := rules.Decode(l.Position)
		if err != nil {
			return fmt.Errorf("ply %d: %w", l.Ply, err)
		}
		st = replayed(st, l.Move, logged)
		b.WriteString(st.String())
		b.WriteByte('\n')
	}
	if g.Result != "" {
		fmt.Fprintf(b, "\nresult %s (%s", g.Result, g.Reason)
		switch g.Loser {
		case "":
		case BothAtFault:
			b.WriteString(", both at fault")
		default:
			fmt.Fprintf(b, ", at fault: %s", g.Loser)
		}
		fmt.Fprintf(b, "): white %d, black %d\n", g.Scores[0], g.Scores[1])
		if g.Detail != "" {
			fmt.Fprintf(b, "detail: %s\n", g.Detail)
		}
		fmt.Fprintf(b, "time used: white %d ms, black %d ms\n", g.TimeMS[0], g.TimeMS[1])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writePlyHeader writes a ply's header line and its notes.
func writePlyHeader(b *strings.Builder, l MoveLine) {
	move := l.Move
	if move == "" {
		move = "(no move)"
	}
	fmt.Fprintf(b, "\nply %d  %s  %s  %s  nodes %d  cuts %d  time %.3f ms  depth %d",
		l.Ply, l.Side, l.Bot, move, l.Nodes, l.Cuts, l.TimeMS, l.Depth)
	if l.Eval != nil {
		fmt.Fprintf(b, "  eval %g", *l.Eval)
	}
	if l.Forced {
		b.WriteString("  forced")
	}
	b.WriteByte('\n')
	if len(l.PV) > 0 {
		fmt.Fprintf(b, "  pv: %s\n", strings.Join(l.PV, " "))
	}
	switch {
	case l.Answer != "" && l.Move == "":
		fmt.Fprintf(b, "  rejected answer: %q\n", l.Answer)
	case l.Answer != "":
		fmt.Fprintf(b, "  bot answered: %q, played as %s\n", l.Answer, l.Move)
	}
	if l.Discrepancy != "" {
		fmt.Fprintf(b, "  claimed state differs: %s\n", l.Discrepancy)
	}
	if l.Log != "" {
		b.WriteString("  bot output:\n")
		for _, s := range strings.Split(strings.TrimRight(l.Log, "\n"), "\n") {
			fmt.Fprintf(b, "  | %s\n", s)
		}
	}
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
	var st referee.State
	for _, l := range lines {
		if l.Move == "" && st != nil {
			out = append(out, st)
			continue
		}
		rules, err := lookup(l.Game)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %w", l.Ply, err)
		}
		logged, err := rules.Decode(l.Position)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %w", l.Ply, err)
		}
		st = replayed(st, l.Move, logged)
		out = append(out, st)
	}
	return out, nil
}
