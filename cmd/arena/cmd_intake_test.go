package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/course/intake/intaketest"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// lispExamples returns bots/examples/lisp, absolute, for a test that
// plays Lisp bots: skipped under -short, failed without SBCL.
func lispExamples(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts SBCL for every bot")
	}
	if _, err := exec.LookPath("sbcl"); err != nil {
		t.Fatalf("no sbcl (%v): apt-get install sbcl", err)
	}
	examples, err := filepath.Abs(filepath.Join("..", "..", "bots", "examples", "lisp"))
	if err != nil {
		t.Fatal(err)
	}
	return examples
}

// under returns path as arena run in dir finds it: a relative path (a
// league's default out, results/NAME) is dir's.
func under(dir, path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dir, path)
}

// TestIntakeThenRun is the course's workflow with no hand-written setting:
// a folder of course-style submissions, some zipped, goes through `arena
// intake`, then the league it wrote is played for real. Every eligible
// submission plays whole games (no verdict against any: they are all
// correct bots), the two that cannot take part are listed with the
// reason, and the report shows each bot's time use.
func TestIntakeThenRun(t *testing.T) {
	t.Parallel()
	examples := lispExamples(t)
	for _, game := range []string{"cavalo", "dots"} {
		t.Run(game, func(t *testing.T) {
			playIntake(t, examples, game)
		})
	}
}

// playIntake assembles the samples of game into a class
// folder (every other one zipped), runs `arena intake` on it and `arena
// run` on the league it wrote, and checks both, in a directory of its
// own.
func playIntake(t *testing.T, examples, game string) {
	dir := t.TempDir() // arena run writes results/NAME here
	class := filepath.Join(dir, "entregas")
	if err := os.Mkdir(class, 0o755); err != nil {
		t.Fatal(err)
	}
	var samples []intaketest.Sample
	for _, s := range intaketest.Samples {
		if s.GameName == game {
			if err := intaketest.Assemble(examples, class, s, len(samples)%2 == 0); err != nil {
				t.Fatal(err)
			}
			samples = append(samples, s)
		}
	}
	// An archive arena does not read: a row saying so.
	unread, err := filepath.Glob(filepath.Join(examples, "entregas", game, "*.rar"))
	if err != nil {
		t.Fatal(err)
	}
	for i, path := range unread {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		unread[i] = filepath.Base(path)
		if err := os.WriteFile(filepath.Join(class, unread[i]), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A margin for a machine that runs other tests beside this one; the
	// game is found from the sources.
	out, err := arenaExecIn(t, dir, "intake", class, "--tempo", "100", "--margin", "1000", "--rounds", "1", "-o", "league.yaml", "--out", "work")
	if err != nil {
		t.Fatalf("arena intake: %v\n%s", err, out)
	}
	t.Logf("arena intake:\n%s", out)
	report, err := os.ReadFile(filepath.Join(dir, "work", "intake.md"))
	if err != nil {
		t.Fatal(err)
	}
	leagueFile := filepath.Join(dir, "league.yaml")
	leagueText, err := os.ReadFile(leagueFile)
	if err != nil {
		t.Fatal(err)
	}
	eligible := 0
	for _, s := range samples {
		g := intake.ParseGroup(s.Group)
		if !strings.Contains(out, " "+g.Display+" ") || !strings.Contains(string(report), "## "+g.Display+" ("+g.ID+")") {
			t.Errorf("%s (%s) is missing from the table or the report", s.Group, g.Display)
		}
		if s.Eligible {
			eligible++
			if !strings.Contains(string(leagueText), "- name: "+g.ID+"\n    display: "+g.Display+"\n") {
				t.Errorf("%s has no entry %s (%s) in the league:\n%s", s.Group, g.ID, g.Display, leagueText)
			}
			continue
		}
		// On the terminal the reason is a line under the group's row,
		// wrapped within the table: read without the layout.
		squeeze := strings.NewReplacer(" ", "", "\n", "", "│", "")
		if !strings.Contains(string(leagueText), "# not eligible: "+s.Group) || !strings.Contains(string(report), s.Reason) ||
			!strings.Contains(squeeze.Replace(out), squeeze.Replace(g.Display)) ||
			!strings.Contains(squeeze.Replace(out), squeeze.Replace(s.Reason)) {
			t.Errorf("%s is not listed as not eligible because %q", s.Group, s.Reason)
		}
	}
	// Every entry of the class has a row, the archive arena does not read
	// too.
	if !strings.Contains(out, "game: "+game+" (") {
		t.Errorf("intake does not say the game it detected:\n%s", out)
	}
	for _, want := range unread {
		if !strings.Contains(string(report), want) || !strings.Contains(string(leagueText), "# not eligible: "+strings.TrimSuffix(want, ".rar")) {
			t.Errorf("%s has no row saying it was not read", want)
		}
	}
	var summary struct {
		Game, Title, League string
		Submissions         []struct {
			Entry, Group, Bot string
			Eligible          bool
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "work", "intake.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &summary); err != nil {
		t.Fatal(err)
	}
	if summary.Game != game || summary.Title != intake.Title(game) || summary.League != "../league.yaml" || len(summary.Submissions) != len(samples)+len(unread) {
		t.Errorf("intake.json: %+v", summary)
	}
	if n := strings.Count(string(report), "- time per move: "); n != eligible {
		t.Errorf("the report shows the time use of %d bots, want %d:\n%s", n, eligible, report)
	}

	cfg, _, err := league.Load(leagueFile)
	if err != nil {
		t.Fatalf("the league written does not load: %v\n%s", err, leagueText)
	}
	if cfg.Title != intake.Title(game) || (game == "dots") != (cfg.GameOptions["opening_arcs"] > 0) {
		t.Errorf("league title %q, game_options %v", cfg.Title, cfg.GameOptions)
	}
	// The league plays at a tempo of 20 ms: the bots that think as long
	// as their tempo allows (p2, p12, p13) would take two thirds of the
	// test's time at intake's 100; what intake found holds at any tempo.
	fast := strings.Replace(string(leagueText), "\ntempo_ms: 100\n", "\ntempo_ms: 20\n", 1)
	if fast == string(leagueText) {
		t.Fatalf("the league has no tempo_ms: 100:\n%s", leagueText)
	}
	// As a gauntlet of one working bot: every bot plays whole games, with
	// either colour, in 2(n-1) games where a round robin of Cavalo's
	// class plays n(n-1), most of the package's time (round robins are
	// arena's own tests').
	challenger := ""
	for _, s := range samples {
		if s.Eligible && s.Shape != "late-failure" {
			challenger = intake.ParseGroup(s.Group).ID
			break
		}
	}
	// The challenger starts from its saved image, as a league's Lisp bots
	// do. The others play two games each: loading their files for them
	// costs a third of building an image each, which was half the test's
	// CPU time, so they get image: false, as a lecturer may set it.
	// arena's TestLispImagesLeague checks saved images in a league.
	for _, s := range samples {
		g := intake.ParseGroup(s.Group)
		if !s.Eligible || g.ID == challenger {
			continue
		}
		entry := "- name: " + g.ID + "\n    display: " + g.Display + "\n    lisp:\n"
		fast = strings.Replace(fast, entry, entry+"      image: false\n", 1)
	}
	if n := strings.Count(fast, "\n      image: false\n"); n != eligible-1 {
		t.Fatalf("image: false set for %d bots, want %d:\n%s", n, eligible-1, fast)
	}
	fast += "format: gauntlet\nchallengers: [" + challenger + "]\n"
	if err := os.WriteFile(leagueFile, []byte(fast), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := arenaExecIn(t, dir, "run", "league.yaml", "--plain", "--concurrency", "1"); err != nil {
		t.Fatalf("arena run: %v\n%s", err, out)
	}
	games, damaged, err := results.ReadJournal(filepath.Join(under(dir, cfg.Out), results.JournalName))
	if err != nil || len(damaged) > 0 {
		t.Fatalf("journal: %v %v", damaged, err)
	}
	if want := 2 * (eligible - 1); len(games) != want {
		t.Errorf("%d games played, want %d", len(games), want)
	}
	// A sample that fails late ("yes, but") plays, and its games say what
	// the failure costs it: illegal or a crash against it (P14 answers no
	// move, P19 signals a Lisp error), nothing else.
	late := map[string]bool{}
	for _, s := range samples {
		if s.Shape == "late-failure" {
			late[s.Package] = true
		}
	}
	for _, g := range games {
		switch {
		case g.Reason == referee.Normal:
		case (g.Reason == referee.Illegal || g.Reason == referee.Crash) && late[g.Loser]:
		default:
			t.Errorf("%s: %s against %s (%s), want a whole game", g.ID, g.Reason, g.Loser, g.Detail)
		}
	}
}

// TestLispDetectionShared checks that `arena bot check --lisp` (or
// lisp:...) and `arena play` with a Lisp bot find its conventions as
// intake does, and that a setting given overrides what would be found.
func TestLispDetectionShared(t *testing.T) {
	t.Parallel()
	examples := lispExamples(t)
	dir := t.TempDir()
	s := intaketest.Samples[2] // always the first player: board-scores, perspective white
	if err := intaketest.Assemble(examples, dir, s, false); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, s.Group)
	zipped, class := filepath.Join(dir, "zipped"), filepath.Join(dir, "class")
	for _, d := range []string{zipped, class} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := intaketest.Assemble(examples, zipped, s, true); err != nil {
		t.Fatal(err)
	}
	for _, c := range intaketest.Samples[2:4] {
		if err := intaketest.Assemble(examples, class, c, false); err != nil {
			t.Fatal(err)
		}
	}
	zip := filepath.Join(zipped, s.Group+".zip")
	found := "found state board-scores, perspective white"
	for _, tc := range []struct {
		name    string
		args    []string
		fails   bool
		outHas  []string
		outLack string
	}{
		{"check finds", []string{"bot", "check", "--lisp", sub, "--tempo", "300"}, false,
			[]string{found, "PASS: " + sub + " passed all 8 checks"}, ""},
		{"check with a setting that overrides", []string{"bot", "check", "--lisp", sub, "perspective=absolute", "--tempo", "300"}, true,
			[]string{"cannot play: no convention gives legal moves", "perspective absolute", "FAIL: "}, found},
		{"check takes play's form", []string{"bot", "check", "lisp:" + sub, "--tempo", "300"}, false,
			[]string{found, "PASS: lisp:" + sub + " passed all 8 checks"}, ""},
		{"play finds", []string{"play", "--white", "lisp:" + sub, "--black", "builtin:greedy", "--tempo", "100"}, false,
			[]string{found, "white: lisp:" + sub + " (p3 lisp)"}, "(start"},
		{"check takes a group's zip", []string{"bot", "check", "--lisp", zip, "--tempo", "300"}, false,
			[]string{found, "PASS: " + zip + " passed all 8 checks"}, ""},
		{"play takes a group's zip", []string{"play", "--black", "lisp:" + zip, "--white", "builtin:greedy", "--tempo", "100"}, false,
			[]string{found, "black: lisp:" + zip + " (p3 lisp)"}, "PK"},
		{"check refuses a class folder", []string{"bot", "check", "--lisp", class}, true,
			[]string{}, "PASS"},
		{"play refuses a class folder", []string{"play", "--black", "lisp:" + class, "--white", "builtin:greedy"}, true,
			[]string{}, "PASS"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A refusal is read from the error itself, in the test
			// process; the others start the Lisp bot (arenaExec).
			refuses := strings.Contains(tc.name, "refuses a class")
			run := arenaExec
			if refuses {
				run = arenaOut
			}
			out, err := run(t, tc.args...)
			if (err != nil) != tc.fails {
				t.Fatalf("arena %q: error %v, want failure %v\n%s", tc.args, err, tc.fails, out)
			}
			if refuses && (exitStatus(err) != 2 || !strings.Contains(err.Error(), "arena intake "+class)) {
				t.Errorf("arena %q: %v (exit %d), want exit 2 naming arena intake %s", tc.args, err, exitStatus(err), class)
			}
			for _, want := range tc.outHas {
				if !strings.Contains(unwrap(out, "  "), want) {
					t.Errorf("arena %q says\n%s\nwant %q in it", tc.args, out, want)
				}
			}
			if tc.outLack != "" && strings.Contains(out, tc.outLack) {
				t.Errorf("arena %q says %q:\n%s", tc.args, tc.outLack, out)
			}
		})
	}
}

// TestIntakeRefuses checks the mistakes intake names before it probes
// anything (issue 30, row 8): a league file that a person wrote or
// edited, an --admit of no submission.
func TestIntakeRefuses(t *testing.T) {
	examples, err := filepath.Abs(filepath.Join("..", "..", "bots", "examples", "lisp"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	class := filepath.Join(dir, "dots")
	for _, s := range intaketest.Samples {
		if s.GameName == "dots" {
			if err := intaketest.Assemble(examples, class, s, false); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.WriteFile("mine.yaml", []byte("name: mine\nbots: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"a league file written by hand", []string{"intake", class, "-o", "mine.yaml"},
			"mine.yaml is not intake's to overwrite: arena intake did not write it: write the league elsewhere with -o, or pass --force to overwrite it"},
		{"--admit of no submission", []string{"intake", class, "-o", "new.yaml", "--admit", "D99"},
			"--admit D99: no submission is called so"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := arenaOut(t, tc.args...)
			if exitStatus(err) != 2 || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("arena %q: %v (exit %d), want exit 2 saying %q\n%s", tc.args, err, exitStatus(err), tc.want, out)
			}
		})
	}
	if data, err := os.ReadFile("mine.yaml"); err != nil || string(data) != "name: mine\nbots: []\n" {
		t.Errorf("mine.yaml was overwritten: %q %v", data, err)
	}
}

// TestIntakeGameGiven checks that --game always wins over what the
// sources say, and that intake says where they point (issue 46); without
// --game, the sources decide.
func TestIntakeGameGiven(t *testing.T) {
	examples, err := filepath.Abs(filepath.Join("..", "..", "bots", "examples", "lisp"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, s := range intaketest.Samples {
		if s.GameName == "dots" {
			if err := intaketest.Assemble(examples, dir, s, false); err != nil {
				t.Fatal(err)
			}
		}
	}
	subs, err := intake.List(t.Context(), []string{dir}, filepath.Join(dir, "work"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		given bool
		want  string
		said  string
	}{
		{"--game cavalo", true, "cavalo", "game: cavalo, as --game says (the sources point to dots: "},
		{"no --game", false, "dots", "game: dots ("},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			g := gameFlags{name: "cavalo"}
			detectGame(&out, &g, tc.given, intake.DetectGame(subs))
			if g.name != tc.want || !strings.HasPrefix(out.String(), tc.said) {
				t.Errorf("game %s, said %q; want %s, saying %q", g.name, out.String(), tc.want, tc.said)
			}
		})
	}
}

// TestBotCheckFindsTheGame checks that `arena bot check --lisp` finds the
// game of a submission as arena intake does, without --game (issue 46),
// and gives one verdict: a bot that intake would not let play fails,
// whatever its rows say.
func TestBotCheckFindsTheGame(t *testing.T) {
	t.Parallel()
	examples := lispExamples(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		group  string
		fails  bool
		outHas []string
	}{
		{"P2_eva_2203009_ivo_2203010", false, []string{"game: solitario (1 of 1 submissions", "PASS: "}},
		{"P2_dani_2203007_joao_2203008", true, []string{"game: solitario (1 of 1 submissions", "FAIL: "}},
	} {
		t.Run(tc.group, func(t *testing.T) {
			for _, s := range intaketest.Samples {
				if s.Group == tc.group {
					if err := intaketest.Assemble(examples, dir, s, false); err != nil {
						t.Fatal(err)
					}
				}
			}
			args := []string{"bot", "check", "--lisp", filepath.Join(dir, tc.group), "--tempo", "300"}
			out, err := arenaExec(t, args...)
			if (err != nil) != tc.fails {
				t.Fatalf("arena %q: error %v, want failure %v\n%s", args, err, tc.fails, out)
			}
			for _, want := range tc.outHas {
				if !strings.Contains(unwrap(out, "  "), want) {
					t.Errorf("arena %q says\n%s\nwant %q in it", args, out, want)
				}
			}
			if tc.fails && strings.Contains(out, "PASS") {
				t.Errorf("arena %q says PASS of a bot that cannot play:\n%s", args, out)
			}
		})
	}
}
