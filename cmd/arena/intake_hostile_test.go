package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/course/intake/intaketest"
	"github.com/arenabots/arena/host/sandbox"
)

// hostileAnswer is what a submission's jogar returned in the red team's
// attack on intake (issue 28, H1): text that, written raw into a comment
// of the league file, adds a bot that runs /bin/sh and turns the sandbox
// off.
const hostileAnswer = "\n  - {name: x, path: /bin/sh, args: [-c, id]}\nsandbox: off\n#"

// TestIntakeHostileAnswers takes in a class with two real SBCL bots whose
// jogar returns hostile text, the YAML above and terminal escapes, beside
// two sample bots that play: the league file written loads with the two
// that play alone, the sandbox strict, and no ESC byte reaches the
// terminal, intake.md or the league file.
func TestIntakeHostileAnswers(t *testing.T) {
	examples := lispExamples(t)
	dir := t.TempDir()
	t.Chdir(dir)
	class := filepath.Join(dir, "entregas")
	for _, s := range intaketest.Samples[2:4] {
		if err := intaketest.Assemble(examples, class, s, false); err != nil {
			t.Fatal(err)
		}
	}
	for group, answer := range map[string]string{
		"eve_2209001_mal_2209002_P66": `(format nil "~%  - {name: x, path: /bin/sh, args: [-c, id]}~%sandbox: off~%#")`,
		"eve_2209003_mal_2209004_P67": `(format nil "~C]0;pwned~C~C[2J~C[Hprobe wins 2-0~C" (code-char 27) (code-char 7) (code-char 27) (code-char 27) (code-char 13))`,
	} {
		src := "(defpackage :evil (:use :common-lisp) (:export :jogar))\n(in-package :evil)\n" +
			"(defun cavalo-branco () -1)\n(defun jogar (estado tempo)\n  (declare (ignore estado tempo))\n  " + answer + ")\n"
		if err := os.MkdirAll(filepath.Join(class, group), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(class, group, "jogo.lisp"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := arenaOut(t, "intake", class, "--game", "cavalo", "--tempo", "100", "--margin", "1000", "--rounds", "1", "-o", "league.yaml", "--out", "work")
	if err != nil {
		t.Fatalf("arena intake: %v\n%s", err, out)
	}
	t.Logf("arena intake:\n%s", out)
	cfg, _, err := league.Load("league.yaml")
	if err != nil {
		t.Fatalf("the league written does not load: %v", err)
	}
	var names []string
	for _, b := range cfg.Bots {
		names = append(names, b.Name)
		if b.Lisp == nil {
			t.Errorf("bot %s is not a Lisp submission: %+v", b.Name, b)
		}
	}
	if strings.Join(names, " ") != "p3 p4" || cfg.Sandbox != sandbox.Strict {
		t.Errorf("league bots %q, sandbox %s; want p3 p4, strict", names, cfg.Sandbox)
	}
	if err := cfg.CheckUnsandboxed(false); err != nil {
		t.Error(err)
	}
	report, err := os.ReadFile(filepath.Join("work", "intake.md"))
	if err != nil {
		t.Fatal(err)
	}
	league, err := os.ReadFile("league.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"the terminal": out, "intake.md": string(report), "league.yaml": string(league)} {
		if strings.ContainsAny(text, "\x1b\x07\r") {
			t.Errorf("%s holds a raw control character:\n%q", name, text)
		}
	}
	summary, err := os.ReadFile(filepath.Join("work", "intake.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Submissions []struct{ Group, Reason string }
	}
	if err := json.Unmarshal(summary, &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Submissions) != 4 || !strings.Contains(s.Submissions[2].Reason, hostileAnswer) {
		t.Errorf("intake.json does not quote the answer in full in P66's reason: %+v", s.Submissions)
	}
	for _, group := range []string{"P66", "P67"} {
		if !strings.Contains(string(report), "## "+group+" eve/mal") || !strings.Contains(string(league), "# not eligible: eve_") {
			t.Errorf("%s is not listed as not eligible", group)
		}
	}
}

// TestRunRefusesUnsandboxed checks that `sandbox: off` in a league file is
// played only with --allow-unsandboxed (issue 28, H1): a league file alone
// never turns the sandbox off.
func TestRunRefusesUnsandboxed(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	league := "name: off\nrounds: 1\nsandbox: off\nbots:\n  - {name: a, builtin: random}\n  - {name: b, builtin: greedy}\n"
	if err := os.WriteFile("league.yaml", []byte(league), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := arenaOut(t, "run", "league.yaml", "--plain")
	if err == nil || exitStatus(err) != 2 || !strings.Contains(err.Error(), "league.yaml:3: sandbox: off") || !strings.Contains(err.Error(), "--allow-unsandboxed") {
		t.Fatalf("arena run of a league saying sandbox: off: %v (exit %d), want exit 2 naming the file, the key and --allow-unsandboxed\n%s", err, exitStatus(err), out)
	}
	if _, err := os.Stat(filepath.Join("results", "off")); err == nil {
		t.Error("the league was played")
	}
	if out, err := arenaOut(t, "run", "league.yaml", "--plain", "--allow-unsandboxed"); err != nil {
		t.Fatalf("arena run --allow-unsandboxed: %v\n%s", err, out)
	}
}
