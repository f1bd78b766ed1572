package main

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/course/intake/intaketest"
)

// similarityClass writes the Cavalo samples as handed in, the project
// alfa of course/similarity's tests, a copy of it under another name, and a
// group whose name a spreadsheet would read as a formula (a Dots
// sample), and returns the class's folder and the course's rules file.
func similarityClass(t *testing.T) (string, string) {
	t.Helper()
	examples := filepath.Join("..", "..", "bots", "examples", "lisp")
	class := t.TempDir()
	for _, s := range intaketest.Samples {
		// The reason samples are for intake's reasons.
		if s.Game == "cavalo" && !s.Derived() && s.Shape != "reason" {
			if err := intaketest.Assemble(examples, class, s, s.Group < "c"); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := intaketest.AssembleAs(examples, class, intaketest.Samples[11], "=cmd_2201099_P99", false); err != nil {
		t.Fatal(err)
	}
	alfa, err := os.ReadFile(filepath.Join("..", "..", "course", "similarity", "testdata", "alfa", "jogo.lisp"))
	if err != nil {
		t.Fatal(err)
	}
	for _, group := range []string{"alfa_2209001_P20", "copia_2209101_P21"} {
		if err := os.MkdirAll(filepath.Join(class, group), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(class, group, "jogo.lisp"), alfa, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return class, filepath.Join(examples, "regras.lisp")
}

func TestSimilarityCommand(t *testing.T) {
	class, rules := similarityClass(t)
	report := filepath.Join(t.TempDir(), "report.html")

	text, _, err := execute(t, context.Background(), newRootCmd(), "similarity", class, "--base", rules, "-o", report)
	if err != nil {
		t.Fatalf("arena similarity: %v\n%s", err, text)
	}
	checkGolden(t, "similarity_text.golden", []byte(strings.ReplaceAll(text, report, "REPORT")))

	out, _, err := execute(t, context.Background(), newRootCmd(), "similarity", class, "--base", rules, "--format", "csv")
	if err != nil {
		t.Fatalf("arena similarity --format csv: %v\n%s", err, out)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not parse: %v\n%s", err, out)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	for _, name := range []string{"a", "b", "score", "flagged"} {
		if _, ok := col[name]; !ok {
			t.Fatalf("the CSV has no column %q: %v", name, rows[0])
		}
	}
	subs := map[string]bool{}
	for _, row := range rows[1:] {
		subs[row[col["a"]]], subs[row[col["b"]]] = true, true
	}
	if n, want := len(rows)-1, len(subs)*(len(subs)-1)/2; n != want || len(subs) < 13 {
		t.Errorf("%d pairs in the CSV, want %d", n, want)
	}
	if top := rows[1]; top[col["a"]] != "alfa_2209001_P20" || top[col["b"]] != "copia_2209101_P21" || top[col["flagged"]] != "true" {
		t.Errorf("the first pair is %v, want alfa and its copy, flagged", top)
	}
	for _, row := range rows[2:] {
		if row[col["flagged"]] != "false" {
			t.Errorf("an independent pair is flagged: %v", row)
		}
	}
	for _, row := range rows {
		for _, c := range row {
			if c != "" && strings.ContainsRune("=+-@", rune(c[0])) {
				t.Errorf("cell %q would run as a spreadsheet formula", c)
			}
		}
	}

	page, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"never a verdict", `<a id="pair1-r1a" href="#pair1-r1b"><mark>`, "jogo.lisp"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the HTML report lacks %q", want)
		}
	}
	if strings.Contains(string(page), "http://") || strings.Contains(string(page), "https://") {
		t.Error("the HTML report links outside the machine")
	}
}

func TestSimilarityUsage(t *testing.T) {
	class, _ := similarityClass(t)
	unreadable := filepath.Join(t.TempDir(), "regras.lisp")
	if err := os.WriteFile(unreadable, []byte("(defun f (x)\n  (car x)"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"no folder", []string{"similarity"}},
		{"unknown format", []string{"similarity", class, "--format", "xml"}},
		{"missing base", []string{"similarity", class, "--base", filepath.Join(class, "nothing.lisp")}},
		{"empty folder", []string{"similarity", t.TempDir()}},
		{"unreadable base", []string{"similarity", class, "--base", unreadable}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := execute(t, context.Background(), newRootCmd(), tc.args...)
			if !isUsage(err) {
				t.Errorf("arena %s: %v, want a usage error (exit 2)", strings.Join(tc.args, " "), err)
			}
		})
	}
}

// TestSimilarityPastOfOneName compares a class's hand-in with a past
// year's of the same archive name, one a Cavalo project and the other a
// Dots one: each is unpacked into a folder of its own, so the pair is
// two projects, not the past one twice (issue 39, row 2).
func TestSimilarityPastOfOneName(t *testing.T) {
	examples := filepath.Join("..", "..", "bots", "examples", "lisp")
	now, past := t.TempDir(), t.TempDir()
	var cavalo, dots intaketest.Sample
	for _, s := range intaketest.Samples {
		switch {
		case s.Game == "cavalo" && cavalo.Group == "":
			cavalo = s
		case s.Game == "dots" && dots.Group == "":
			dots = s
		}
	}
	for dir, s := range map[string]intaketest.Sample{now: cavalo, past: dots} {
		if err := intaketest.AssembleAs(examples, dir, s, "ana_2201001_P1", true); err != nil {
			t.Fatal(err)
		}
	}
	out, _, err := execute(t, context.Background(), newRootCmd(), "similarity", now, "--past", past, "--format", "csv")
	if err != nil {
		t.Fatalf("arena similarity: %v\n%s", err, out)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) != 2 {
		t.Fatalf("want one pair: %v\n%s", err, out)
	}
	if score := recs[1][2]; score == "1.000" {
		t.Errorf("score %s: the past hand-in replaced this year's of the same name\n%s", score, out)
	}
}
