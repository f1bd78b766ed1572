package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/course/intake/intaketest"
)

// TestReplayLispLoadLog plays a Lisp sample that prints while loading,
// into a results directory: the loading output is in a file of its own,
// which the replay names, and the Lisp bot's moves, which report no
// search statistics, show no nodes, cuts or depth.
func TestReplayLispLoadLog(t *testing.T) {
	t.Parallel()
	examples := lispExamples(t)
	dir := t.TempDir()
	s := intaketest.Samples[2]
	if err := intaketest.Assemble(examples, dir, s, false); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, s.Group)
	f, err := os.OpenFile(filepath.Join(sub, "jogo.lisp"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString("\n(format t \"~&; caught STYLE-WARNING: a note of loading~%\")\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	// The bot starts from its saved image, which keeps what its loading
	// printed for every game.
	out := filepath.Join(dir, "out")
	if o, err := arenaExec(t, "play", "--white", "lisp:"+sub, "--black", "builtin:greedy", "--tempo", "100", "--out", out); err != nil || strings.Contains(o, "no saved image") {
		t.Fatalf("play: %v\n%s", err, o)
	}
	loads, _ := filepath.Glob(filepath.Join(out, "games", "*.white.load.txt"))
	if len(loads) != 1 {
		t.Fatalf("loading output files %q, want one for white", loads)
	}
	data, err := os.ReadFile(loads[0])
	if err != nil || !strings.Contains(string(data), "STYLE-WARNING: a note of loading") {
		t.Fatalf("%s: %v\n%s", loads[0], err, data)
	}
	id := strings.TrimSuffix(filepath.Base(loads[0]), ".white.load.txt")
	replay, err := arenaOut(t, "replay", out, id)
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, replay)
	}
	// Off a terminal the replay wraps at 80 columns, a long path inside a
	// word: compare with the white space squeezed out.
	squash := func(s string) string { return strings.Join(strings.Fields(s), "") }
	if !strings.Contains(squash(replay), squash("loading output: games/"+id+".white.load.txt")) || strings.Contains(replay, "STYLE-WARNING") {
		t.Errorf("the replay does not name the loading output's file, or holds it:\n%s", replay)
	}
	for line := range strings.SplitSeq(replay, "\n") {
		if strings.HasPrefix(line, "ply ") && strings.Contains(line, "  white  ") && strings.Contains(line, "nodes") {
			t.Errorf("a Lisp move shows statistics it did not report: %s", line)
		}
	}
}
