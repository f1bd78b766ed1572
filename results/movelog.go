package results

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"

	"github.com/arenabots/arena/internal/inert"
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
	GameName string `json:"game"` // the rules, e.g. "cavalo", to decode Position
	Ply      int    `json:"ply"`
	Side     string `json:"side,omitempty"` // "white" or "black"; "" on ply 0
	Bot      string `json:"bot,omitempty"`
	Move     string `json:"move,omitempty"`
	Forced   bool   `json:"forced,omitempty"` // played by the referee, not the bot
	// TimeMS is the bot's call by the wall clock, request sent to answer
	// received, in milliseconds to the microsecond.
	TimeMS float64 `json:"time_ms"`
	// CPUMS is the CPU time the bot used in the call, all its threads and
	// processes (its cgroup), in milliseconds to the microsecond: what
	// clock: cpu charges; absent where it was not measured (no cgroup, or
	// a log from before clocks).
	CPUMS *float64 `json:"cpu_ms,omitempty"`
	// CPUCharged: CPUMS is the time the move was charged (clock: cpu), so
	// it is shown first; else TimeMS, the wall time, is.
	CPUCharged bool `json:"cpu_charged,omitempty"`
	// ClocksMS is White's and Black's time left after the ply, in
	// milliseconds, under a game clock (time_control); absent under a
	// fixed tempo_ms.
	ClocksMS *[2]float64 `json:"clocks_ms,omitempty"`
	// Nodes, Cuts and Depth are the bot's search statistics; each is
	// absent when 0, and all are unknown, not 0, when the bot reported no
	// statistics (see Reported): a Lisp bot reports none.
	Nodes int64 `json:"nodes,omitempty"`
	Cuts  int64 `json:"cuts,omitempty"`
	Depth int32 `json:"depth,omitempty"`
	// Eval is the bot's evaluation, absent for moves the bot did not choose,
	// for a bot that reports no statistics (referee.Stats.Reported) and
	// for values JSON cannot hold (NaN, infinities).
	Eval        *float64 `json:"eval,omitempty"`
	PV          []string `json:"pv,omitempty"`
	Discrepancy string   `json:"discrepancy,omitempty"` // how the bot's claimed state differed
	Answer      string   `json:"answer,omitempty"`      // the bot's answer, when rejected or not exactly Move
	Log         string   `json:"log,omitempty"`         // the bot's output during the call
	// AfterLog, on the last line of a side, is what its bot wrote after
	// that answer, to its end (referee.Record.After).
	AfterLog string `json:"after_log,omitempty"`
	// LoadLog is the file, in the games directory, that holds what the
	// bot printed while loading (compiler notes, STYLE-WARNINGs), which
	// WriteMoveLog takes out of Log (see referee.SplitLoadLog).
	LoadLog string `json:"load_log,omitempty"`
	// Position is the board after the ply, as the game's position file.
	Position json.RawMessage `json:"position"`
	// drawn is the board of Position as the game draws it, when
	// MoveLines computed the line and the log.dat shows that board: the
	// log.dat of a game just played is then written without replaying
	// its moves (see drawnBoard). It is not in the move log.
	drawn *drawing
}

// drawing is a board drawn and the position file it was drawn from.
type drawing struct {
	from  json.RawMessage
	board string
}

// drawnBoard returns the board MoveLines drew for l, if l's position is
// still the one it was drawn from.
func (l *MoveLine) drawnBoard() (string, bool) {
	if l.drawn == nil || !bytes.Equal(l.drawn.from, l.Position) {
		return "", false
	}
	return l.drawn.board, true
}

// WriteGameLog writes game g's move logs under dir, a league's output
// directory: it computes them with MoveLines and writes them with
// WriteMoveLog.
func WriteGameLog(dir string, g Entry, initial referee.State, rec referee.Record) error {
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
func WriteMoveLog(dir string, g Entry, lines []MoveLine, rules referee.Game) error {
	if err := ValidID(g.ID); err != nil {
		return fmt.Errorf("write game log: %w", err)
	}
	lines, loads := splitLoadLogs(dir, g.ID, lines)
	jl, dat, err := encodeMoveLog(g, lines, rules)
	if err != nil {
		return fmt.Errorf("write game log of %s: %w", g.ID, err)
	}
	if err := os.MkdirAll(filepath.Join(dir, GamesDir), 0o755); err != nil {
		return fmt.Errorf("write game log of %s: %w", g.ID, err)
	}
	// One sync of the games directory makes every rename durable.
	files := append(loads, fileData{MoveLogPath(dir, g.ID), jl}, fileData{LogDatPath(dir, g.ID), dat})
	return writeFilesAtomic(filepath.Join(dir, GamesDir), files)
}

// splitLoadLogs takes what bots printed while loading out of the logs of
// game id's lines, each side's into games/<id>.<side>.load.txt under dir,
// named by the line's LoadLog; it returns the lines (a copy when changed)
// and the files to write.
func splitLoadLogs(dir, id string, lines []MoveLine) ([]MoveLine, []fileData) {
	var files []fileData
	copied := false
	for i, l := range lines {
		load, rest := referee.SplitLoadLog(l.Log)
		if load == "" || l.Side == "" {
			continue
		}
		if !copied {
			lines, copied = slices.Clone(lines), true
		}
		name := id + "." + l.Side + ".load.txt"
		lines[i].Log, lines[i].LoadLog = rest, name
		files = append(files, fileData{filepath.Join(dir, GamesDir, name), []byte(inert.Text(load))})
	}
	return lines, files
}

// Reported says whether the line's bot reported search statistics: a
// line without them shows no nodes, cuts or depth, which are unknown.
func (l MoveLine) Reported() bool {
	return l.Nodes != 0 || l.Cuts != 0 || l.Depth != 0 || l.Eval != nil || len(l.PV) > 0
}

// encodeMoveLog returns the contents of game g's move logs: the JSON lines
// and the log.dat.
func encodeMoveLog(g Entry, lines []MoveLine, rules referee.Game) (jl, dat []byte, err error) {
	var jb bytes.Buffer
	jb.Grow(jsonSize(lines))
	enc := json.NewEncoder(&jb) // Encode writes what Marshal returns, and a newline
	for i := range lines {
		if err := enc.Encode(&lines[i]); err != nil { // a pointer: no copy of the line
			return nil, nil, fmt.Errorf("ply %d: %w", lines[i].Ply, err)
		}
	}
	if dat, err = appendReplay(nil, g, lines, sameGame(rules)); err != nil {
		return nil, nil, err
	}
	return inert.JSON(jb.Bytes()), dat, nil
}

// jsonSize is about the size of lines in JSON, so that a buffer sized for
// it is seldom grown: the texts and the position, plus room for the keys
// and numbers.
func jsonSize(lines []MoveLine) int {
	n := 0
	for _, l := range lines {
		n += 256 + len(l.GameName) + len(l.Side) + len(l.Bot) + len(l.Move) + len(l.Discrepancy) + len(l.Answer) + len(l.Log) + len(l.AfterLog) + len(l.Position)
		for _, m := range l.PV {
			n += len(m) + 3
		}
	}
	return n
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
		GameName: game, Ply: mr.Ply, Side: mr.Side.String(), Bot: bot,
		Move: mr.Move, Forced: mr.Forced, TimeMS: float64(mr.Elapsed.Microseconds()) / 1000,
		Nodes: mr.Stats.Nodes, Cuts: mr.Stats.Cuts, Depth: mr.Stats.Depth, PV: mr.Stats.PV,
		Discrepancy: mr.Discrepancy, Answer: mr.Answer, Log: mr.Log,
	}
	if c := mr.CPU; c != nil {
		cpu := float64(c.Microseconds()) / 1000
		l.CPUMS, l.CPUCharged = &cpu, mr.CPUCharged
	}
	if c := mr.Clocks; c != nil {
		l.ClocksMS = &[2]float64{float64(c[0].Microseconds()) / 1000, float64(c[1].Microseconds()) / 1000}
	}
	if e := mr.Stats.Eval; mr.Move != "" && !mr.Forced && mr.Stats.Reported() && !math.IsNaN(e) && !math.IsInf(e, 0) {
		l.Eval = &e
	}
	return l
}

// MoveLines returns game g's move log: rec's moves replayed on a clone of
// initial, the state the game started from, to record the position after
// each. A move that does not replay is an error, since it means initial is
// not the game's start.
func MoveLines(g Entry, initial referee.State, rec referee.Record) ([]MoveLine, error) {
	st := initial.Clone()
	name := st.Game().Name()
	pos, err := st.Encode()
	if err != nil {
		return nil, fmt.Errorf("initial position: %w", err)
	}
	var moves legalMoves
	lines := make([]MoveLine, 1, len(rec.Moves)+1)
	lines[0] = MoveLine{GameName: name, Ply: st.Ply(), Position: pos, drawn: &drawing{pos, st.String()}}
	for _, mr := range rec.Moves {
		l := LineOf(name, mr, g.Bot(mr.Side))
		if mr.Move != "" {
			m, err := st.ParseMove(mr.Move)
			if err == nil && !moves.legal(st, m) {
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
		if mr.Move != "" { // the log.dat draws no board after a fault
			l.drawn = &drawing{l.Position, st.String()}
		}
		lines = append(lines, l)
	}
	for i, after := range rec.After {
		side := referee.Side(i + 1).String()
		for j := len(lines) - 1; j > 0 && after != ""; j-- {
			if lines[j].Side == side {
				lines[j].AfterLog, after = after, ""
			}
		}
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
