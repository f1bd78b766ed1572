package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// movesOf returns the ply, side and move columns of a game's output.
func movesOf(out string) []string {
	var moves []string
	re := regexp.MustCompile(`(?m)^\s+(\d+)\s+(white|black)\s+(\S+)`)
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		moves = append(moves, m[1]+" "+m[2]+" "+m[3])
	}
	return moves
}

// TestPlayDots plays a Dots and Boxes game with the board after every move.
func TestPlayDots(t *testing.T) {
	out, err := arenaOut(t, "play", "--game", "dots", "--game-options", "rows=2,cols=3", "--boards",
		"--white", "builtin:greedy", "--black", "builtin:random,seed=3", "--tempo", "500")
	if err != nil {
		t.Fatalf("play: %v\n%s", err, out)
	}
	moves := movesOf(out)
	if len(moves) != 17 { // every arc of 2x3 boxes
		t.Errorf("%d moves, want the 17 arcs:\n%s", len(moves), out)
	}
	for _, want := range []string{"   1  white  A1-B1 ", "         A   B   C   D\n       1 +---+   +   +\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !regexp.MustCompile(`(?m)^(white wins|black wins|draw), white \d, black \d$`).MatchString(out) {
		t.Errorf("output lacks the verdict line:\n%s", out)
	}
}

func TestPlay(t *testing.T) {
	args := []string{"play", "--white", "builtin:greedy", "--black", "builtin:random,seed=3", "--seed", "5", "--tempo", "500"}
	out, err := arenaOut(t, args...)
	if err != nil {
		t.Fatalf("play: %v\n%s", err, out)
	}
	for _, want := range []string{
		"board 5, 500ms a move (+250ms margin, CPU time charged)\nwhite: builtin:greedy (greedy 1)\nblack: builtin:random,seed=3 (random 1)\n",
		"   1  white  B1 ",
		moveLegend,
		"     A  B  C  D  E  F  G  H  I  J",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if w, line := widest(out); w > maxWidth {
		t.Errorf("a line of %d columns, want at most %d:\n%s", w, maxWidth, line)
	}
	if times := regexp.MustCompile(`(?m)^\s+\d+\s+(?:white|black)\s+\S+(?: \*)?\s+(\S+)`).FindAllStringSubmatch(out, -1); len(times) == 0 {
		t.Errorf("no move lines:\n%s", out)
	} else {
		for _, m := range times {
			if !regexp.MustCompile(`^\d+\.\dms$`).MatchString(m[1]) {
				t.Errorf("time %q is not in ms with one decimal", m[1])
			}
		}
	}
	if !regexp.MustCompile(`(?m)^(white wins|black wins|draw), white \d+, black \d+$`).MatchString(out) {
		t.Errorf("output lacks the verdict line:\n%s", out)
	}
	again, err := arenaOut(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := movesOf(out), movesOf(again); strings.Join(a, ",") != strings.Join(b, ",") || len(a) < 10 {
		t.Errorf("the same game played twice gave\n%v\n%v", a, b)
	}
}

func TestPlayStartFailure(t *testing.T) {
	out, err := arenaOut(t, "play", "--white", "/bin/true", "--black", "builtin:greedy")
	if err != nil {
		t.Fatal(err)
	}
	// The verdict wraps at 80 columns, its continuation indented.
	if !strings.Contains(strings.ReplaceAll(out, "\n  ", " "), "black wins, white 0, black 0 (start: white: start: bot /bin/true: launch: process exited with status 0") {
		t.Errorf("output lacks the start verdict:\n%s", out)
	}
}

func TestPlayUsage(t *testing.T) {
	for _, args := range [][]string{
		{"play", "--white", "builtin:greedy"},
		{"play", "--white", "builtin:greedy", "--black", "builtin:nope"},
		{"play", "--white", "builtin:greedy", "--black", "builtin:greedy", "--tempo", "-5"},
		{"play", "--white", "builtin:greedy", "--black", "builtin:greedy", "extra"},
		{"play", "--white", "builtin:greedy", "--black", "builtin:greedy", "--human-tempo", "1000"},
		{"play", "--white", "human", "--black", "builtin:greedy", "--human-tempo", "-1"},
		{"bot", "check"},
	} {
		_, err := arenaOut(t, args...)
		var u usageError
		if !errors.As(err, &u) {
			t.Errorf("%q: error %v, want a usage error", args, err)
		}
	}
}

// TestPlayOut records two games between bots in one results directory,
// then is refused the directory while another writer holds it.
func TestPlayOut(t *testing.T) {
	dir := t.TempDir()
	args := []string{"play", "--white", "builtin:greedy", "--black", "builtin:random,seed=3", "--tempo", "500", "--out", dir}
	for i, id := range []string{"01-builtin-greedy-builtin-random-seed-3", "02-builtin-greedy-builtin-random-seed-3"} {
		out, err := arenaOut(t, append(args, "--seed", fmt.Sprint(i+1))...)
		if err != nil {
			t.Fatalf("play: %v\n%s", err, out)
		}
		if want := fmt.Sprintf("recorded as %s in %s: arena replay %s %s\n", id, dir, dir, id); !strings.HasSuffix(unwrap(out, "  "), want) {
			t.Errorf("output does not end with %q:\n%s", want, out)
		}
	}
	if out, err := arenaOut(t, "standings", dir); err != nil || !strings.Contains(out, "builtin:greedy") {
		t.Errorf("standings of the games played: %v\n%s", err, out)
	}
	lock, err := results.LockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Unlock()
	_, err = arenaOut(t, args...)
	var u usageError
	if !errors.As(err, &u) || !strings.Contains(err.Error(), "is in use by another arena") {
		t.Errorf("play into a locked directory: error %v, want a usage error saying it is in use", err)
	}
}

// TestPlayHumanTempo gives a person who never types 100ms a move: the game
// is lost on time, while the bot, at a tempo of 500ms, is not cut off.
func TestPlayHumanTempo(t *testing.T) {
	never, typing := io.Pipe()
	defer typing.Close()
	var out bytes.Buffer
	root := newRootCmd()
	root.SetArgs([]string{"play", "--black", "human", "--white", "builtin:greedy", "--tempo", "500",
		"--human-tempo", "100", "--out", t.TempDir()})
	root.SetIn(never)
	root.SetOut(&out)
	root.SetErr(&out)
	if err := root.Execute(); err != nil {
		t.Fatalf("play: %v\n%s", err, out.String())
	}
	checkWidth(t, nil, out.String())
	for _, want := range []string{"black: human (you: 100ms a move)\n", "you have 100ms for this move\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if !regexp.MustCompile(`\nwhite wins, white \d+, black \d+ \(timeout: black: context deadline exceeded\)\n`).MatchString(out.String()) {
		t.Errorf("output lacks Black's loss on time:\n%s", out.String())
	}
}

// TestPlayMoveLines checks the move lines of `arena play` and their legend:
// one unit for times, every mark explained.
func TestPlayMoveLines(t *testing.T) {
	var b strings.Builder
	b.WriteString(moveLegend + "\n")
	cpu := 2500 * time.Microsecond
	for _, m := range []referee.MoveRecord{
		{Ply: 1, Side: referee.White, Move: "F1", Forced: true},
		{Ply: 2, Side: referee.Black, Move: "E10", Elapsed: 600 * time.Microsecond, Stats: referee.Stats{Nodes: 1}},
		{Ply: 3, Side: referee.White, Move: "E2xC6", Elapsed: 7 * time.Millisecond, Stats: referee.Stats{Nodes: 318}},
		{Ply: 4, Side: referee.Black, Move: "pass", Forced: true},
		{Ply: 5, Side: referee.White, Answer: "Z99\n", Elapsed: 1234567 * time.Microsecond},
		// Charged its CPU time: 2.5ms, not the 40ms it waited.
		{Ply: 5, Side: referee.Black, Move: "D4", Elapsed: 40 * time.Millisecond, CPU: &cpu},
		// A rejected answer as long as a bot's line: it wraps at 80
		// columns, under the move.
		{Ply: 6, Side: referee.Black, Answer: "((0 0 0 0 0 0 0 0 0 0) (0 0 0 0 0 0 0 0 0 0) (0 0 0 0 0 0 0 0 0 0) (0 0 0 0 0 0 0 0 0 0)) (A 1)", Elapsed: 3 * time.Millisecond},
	} {
		printMove(&b, m, true)
	}
	checkGolden(t, "play_moves.golden", []byte(b.String()))
}

// TestPlayLeagueRound checks that play --seed N --round R plays the board
// that the schedule of a league with seed N gives its round R.
func TestPlayLeagueRound(t *testing.T) {
	file := filepath.Join(t.TempDir(), "l.yaml")
	if err := os.WriteFile(file, []byte("seed: 1\nrounds: 3\nbots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: random}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := league.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]uint64{}
	for _, s := range tournament.Schedule(cfg.League(), nil) {
		want[s.Round] = s.Seed
	}
	if want[1] != 10451216379200822465 {
		t.Fatalf("round 1 of a league of seed 1 plays board %d, want 10451216379200822465 (frozen)", want[1])
	}
	for _, round := range []int{1, 3} {
		out, err := arenaOut(t, "play", "--white", "builtin:greedy", "--black", "builtin:random", "--seed", "1", "--round", fmt.Sprint(round), "--tempo", "200")
		if err != nil {
			t.Fatalf("play: %v\n%s", err, out)
		}
		if head := fmt.Sprintf("board %d, ", want[round]); !strings.Contains(out, head) {
			t.Errorf("round %d: output lacks %q:\n%s", round, head, out)
		}
	}
}

// TestPlayTimeControl: under --time-control the header names the clock and
// each move line ends with both clocks; --tempo with it is refused.
func TestPlayTimeControl(t *testing.T) {
	out, err := arenaOut(t, "play", "--white", "builtin:greedy", "--black", "builtin:random,seed=3", "--seed", "5", "--time-control", "2000+50")
	if err != nil {
		t.Fatalf("play: %v\n%s", err, out)
	}
	if !strings.Contains(out, "board 5, clock 2000+50ms (+250ms margin, CPU time charged)\n") {
		t.Errorf("output lacks the clock in its header:\n%s", out)
	}
	if !regexp.MustCompile(`(?m)^   1  white  \S+\s+\S+ms\s+\d+  \d+\.\dms 2000\.0ms$`).MatchString(out) {
		t.Errorf("ply 1 does not end with both clocks:\n%s", out)
	}
	if _, err := arenaOut(t, "play", "--white", "builtin:greedy", "--black", "builtin:random", "--time-control", "2000+50", "--tempo", "5"); err == nil || !strings.Contains(err.Error(), "--tempo and --time-control are both given") {
		t.Errorf("--tempo with --time-control: err = %v", err)
	}
	if _, err := arenaOut(t, "play", "--white", "builtin:greedy", "--black", "builtin:random", "--time-control", "2s"); err == nil || !strings.Contains(err.Error(), "--time-control:") {
		t.Errorf("--time-control 2s: err = %v", err)
	}
}
