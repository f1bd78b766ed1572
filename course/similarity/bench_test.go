package similarity

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/arenabots/arena/course/intake"
)

// writeLargeClass writes n submissions of about lines lines each into dir,
// made from the samples, the course's rules and the test projects: each
// takes rounds of their top-level forms until it has lines lines, each
// form kept with a chance of 3 in 4, shuffled, with its functions renamed
// for the submission and the round. It returns the lines written per
// submission on average.
func writeLargeClass(tb testing.TB, dir string, n, lines int) float64 {
	tb.Helper()
	var pool [][]byte
	paths := []string{filepath.Join(examples, "regras.lisp"), filepath.Join(examples, "dots", "regras.lisp"),
		"testdata/alfa/jogo.lisp", "testdata/beta/jogo.lisp"}
	more, err := filepath.Glob(filepath.Join(examples, "entregas", "*", "*", "*.lisp"))
	if err != nil {
		tb.Fatal(err)
	}
	for _, path := range append(paths, more...) {
		src, err := os.ReadFile(path)
		if err != nil {
			tb.Fatal(err)
		}
		forms, err := readForms(src)
		if err != nil {
			tb.Fatalf("%s: %v", path, err)
		}
		for _, f := range forms {
			pool = append(pool, src[f.Start:f.End])
		}
	}
	defun := regexp.MustCompile(`(?i)\(defun ([^\s()]+)`)
	total := 0
	for i := range n {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		var b bytes.Buffer
		for round := 0; bytes.Count(b.Bytes(), []byte("\n")) < lines; round++ {
			order := rng.Perm(len(pool))
			for _, j := range order {
				if rng.IntN(4) == 0 || bytes.Count(b.Bytes(), []byte("\n")) >= lines {
					continue
				}
				form := defun.ReplaceAll(pool[j], []byte(fmt.Sprintf("(defun ${1}-g%dr%d", i, round)))
				fmt.Fprintf(&b, ";; form %d\n%s\n\n", j, form)
			}
		}
		total += bytes.Count(b.Bytes(), []byte("\n"))
		path := filepath.Join(dir, fmt.Sprintf("grupo%02d_22%05d_P%d", i, i, i+1), "jogo.lisp")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return float64(total) / float64(n)
}

// BenchmarkCompare compares a class of 40 submissions of about 1,500
// lines each, every pair, as arena similarity does.
func BenchmarkCompare(b *testing.B) {
	dir := b.TempDir()
	perSub := writeLargeClass(b, dir, 40, 1500)
	subs, err := intake.List(b.Context(), []string{dir}, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	entries := Entries(subs, false)
	b.ResetTimer()
	for b.Loop() {
		r, err := Compare(context.Background(), entries, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if len(r.Pairs) != 40*39/2 {
			b.Fatalf("%d pairs, want %d", len(r.Pairs), 40*39/2)
		}
	}
	b.ReportMetric(perSub, "lines/submission")
}
