package lisp

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkImageKey measures the key of every saved image of a sample
// class (bots/examples/lisp/entregas: each hand-in's first .lisp file,
// its folder its root, the course's rules in reads:), which a league
// computes once a run for each Lisp bot.
func BenchmarkImageKey(b *testing.B) {
	for _, game := range []string{"cavalo", "dots"} {
		class, err := filepath.Abs(filepath.Join("..", "examples", "lisp", "entregas", game))
		if err != nil {
			b.Fatal(err)
		}
		entries, err := os.ReadDir(class)
		if err != nil {
			b.Fatal(err)
		}
		var cs []Config
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			root := filepath.Join(class, e.Name())
			var first string
			filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err == nil && first == "" && strings.HasSuffix(p, ".lisp") {
					first = p
				}
				return err
			})
			cs = append(cs, Config{Files: []string{first}, Root: root, Reads: []string{filepath.Join(class, "..", "..", "regras.lisp")}})
		}
		b.Run(game, func(b *testing.B) {
			for b.Loop() {
				for _, c := range cs {
					if _, err := imageKeyOf(c); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(len(cs)), "bots")
		})
	}
}

// imageKeyOf is ImageKey of c with no environment.
func imageKeyOf(c Config) (string, error) { return ImageKey(c, nil, "SBCL 2.2.9") }
