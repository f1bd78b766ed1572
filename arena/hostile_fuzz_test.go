package arena

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
)

// FuzzParse feeds the league loader hostile YAML: it never panics, every
// error and warning is a *league.ConfigError naming the file, and a config it
// accepts has a name, at least two bots, positive counts and a hash.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("../configs/*.yaml")
	seeds = append(seeds, "testdata/hostile/league.yaml")
	for _, s := range seeds {
		if data, err := os.ReadFile(s); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		"",
		"bots: []",
		"bots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: random}\n",
		"bots:\n  - {name: a, builtin: greedy}\n  - {name: a, builtin: greedy}\n",
		"rounds: -1\nbots:\n  - {name: a, builtin: greedy}\n  - {name: b, path: ./x, args: [1, 2]}\n",
		"tempo: 100\n",
		"limits: {memory_mb: 1, processes: 1, output_kb: 1}\nbots: {a: 1}\n",
		"bots:\n  - {name: a, lisp: {files: [x.lisp]}}\n  - {name: b, registered: b}\n",
		"scoring: {win: 3, draw: 1, loss: 0}\non_crash: adjudicate\nforced_moves: bot\n",
		"name: ../../etc\n",
		"&a [*a]",
		"? [a, b]\n: c\n",
		"bots:\n  - !!binary aGVsbG8=\n",
		"seed: 18446744073709551616\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const file = "fuzz/league.yaml"
		cfg, warnings, err := league.Parse(file, data)
		isConfigError := func(err error) bool {
			var ce *league.ConfigError
			return errors.As(err, &ce) && ce.File == file
		}
		if err != nil {
			if !isConfigError(err) {
				t.Fatalf("error %q (%T) is not a *league.ConfigError of %s", err, err, file)
			}
			if cfg != nil || warnings != nil {
				t.Fatalf("an error came with a config or warnings")
			}
			return
		}
		for _, w := range warnings {
			if !isConfigError(w) {
				t.Errorf("warning %q (%T) is not a *league.ConfigError of %s", w, w, file)
			}
		}
		if cfg.Name == "" || len(cfg.Bots) < 2 || (cfg.Rounds <= 0 && cfg.Tournament != tournament.Knockout) || cfg.TempoMS <= 0 || cfg.Concurrency <= 0 || cfg.MarginMS < 0 {
			t.Fatalf("accepted a config that is not complete: %+v", cfg)
		}
		if cfg.Hash() == "" || len(cfg.Resolved()) == 0 {
			t.Fatal("no hash or resolved form")
		}
	})
}
