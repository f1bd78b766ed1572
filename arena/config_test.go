package arena

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseDefaults(t *testing.T) {
	cfg, warnings, err := Parse("dir/my-league.yaml", []byte("bots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: random}\n"))
	if err != nil || len(warnings) > 0 {
		t.Fatalf("Parse: %v %v", err, warnings)
	}
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"name", cfg.Name, "my-league"},
		{"game", cfg.Game, "cavalo"},
		{"seed", cfg.Seed, uint64(DefaultSeed)},
		{"rounds", cfg.Rounds, DefaultRounds},
		{"tempo", cfg.TempoMS, DefaultTempoMS},
		{"margin", cfg.MarginMS, DefaultMarginMS},
		{"on_timeout", cfg.OnTimeout, "forfeit"},
		{"forced_moves", cfg.ForcedMoves, "referee"},
		{"missing_bots", cfg.MissingBots, "refuse"},
		{"out", cfg.Out, filepath.Join("results", "my-league")},
		{"scoring", cfg.Scoring.Win, 1.0},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if cfg.Concurrency < 1 {
		t.Errorf("concurrency = %d, want >= 1", cfg.Concurrency)
	}
}

func TestParseErrors(t *testing.T) {
	const two = "  - {name: a, builtin: greedy}\n  - {name: b, builtin: random}\n"
	for _, tc := range []struct {
		name, yaml string
		line       int
		want       string
	}{
		{"unknown key", "nmae: x\nbots:\n" + two, 1, `did you mean "name"`},
		{"unknown bot key", "bots:\n  - {name: a, builtn: greedy}\n", 2, `did you mean "builtin"`},
		{"bad type", "rounds: many\nbots:\n" + two, 1, "cannot unmarshal"},
		{"syntax", "bots: [\n", 1, "did not find expected node content"},
		{"one bot", "bots:\n  - {name: a, builtin: greedy}\n", 2, "at least 2 bots"},
		{"negative tempo", "tempo_ms: -5\nbots:\n" + two, 1, "positive"},
		{"bad policy", "on_timeout: shrug\nbots:\n" + two, 1, `"forfeit" or "adjudicate"`},
		{"bad missing_bots", "missing_bots: play\nbots:\n" + two, 1, `missing_bots is "play": want "refuse" or "forfeit"`},
		{"unknown builtin", "bots:\n  - {name: a, builtin: nope}\n  - {name: b, builtin: random}\n", 2, "unknown built-in bot"},
		{"two kinds", "bots:\n  - {name: a, builtin: greedy, path: /bin/true}\n  - {name: b, builtin: random}\n", 2, "exactly one of"},
		{"duplicate", "bots:\n  - {name: a, builtin: greedy}\n  - {name: a, builtin: random}\n", 3, "used twice"},
		{"bad name", "bots:\n  - {name: 'a b', builtin: greedy}\n  - {name: b, builtin: random}\n", 2, "bot name"},
		{"unregistered", "registry: none.yaml\nbots:\n  - {name: a, registered: ghost}\n  - {name: b, builtin: random}\n", 3, "arena bot add --registry none.yaml ghost"},
		{"unknown game", "game: chess\nbots:\n" + two, 1, "unknown game"},
		{"empty", "", 0, "empty league file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse("league.yaml", []byte(tc.yaml))
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("Parse error = %v, want a *ConfigError", err)
			}
			if ce.File != "league.yaml" || ce.Line != tc.line {
				t.Errorf("error at %s:%d, want league.yaml:%d (%v)", ce.File, ce.Line, tc.line, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}

// TestMissingBinaryIsCheckedAtStart: a config naming a binary that is not
// there yet loads (it may be built later); CheckBots, which the Runner
// calls before the first game, reports it at its line.
func TestMissingBinaryIsCheckedAtStart(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "l.yaml")
	cfg, warnings, err := Parse(file, []byte("bots:\n  - {name: a, path: ./nothere}\n  - {name: b, builtin: random}\n"))
	if err != nil || len(warnings) > 0 {
		t.Fatalf("Parse = %v, %v; want no error or warning", warnings, err)
	}
	if want := filepath.Join(dir, "nothere"); cfg.Bots[0].Path != want {
		t.Errorf("path = %q, want %q (relative to the config file)", cfg.Bots[0].Path, want)
	}
	problems := cfg.CheckBots()
	if len(problems) != 1 || !strings.Contains(problems[0].Error(), "l.yaml:2") || !strings.Contains(problems[0].Error(), "no bot binary") {
		t.Fatalf("CheckBots = %v, want one about the missing binary at line 2", problems)
	}
}

func TestHashIgnoresConcurrencyAndOut(t *testing.T) {
	parse := func(s string) string {
		cfg, _, err := Parse("l.yaml", []byte(s+"bots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: random}\n"))
		if err != nil {
			t.Fatal(err)
		}
		return cfg.Hash()
	}
	base := parse("")
	if parse("concurrency: 7\nout: elsewhere\n") != base {
		t.Error("concurrency or out changed the hash")
	}
	for _, keys := range []string{"seed: 99\n", "missing_bots: forfeit\n"} {
		if parse(keys) == base {
			t.Errorf("%q did not change the hash", keys)
		}
	}
}

func TestExampleConfigsLoad(t *testing.T) {
	files, err := filepath.Glob("../configs/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example configs: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			_, _, err := Load(f)
			if filepath.Base(f) == "course.yaml" {
				// Its registered bot needs `arena bot add` first, which the
				// error must say.
				if err == nil || !strings.Contains(err.Error(), "arena bot add --registry") {
					t.Errorf("Load = %v, want the registration hint", err)
				}
				return
			}
			if err != nil {
				t.Errorf("Load: %v", err)
			}
		})
	}
}
