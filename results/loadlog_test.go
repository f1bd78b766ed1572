package results

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
)

// TestLoadLogAndUnreportedStats: what a bot printed while loading goes to
// a file of its own, which the move log and the replay name, and a bot
// that reports no statistics shows no nodes, cuts or depth, in the JSON
// lines or the replay.
func TestLoadLogAndUnreportedStats(t *testing.T) {
	initial := dots.Game{Rows: 2, Cols: 2}.New(1)
	rec := playout(initial, 0)
	start := time.Date(2025, 3, 14, 9, 0, 0, 0, time.UTC)
	g := FromRecord("03-lisp-greedy", 3, 1, "p13", "greedy", rec, start, start.Add(time.Minute))
	lines, err := MoveLines(g, initial, rec)
	if err != nil {
		t.Fatal(err)
	}
	warnings := strings.Repeat("; caught STYLE-WARNING:\n;   The variable TEMPO is defined but never used.\n", 200)
	lines[1].Log = referee.MarkLoadLog(warnings) + "pensando...\n"
	lines[1].Nodes, lines[1].Cuts, lines[1].Depth, lines[1].Eval, lines[1].PV = 0, 0, 0, nil, nil
	lines[2].Nodes, lines[2].Cuts, lines[2].Depth = 500, 0, 3
	dir := t.TempDir()
	if err := WriteMoveLog(dir, g, lines, initial.Game()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(lines[1].Log, "STYLE-WARNING") || lines[1].LoadLog != "" {
		t.Errorf("WriteMoveLog changed the caller's lines: %+v", lines[1])
	}
	load, err := os.ReadFile(filepath.Join(dir, GamesDir, "03-lisp-greedy.white.load.txt"))
	if err != nil || string(load) != warnings {
		t.Fatalf("the loading output's file: %v, %d bytes, want the %d of the warnings", err, len(load), len(warnings))
	}
	got, err := ReadGameLog(dir, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if l := got[1]; l.LoadLog != "03-lisp-greedy.white.load.txt" || l.Log != "pensando...\n" || l.Reported() {
		t.Errorf("ply 1: load_log %q, log %q, reported %v; want the file, the move's own output, none", l.LoadLog, l.Log, l.Reported())
	}
	jl, err := os.ReadFile(MoveLogPath(dir, g.ID))
	if err != nil {
		t.Fatal(err)
	}
	first := strings.SplitN(string(jl), "\n", 3)[1]
	if strings.Contains(first, `"nodes"`) || strings.Contains(first, `"cuts"`) || strings.Contains(first, `"depth"`) {
		t.Errorf("ply 1 logs statistics the bot did not report: %s", first)
	}
	dat, err := os.ReadFile(LogDatPath(dir, g.ID))
	if err != nil {
		t.Fatal(err)
	}
	text := string(dat)
	ply1, _, _ := strings.Cut(text[strings.Index(text, "\nply 1 "):], "\nply 2 ")
	if strings.Contains(ply1, "nodes") || strings.Contains(ply1, "depth") || strings.Contains(ply1, "STYLE-WARNING") ||
		!strings.Contains(ply1, "  loading output: games/03-lisp-greedy.white.load.txt\n") || !strings.Contains(ply1, "pensando...") {
		t.Errorf("ply 1 of the replay:\n%s", ply1)
	}
	if !strings.Contains(text, "nodes 500  cuts 0") || !strings.Contains(text, "depth 3") {
		t.Errorf("a reported cut count of 0 is shown as such, got:\n%s", text)
	}
}
