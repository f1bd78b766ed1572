package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gradesClass is course/grades' fixture: a real intake and league of the
// course's samples.
const gradesClass = "../../course/grades/testdata/class"

func TestGradesCmd(t *testing.T) {
	res, in := filepath.Join(gradesClass, "results"), filepath.Join(gradesClass, "intake")
	for _, f := range []string{"md", "csv"} {
		t.Run(f, func(t *testing.T) {
			out, err := arenaOut(t, "grades", res, "--intake", in, "--format", f)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			checkGolden(t, "grades_"+f+".golden", []byte(out))
		})
	}
	t.Run("-o", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "grades.csv")
		out, err := arenaOut(t, "grades", res, "--intake", in, "-o", file)
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := os.ReadFile("testdata/grades_csv.golden"); string(data) != string(want) {
			t.Errorf("-o wrote\n%s\nwant the CSV on standard output:\n%s", data, want)
		}
		if !strings.Contains(out, "wrote "+file+" (10 submissions)") {
			t.Errorf("output %q", out)
		}
	})
}

// TestGradesUsage: a mistake is one line naming the fix, and exit status 2.
func TestGradesUsage(t *testing.T) {
	res := filepath.Join(gradesClass, "results")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"format", []string{"grades", res, "--format", "xls"}, "want one of csv, md, json"},
		{"no intake", []string{"grades", res, "--intake", t.TempDir()}, "give --intake the --out folder of arena intake"},
		{"no results", []string{"grades", t.TempDir()}, "not a league's results directory"},
		{"no argument", []string{"grades"}, "wants 1 argument(s)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := arenaOut(t, tc.args...)
			var u usageError
			if !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("got %T %q, want a one-line usage error saying %q", err, err, tc.want)
			}
		})
	}
}
