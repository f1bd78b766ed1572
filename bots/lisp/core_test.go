package lisp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/referee/sexp"
)

// coreStart starts an adapter for c with saved images in dir, asks its
// jogar for the test submission's answer and closes it. It returns the
// answer, the log and how long Start took.
func coreStart(t *testing.T, c Config, dir string) (string, string, time.Duration) {
	t.Helper()
	requireSBCL(t)
	log := &testLog{}
	a, err := New(c, Options{Log: log, CoreDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	ctx, cancel := context.WithTimeout(context.Background(), RecommendedStartTimeout)
	defer cancel()
	begun := time.Now()
	if err := a.Start(ctx); err != nil {
		t.Fatalf("Start: %v\nlog:\n%s", err, log)
	}
	took := time.Since(begun)
	got, err := a.call(ctx, sexp.Nil(), time.Second)
	if err != nil {
		t.Fatalf("jogar: %v\nlog:\n%s", err, log)
	}
	return got.String(), log.String(), took
}

// cores returns the saved images in dir.
func cores(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.core"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestSavedImage builds a saved image of testdata/handedin once, starts
// later adapters from it with the same answers, builds a new one when a
// source changes, and loads the files when the image is unusable.
func TestSavedImage(t *testing.T) {
	sub := t.TempDir()
	if err := os.CopyFS(sub, os.DirFS("testdata/handedin")); err != nil {
		t.Fatal(err)
	}
	c := Config{Files: []string{filepath.Join(sub, "src/entry.lisp")}, Root: sub}
	dir := t.TempDir()
	plain, _, loadTook := coreStart(t, c, "")

	got, log, buildTook := coreStart(t, c, dir)
	if got != plain || !strings.Contains(log, "saved the loaded image") || len(cores(t, dir)) != 1 {
		t.Fatalf("first start: jogar = %s, want %s; cores %v\nlog:\n%s", got, plain, cores(t, dir), log)
	}
	got, log, coreTook := coreStart(t, c, dir)
	if got != plain || strings.Contains(log, "saved the loaded image") || strings.Contains(log, "no saved image") {
		t.Fatalf("from the image: jogar = %s, want %s\nlog:\n%s", got, plain, log)
	}
	t.Logf("start: loading %v, building the image %v, from the image %v", loadTook, buildTook, coreTook)

	f, err := os.OpenFile(filepath.Join(sub, "src/entry.lisp"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n; changed\n")
	f.Close()
	got, log, _ = coreStart(t, c, dir)
	if got != plain || !strings.Contains(log, "saved the loaded image") || len(cores(t, dir)) != 2 {
		t.Fatalf("after a change: jogar = %s, want %s; cores %v\nlog:\n%s", got, plain, cores(t, dir), log)
	}

	for _, core := range cores(t, dir) {
		if err := os.WriteFile(core, []byte("not a core"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, log, _ = coreStart(t, c, dir)
	if got != plain || !strings.Contains(log, "no saved image") {
		t.Fatalf("unusable image: jogar = %s, want %s\nlog:\n%s", got, plain, log)
	}
}

// TestSavedImageGames plays each sample bot against greedy from its files
// and from its saved image: the same moves either way.
func TestSavedImageGames(t *testing.T) {
	requireSBCL(t)
	dir := t.TempDir()
	for _, s := range samples {
		t.Run(s.name, func(t *testing.T) {
			var moves [3]string
			for i, coreDir := range []string{"", dir, dir} { // loaded, built, from the image
				a, err := New(s.cfg, Options{CoreDir: coreDir})
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), RecommendedStartTimeout)
				err = a.Start(ctx)
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				rec := playGame(t, 7, bots.Local(a), greedy{})
				a.Close()
				var b strings.Builder
				for _, m := range rec.Moves {
					b.WriteString(m.Move + " ")
				}
				moves[i] = b.String()
			}
			if moves[1] != moves[0] || moves[2] != moves[0] {
				t.Errorf("moves differ:\nloaded     %s\nbuilt      %s\nfrom image %s", moves[0], moves[1], moves[2])
			}
		})
	}
}

// BenchmarkStart measures what starting a sample bot costs, SBCL started
// and ready for its first jogar, then closed: loading its files, or from
// its saved image (built before the timing).
func BenchmarkStart(b *testing.B) {
	requireSBCL(b)
	dir := b.TempDir()
	for _, s := range samples {
		for _, mode := range []string{"load", "image"} {
			b.Run(s.name+"/"+mode, func(b *testing.B) {
				opt := Options{}
				if mode == "image" {
					opt.CoreDir = dir
				}
				a, err := New(s.cfg, opt)
				if err != nil {
					b.Fatal(err)
				}
				for i := 0; ; i++ {
					if i == 1 {
						b.ResetTimer()
					}
					if i > b.N {
						break
					}
					if err := a.Start(context.Background()); err != nil {
						b.Fatal(err)
					}
					a.Close()
				}
			})
		}
	}
}

// TestSavedImageAtOnce starts two adapters of one bot at once, both
// building its saved image: both play, and one whole core is left.
func TestSavedImageAtOnce(t *testing.T) {
	dir := t.TempDir()
	c := handedIn
	answers := make(chan string, 2)
	for range 2 {
		go func() {
			got, _, _ := coreStartErr(c, dir)
			answers <- got
		}()
	}
	a, b := <-answers, <-answers
	plain, _, _ := coreStart(t, c, "")
	if a != plain || b != plain {
		t.Errorf("jogar = %s and %s, want %s", a, b, plain)
	}
	if m := cores(t, dir); len(m) != 1 {
		t.Errorf("cores %v, want one", m)
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(tmp) != 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
	got, log, _ := coreStart(t, c, dir)
	if got != plain || strings.Contains(log, "saved the loaded image") || strings.Contains(log, "no saved image") {
		t.Errorf("from the image: jogar = %s, want %s\nlog:\n%s", got, plain, log)
	}
}

// coreStartErr is coreStart for another goroutine: it returns an error's
// text as the answer.
func coreStartErr(c Config, dir string) (string, string, error) {
	log := &testLog{}
	a, err := New(c, Options{Log: log, CoreDir: dir})
	if err != nil {
		return err.Error(), "", err
	}
	defer a.Close()
	ctx, cancel := context.WithTimeout(context.Background(), RecommendedStartTimeout)
	defer cancel()
	if err := a.Start(ctx); err != nil {
		return err.Error(), log.String(), err
	}
	got, err := a.call(ctx, sexp.Nil(), time.Second)
	if err != nil {
		return err.Error(), log.String(), err
	}
	return got.String(), log.String(), nil
}
