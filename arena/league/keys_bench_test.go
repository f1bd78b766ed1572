package league

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkKeys measures a league's keys (Config.Keys: every bot's files
// hashed, at a league's start and at a late hand-in's) over the sample
// classes of bots/examples/lisp/entregas, as intake writes them: each
// hand-in a Lisp bot, its folder its root, the course's rules in reads:.
func BenchmarkKeys(b *testing.B) {
	classes := filepath.Join("..", "bots", "examples", "lisp", "entregas")
	for _, game := range []string{"cavalo", "dots", "adji", "quatro", "solitario"} {
		b.Run(game, func(b *testing.B) {
			cfg := sampleLeague(b, filepath.Join(classes, game), game)
			for b.Loop() {
				cfg.Keys()
			}
			b.ReportMetric(float64(len(cfg.Bots)), "bots")
		})
	}
}

// sampleLeague returns the league of every folder of class, each a Lisp
// bot of its first .lisp file, for game.
func sampleLeague(b *testing.B, class, game string) *Config {
	b.Helper()
	class, err := filepath.Abs(class)
	if err != nil {
		b.Fatal(err)
	}
	entries, err := os.ReadDir(class)
	if err != nil {
		b.Fatal(err)
	}
	rules := filepath.Join(class, "..", "..", game, "regras.lisp")
	if _, err := os.Stat(rules); err != nil {
		rules = filepath.Join(class, "..", "..", "regras.lisp")
	}
	var bots strings.Builder
	for i, e := range entries {
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
		fmt.Fprintf(&bots, "  - {name: g%d, lisp: {files: [%q], root: %q, reads: [%q]}}\n", i, first, root, rules)
	}
	cfg, _, err := Parse(filepath.Join(b.TempDir(), "l.yaml"), []byte("game: "+game+"\nbots:\n"+bots.String()))
	if err != nil {
		b.Fatal(err)
	}
	return cfg
}
