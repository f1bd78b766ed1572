package results

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
)

// playout plays a game from initial the way the referee records one,
// choosing moves deterministically (the move at index ply mod count) and
// with made-up times and statistics, so logs are reproducible. With
// faultAt > 0, Black's answer at that ply is rejected and the game ends
// there. It leaves initial as it was.
func playout(initial referee.State, faultAt int) referee.Record {
	st := initial.Clone()
	var rec referee.Record
	var buf [referee.MaxMoves]referee.Move
	for {
		moves := st.Moves(buf[:0])
		if len(moves) == 0 {
			rec.Scores, rec.Reason = st.Scores(), referee.Normal
			rec.Winner = referee.Winner(rec.Scores)
			return rec
		}
		ply := st.Ply() + 1
		mr := referee.MoveRecord{Ply: ply, Side: st.ToMove()}
		if ply == faultAt && st.ToMove() == referee.Black {
			mr.Answer, mr.Elapsed, mr.Log = "K11", 3*time.Millisecond, "thinking...\nK11 looks good"
			rec.Moves = append(rec.Moves, mr)
			rec.Time[1] += mr.Elapsed
			rec.Scores, rec.Reason, rec.Loser, rec.Winner = st.Scores(), referee.Illegal, referee.Black, referee.White
			rec.Detail = `black: bad move "K11": bad square "K11": want a column A-J and a row 1-10, e.g. E5`
			return rec
		}
		m := moves[ply%len(moves)]
		mr.Move = st.FormatMove(m)
		if ply == 5 { // an answer the referee normalized
			mr.Answer = strings.ToLower(mr.Move)
		}
		if len(moves) == 1 {
			mr.Forced = true
		} else {
			mr.Elapsed = time.Duration(ply) * 1234567 * time.Nanosecond
			mr.Stats = referee.Stats{Nodes: int64(ply) * 1000, Cuts: int64(ply) * 10, Depth: int32(ply%5 + 1), Eval: float64(ply%7) - 3.5}
			if ply%4 == 0 {
				mr.Stats.PV = []string{mr.Move, "pass"}
			}
			if ply == 6 {
				mr.Discrepancy = "scores are 10-20, claimed 10-21"
				mr.Stats.Eval = math.Inf(1)
			}
		}
		rec.Time[mr.Side.Index()] += mr.Elapsed
		st.Play(m)
		rec.Moves = append(rec.Moves, mr)
	}
}

func TestWriteGameLog(t *testing.T) {
	start := time.Date(2025, 3, 14, 9, 0, 0, 0, time.UTC)
	// Each case's log.dat and JSON move log are golden files: they pin
	// the logs byte for byte.
	tests := []struct {
		name    string
		initial referee.State
		seed    uint64
		faultAt int
	}{
		{"normal", cavalo.Game{}.New(7), 7, 0},
		{"illegal", cavalo.Game{}.New(3), 3, 10},
		{"dots", dots.Game{}.New(4), 4, 0},
		{"dots-illegal", dots.Game{Rows: 3, Cols: 3}.New(2), 2, 17},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			initial := tt.initial
			rec := playout(initial, tt.faultAt)
			g := FromRecord("01-greedy-random", 1, tt.seed, "greedy", "random", rec, start, start.Add(3*time.Second))
			if err := WriteGameLog(dir, g, initial, rec); err != nil {
				t.Fatal(err)
			}
			if initial.Ply() != 0 {
				t.Error("WriteGameLog played on initial")
			}
			dat, err := os.ReadFile(LogDatPath(dir, g.ID))
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "logdat."+tt.name, dat)
			jl, err := os.ReadFile(MoveLogPath(dir, g.ID))
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "movelog."+tt.name+".jsonl", jl)

			lines, err := ReadGameLog(dir, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(lines) != len(rec.Moves)+1 || lines[0].Ply != 0 || lines[0].Side != "" {
				t.Fatalf("%d lines, first %+v", len(lines), lines[0])
			}
			for i, mr := range rec.Moves {
				l := lines[i+1]
				if l.Ply != mr.Ply || l.Move != mr.Move || l.Side != mr.Side.String() || l.Bot != g.Bot(mr.Side) || l.Nodes != mr.Stats.Nodes || l.Answer != mr.Answer || l.GameName != initial.Game().Name() {
					t.Errorf("line %d = %+v, record %+v", i+1, l, mr)
				}
			}
			// The last position is the game's end: its scores are the
			// record's.
			last, err := initial.Game().Decode(lines[len(lines)-1].Position)
			if err != nil || last.Scores() != rec.Scores {
				t.Errorf("last position: %v, %v; want scores %v", last, err, rec.Scores)
			}
			// Replaying from the log prints the log.dat again.
			var b bytes.Buffer
			if err := WriteReplay(&b, g, lines, games.Lookup); err != nil || !bytes.Equal(b.Bytes(), dat) {
				t.Errorf("WriteReplay differs from log.dat (%v)", err)
			}
			// Positions gives the boards that log.dat draws, in order.
			pos, err := Positions(lines, games.Lookup)
			if err != nil || len(pos) != len(lines) {
				t.Fatalf("Positions: %d positions of %d lines, %v", len(pos), len(lines), err)
			}
			rest := string(dat)
			for i, p := range pos {
				if i > 0 && lines[i].Move == "" {
					continue // log.dat draws no board after a fault
				}
				at := strings.Index(rest, "\n"+p.String()+"\n")
				if at < 0 {
					t.Fatalf("Positions: line %d's board is not in log.dat after the board before it:\n%s", i, p)
				}
				rest = rest[at+1:]
			}
		})
	}
}

// TestWriteMoveLogOddLines pins, with golden files, how the move logs
// write what bots and people put in them: text that JSON and %q escape
// (quotes, HTML, control characters, invalid UTF-8, line separators),
// multi-line output, extreme numbers, a forced move with an evaluation, a
// position file that is not in its compact form, a move that does not
// replay and one that replays to another position than the logged one, so
// that log.dat draws the logged position.
func TestWriteMoveLogOddLines(t *testing.T) {
	initial := dots.Game{Rows: 2, Cols: 2}.New(1)
	rec := playout(initial, 0)
	start := time.Date(2025, 3, 14, 9, 0, 0, 123456789, time.FixedZone("", 3600))
	g := FromRecord("07-o\u00e9dd-b<o>t", 7, 1<<63, `o"dd`, "b<o>t", rec, start, start.Add(time.Hour))
	g.Detail = "detail \"quoted\" <&> \u2028 \xff"
	lines, err := MoveLines(g, initial, rec)
	if err != nil {
		t.Fatal(err)
	}
	eval := func(e float64) *float64 { return &e }
	odd := []func(l *MoveLine){
		func(l *MoveLine) {
			l.Answer = "\"<b>&amp;</b>\" \u00e9 \xff\x00\t\u2028"
			l.Log = "tab\there\n\nwindows\r\nend \x1b[1m\n\n"
			l.Discrepancy = "<&> \u2029 \u202e\u0085\x7f"
		},
		func(l *MoveLine) { l.Eval, l.TimeMS, l.Nodes, l.Cuts = eval(1e21), 0.0005, math.MaxInt64, -1 },
		func(l *MoveLine) { l.Eval, l.TimeMS, l.Depth = eval(1e-7), 123456789.125, math.MinInt32 },
		func(l *MoveLine) {
			l.Eval, l.Forced, l.PV = eval(math.Copysign(0, -1)), true, []string{"A1-B1", "<pass>", ""}
		},
		func(l *MoveLine) {
			var b bytes.Buffer
			if err := json.Indent(&b, l.Position, "", "  "); err != nil {
				t.Fatal(err)
			}
			l.Position = b.Bytes()
		},
		func(l *MoveLine) { l.Move, l.Eval = "zz", eval(-123.456e-300) },
		// A move that plays but not to the logged position.
		func(l *MoveLine) { l.Position = lines[8].Position },
	}
	for i, f := range odd {
		f(&lines[i+1])
	}
	dir := t.TempDir()
	g.ID = "07-odd"
	if err := WriteMoveLog(dir, g, lines, initial.Game()); err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct{ name, path string }{
		{"logdat.odd", LogDatPath(dir, g.ID)},
		{"movelog.odd.jsonl", MoveLogPath(dir, g.ID)},
	} {
		data, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		golden(t, f.name, data)
	}
}

func TestMoveLineJSON(t *testing.T) {
	initial := cavalo.Game{}.New(7)
	rec := playout(initial, 0)
	g := FromRecord("01-a-b", 1, 7, "a", "b", rec, time.Time{}, time.Time{})
	lines, err := MoveLines(g, initial, rec)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(lines[6])
	if err != nil {
		t.Fatal(err)
	}
	got := string(b[:bytes.Index(b, []byte(`,"position"`))])
	// Ply 6's eval is +Inf, which JSON cannot hold: left out.
	want := `{"game":"cavalo","ply":6,"side":"black","bot":"b","move":"` + lines[6].Move + `","time_ms":7.407,"nodes":6000,"cuts":60,"depth":2,"discrepancy":"scores are 10-20, claimed 10-21"`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestWriteGameLogErrors(t *testing.T) {
	initial := cavalo.Game{}.New(7)
	rec := playout(initial, 0)
	g := FromRecord("01-a-b", 1, 7, "a", "b", rec, time.Time{}, time.Time{})
	dir := t.TempDir()
	if err := WriteGameLog(dir, g, cavalo.Game{}.New(8), rec); err == nil || !strings.Contains(err.Error(), "does not replay") {
		t.Errorf("wrong initial state: %v", err)
	}
	g.ID = "../escape"
	if err := WriteGameLog(dir, g, initial, rec); err == nil {
		t.Error("id with a path accepted")
	}
	if _, err := os.Stat(filepath.Join(dir, GamesDir)); err == nil {
		t.Error("failed writes left a games directory")
	}
	if _, err := ReadGameLog(dir, "01-a-b"); err == nil {
		t.Error("ReadGameLog of a missing log succeeded")
	}
	os.MkdirAll(filepath.Join(dir, GamesDir), 0o755)
	os.WriteFile(MoveLogPath(dir, "01-a-b"), []byte("{\"game\":\"cavalo\",\"ply\":0}\nnope\n"), 0o644)
	if _, err := ReadGameLog(dir, "01-a-b"); err == nil || !strings.Contains(err.Error(), "01-a-b.jsonl:2:") {
		t.Errorf("bad line: %v", err)
	}
}

// TestClocksInMoveLog: under a game clock each ply's move log line holds
// both clocks and the replay shows them; under a fixed tempo neither does.
func TestClocksInMoveLog(t *testing.T) {
	initial := cavalo.Game{}.New(7)
	rec := playout(initial, 0)
	rec.Moves[0].Clocks = &[2]time.Duration{1950*time.Millisecond + 500*time.Microsecond, 2 * time.Second}
	g := FromRecord("01-a-b", 1, 7, "a", "b", rec, time.Time{}, time.Time{})
	lines, err := MoveLines(g, initial, rec)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(lines[1])
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"clocks_ms":[1950.5,2000]`)) {
		t.Errorf("ply 1: no clocks in %s", b)
	}
	if b, _ := json.Marshal(lines[2]); bytes.Contains(b, []byte("clocks")) {
		t.Errorf("ply 2 has no clocks, logged %s", b)
	}
	var out bytes.Buffer
	if err := WriteReplay(&out, g, lines, games.Lookup); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "  clocks 1950.5 2000.0 ms"); n != 1 {
		t.Errorf("the replay shows ply 1's clocks %d times:\n%s", n, out.String())
	}
}

// TestAfterLog: what each side's bot wrote after its last answer is on that
// side's last line, and log.dat shows it after the line's own output.
func TestAfterLog(t *testing.T) {
	initial := cavalo.Game{}.New(7)
	rec := playout(initial, 0)
	rec.After = [2]string{"white's last words\n", "black's\nlast words"}
	g := FromRecord("01-greedy-random", 1, 7, "greedy", "random", rec, time.Now(), time.Now())
	lines, err := MoveLines(g, initial, rec)
	if err != nil {
		t.Fatal(err)
	}
	last := map[string]int{}
	for i, l := range lines {
		last[l.Side] = i
	}
	for i, l := range lines {
		want := ""
		switch {
		case l.Side == "white" && i == last["white"]:
			want = rec.After[0]
		case l.Side == "black" && i == last["black"]:
			want = rec.After[1]
		}
		if l.AfterLog != want {
			t.Errorf("line %d (%s): after_log %q, want %q", i, l.Side, l.AfterLog, want)
		}
	}
	var b bytes.Buffer
	if err := WriteReplay(&b, g, lines, games.Lookup); err != nil {
		t.Fatal(err)
	}
	if want := "  bot output after its last move, to its end:\n  | black's\n  | last words\n"; !strings.Contains(b.String(), want) {
		t.Errorf("log.dat does not hold %q:\n%s", want, b.String())
	}
}
