package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/host/conformance"
)

// intakeSample is an intake of a class as a lecturer sees it: long group
// names, a bot with its package, several files, a bot that reads its
// clock in LispWorks units, and submissions that cannot play.
func intakeSample() []intake.Result {
	use := func(used time.Duration, scale int) probe.TimeUse {
		return probe.TimeUse{Tempo: time.Second, Unscaled: used, Scaled: used, Scale: scale}
	}
	conv := lisp.Config{State: lisp.StateBoard, Perspective: lisp.PerspectiveWhite}
	return []intake.Result{
		{Submission: intake.Submission{Group: "ana_2201234_rui_2205678_P2"}, Name: "p2", GameName: "cavalo",
			Config: lisp.Config{Package: "jogo-p2"}, Files: []string{"projeto.lisp", "jogo.lisp", "puzzle.lisp"},
			Findings: probe.Findings{Conventions: "board", Config: conv, Time: use(950*time.Millisecond, 1000)}, Eligible: true},
		{Submission: intake.Submission{Group: "01901055-202002153_Projeto2_final_entrega"}, Name: "p34", GameName: "cavalo",
			Files: []string{"p34/algoritmo.lisp"}, Findings: probe.Findings{Conventions: "board-player-scores", Config: lisp.Config{}.WithDefaults(), Time: use(120*time.Millisecond, 1)}, Eligible: true},
		{Submission: intake.Submission{Group: "g07"}, Name: "g07", GameName: "cavalo", Files: []string{"jogo.lisp"},
			Reason: "no convention gives legal moves: under board-player-scores jogar answered (A 1) in the opening, not a move of the knight; the closest conventions were tried in every perspective"},
		{Submission: intake.Submission{Group: "maria_2209999_P2"}, Name: "g12", GameName: "cavalo",
			Reason: "no file defines (jogar estado tempo)"},
	}
}

// TestIntakeTable checks the intake table at 80 and 200 columns: it fits,
// the group names and the eligible column are whole, and why a
// submission cannot play is under its row.
func TestIntakeTable(t *testing.T) {
	for _, width := range []int{80, 200} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			var b bytes.Buffer
			if err := printIntake(&b, intakeSample(), width); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if w, line := widest(out); w > width {
				t.Errorf("a line of %d columns, want at most %d:\n%s", w, width, line)
			}
			for _, r := range intakeSample() {
				if !strings.Contains(out, "│ "+r.Group+" ") {
					t.Errorf("group %s is cut or wrapped:\n%s", r.Group, out)
				}
			}
			checkGolden(t, fmt.Sprintf("intake_table_%d.golden", width), b.Bytes())
		})
	}
}

// TestChecksTable checks the table of arena bot check at 80 and 200
// columns.
func TestChecksTable(t *testing.T) {
	results := []conformance.Result{
		{Name: "starts and completes the handshake", OK: true, Elapsed: 2310 * time.Millisecond, Detail: "protocol version 1, started in 2310.2ms"},
		{Name: "Info names the bot and lists cavalo", OK: true, Elapsed: 100 * time.Microsecond, Detail: conformance.InfoLine(bots.Info{Name: "p34", Version: "lisp", Games: []string{"cavalo"}})},
		{Name: "opening, after both placements", OK: false, Elapsed: 1250 * time.Millisecond, Detail: "answered (A 1) in 1250.0ms, over the clock of 1000ms with a margin of 250ms: \x1b[31mlate\x1b[0m"},
		{Name: "stops cleanly", OK: true, Elapsed: 3 * time.Millisecond, Detail: "no process left"},
	}
	for _, width := range []int{80, 200} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			var b bytes.Buffer
			if err := printChecks(&b, "p34", "", results, width); err != nil {
				t.Fatal(err)
			}
			if w, line := widest(b.String()); w > width {
				t.Errorf("a line of %d columns, want at most %d:\n%s", w, width, line)
			}
			if strings.Contains(b.String(), "\x1b") {
				t.Errorf("a bot's escape reached the terminal:\n%s", b.String())
			}
			checkGolden(t, fmt.Sprintf("check_table_%d.golden", width), b.Bytes())
		})
	}
}

// TestWrap checks how a cell is broken into lines.
func TestWrap(t *testing.T) {
	tests := []struct {
		s     string
		width int
		want  []string
	}{
		{"", 5, []string{""}},
		{"a b c", 5, []string{"a b c"}},
		{"one two three", 7, []string{"one two", "three"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"x abcdefghij", 4, []string{"x", "abcd", "efgh", "ij"}},
		{"dir/sub/file.lisp", 12, []string{"dir/sub/", "file.lisp"}},
		{"tempo_scale=1000", 12, []string{"tempo_scale=", "1000"}},
	}
	for _, tc := range tests {
		if got := wrap(tc.s, tc.width); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrap(%q, %d) = %q, want %q", tc.s, tc.width, got, tc.want)
		}
	}
}

// TestTableKeepsWords checks that a narrow table keeps its cells' words
// whole (up to maxFloor) and breaks a path only after a "/": no
// "src/proje" / "to.lisp", no "tempo_" / "scale".
func TestTableKeepsWords(t *testing.T) {
	tab := newTable([]string{"group", "eligible", "files", "settings", "time"}, 0, 1)
	tab.add("", "ana_2201234_rui_2205678_P2", "yes", "src/projeto.lisp src/puzzle.lisp", "tempo_scale=1000 heap_mb=512 perspective=white", "950ms of 1s with tempo_scale 1000")
	tab.add("", "g07", "no", "/home/ana/entregas/g07/src/algoritmo.lisp", "-", "-")
	var b bytes.Buffer
	if err := tab.render(&b, 80); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if w, line := widest(out); w > 80 {
		t.Errorf("a line of %d columns, want at most 80:\n%s", w, line)
	}
	for _, word := range []string{"tempo_scale=1000", "heap_mb=512", "perspective=white", "projeto.lisp", "puzzle.lisp", "algoritmo.lisp", "tempo_scale"} {
		if !strings.Contains(out, word) {
			t.Errorf("%q is broken:\n%s", word, out)
		}
	}
}
