package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// formulas are names a hand-in's folder can carry that a spreadsheet
// would run (issue 39, row 3).
var formulas = []string{`=HYPERLINK("http://x","click")`, "@SUM(1+9)*cmd|x!A0"}

// TestEveryCSVIsInert runs every command that writes CSV with display
// and group names that are formulas, and reads each CSV back: no cell
// starts with =, +, -, @, a tab or a carriage return, but for a negative
// number, and the names are there as text. Today standings.csv (of
// every run), arena standings and arena crosstable write them raw.
func TestEveryCSVIsInert(t *testing.T) {
	fixture, err := filepath.Abs(gradesClass)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	league := "name: csv\nrounds: 1\nbots:\n" +
		"  - {name: p1, display: " + strconv.Quote(formulas[0]) + ", builtin: random}\n" +
		"  - {name: p2, display: " + strconv.Quote(formulas[1]) + ", builtin: greedy}\n"
	if err := os.WriteFile("league.yaml", []byte(league), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := arenaOut(t, "run", "league.yaml", "--plain"); err != nil {
		t.Fatalf("arena run: %v\n%s", err, out)
	}
	res := filepath.Join("results", "csv")
	// grades: the course's fixture, its first group named like a formula.
	class := filepath.Join(dir, "class")
	if err := os.CopyFS(class, os.DirFS(fixture)); err != nil {
		t.Fatal(err)
	}
	summary := filepath.Join(class, "intake", "intake.json")
	data, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(string(data), `"group": "ana_2201001_rui_2201002_P1"`, `"group": `+strconv.Quote(formulas[0]), 1))
	if err := os.WriteFile(summary, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// similarity: two groups' folders named like formulas.
	subs := filepath.Join(dir, "subs")
	for _, name := range []string{"=1+1", formulas[1]} {
		if err := os.MkdirAll(filepath.Join(subs, name), 0o755); err != nil {
			t.Fatal(err)
		}
		src := "(defun jogar (estado tempo) (car (sucessores estado)))\n(defun sucessores (e) (list e e))\n"
		if err := os.WriteFile(filepath.Join(subs, name, "jogo.lisp"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		args []string // nil: the file name is the CSV
		want string   // a cell that must be there
	}{
		{"run: standings.csv", nil, "'" + formulas[0]},
		{"run: crosstable.csv", nil, "p1"},
		{"standings", []string{"standings", res, "--format", "csv"}, "'" + formulas[1]},
		{"crosstable", []string{"crosstable", res, "--format", "csv"}, "p2"},
		{"grades", []string{"grades", filepath.Join(class, "results"), "--intake", filepath.Join(class, "intake"), "--format", "csv"}, "'" + formulas[0]},
		{"similarity", []string{"similarity", subs, "--format", "csv"}, "'=1+1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var text string
			if tc.args == nil {
				data, err := os.ReadFile(filepath.Join(res, strings.TrimPrefix(tc.name, "run: ")))
				if err != nil {
					t.Fatal(err)
				}
				text = string(data)
			} else {
				out, err := arenaOut(t, tc.args...)
				if err != nil {
					t.Fatalf("%v\n%s", err, out)
				}
				text = out
			}
			recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
			if err != nil {
				t.Fatalf("not CSV: %v\n%s", err, text)
			}
			found := false
			for _, rec := range recs {
				for _, cell := range rec {
					found = found || cell == tc.want
					if runs(cell) {
						t.Errorf("cell %q would run in a spreadsheet", cell)
					}
				}
			}
			if !found {
				t.Errorf("no cell %q in\n%s", tc.want, text)
			}
		})
	}
}

// runs reports whether a spreadsheet would run cell as a formula: it
// starts with =, +, -, @, a tab or a carriage return, and is not a
// negative number.
func runs(cell string) bool {
	if cell == "" || !strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
		return false
	}
	_, err := strconv.ParseFloat(cell, 64)
	return cell[0] != '-' || err != nil
}
