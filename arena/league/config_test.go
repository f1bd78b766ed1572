package league

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/host/registry"
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
		{"game", cfg.GameName, "cavalo"},
		{"seed", cfg.Seed, uint64(defaultSeed)},
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
		{"unknown language", "lang: fr\nbots:\n" + two, 1, `lang: want en or pt, got "fr"`},
		{"unknown bot key", "bots:\n  - {name: a, builtn: greedy}\n", 2, `did you mean "builtin"`},
		{"prefix of a key", "tempo: 100\nbots:\n" + two, 1, `unknown key "tempo": did you mean "tempo_ms"?`},
		{"far from every key", "colour: blue\nbots:\n" + two, 1, `unknown key "colour" (docs/config.md lists the keys)`},
		{"bad type", "rounds: many\nbots:\n" + two, 1, `rounds: want a whole number of seeded boards, e.g. rounds: 10, got "many"`},
		{"word for an integer", "name: x\ntempo_ms: fast\nbots:\n" + two, 2, `tempo_ms: want a whole number of milliseconds, e.g. tempo_ms: 1000, got "fast"`},
		{"fraction for an integer", "tempo_ms: 1.5\nbots:\n" + two, 1, `tempo_ms: want a whole number of milliseconds, e.g. tempo_ms: 1000, got 1.5`},
		{"fraction in limits", "limits: {processes: 2.5}\nbots:\n" + two, 1, `processes: want a whole number of processes, e.g. processes: 512, got 2.5`},
		{"negative seed", "seed: -1\nbots:\n" + two, 1, `seed: want a whole number, 0 or more`},
		{"word for a bool", "ponder: maybe\nbots:\n" + two, 1, `ponder: want true or false, e.g. ponder: true, got "maybe"`},
		{"bots not a list", "bots: greedy\n", 1, `bots: want a list of bots, e.g. bots: [`},
		{"bot not a mapping", "bots:\n  - greedy\n  - {name: b, builtin: random}\n", 2, `bots entry: want a bot: a name and one of builtin, registered, path or lisp, e.g. - {name: greedy, builtin: greedy}, got "greedy"`},
		{"args not a list", "bots:\n  - {name: a, path: /bin/true, args: --fast}\n  - {name: b, builtin: random}\n", 2, `args: want a list of arguments, e.g. args: [--fast], got "--fast"`},
		{"not a mapping", "hello\n", 1, `league file: want keys and values, e.g. name: mine, got "hello"`},
		{"zero concurrency", "concurrency: 0\nbots:\n" + two, 1, "concurrency: want a whole number of games played at once, 1 or more, got 0"},
		{"negative limit", "limits: {memory_mb: -1}\nbots:\n" + two, 1, "memory_mb: want a whole number of MiB, 1 or more, got -1"},
		{"syntax", "bots: [\n", 1, "did not find expected node content"},
		{"one bot", "bots:\n  - {name: a, builtin: greedy}\n", 2, "at least 2 bots"},
		{"negative tempo", "tempo_ms: -5\nbots:\n" + two, 1, "tempo_ms: want a whole number of milliseconds, 1 or more, got -5"},
		{"bad policy", "on_timeout: shrug\nbots:\n" + two, 1, `"forfeit" or "adjudicate"`},
		{"bad missing_bots", "missing_bots: play\nbots:\n" + two, 1, `missing_bots is "play": want "refuse" or "forfeit"`},
		{"unknown builtin", "bots:\n  - {name: a, builtin: nope}\n  - {name: b, builtin: random}\n", 2, "unknown built-in bot"},
		{"two kinds", "bots:\n  - {name: a, builtin: greedy, path: /bin/true}\n  - {name: b, builtin: random}\n", 2, "exactly one of"},
		{"rating not a number", "bots:\n  - {name: a, builtin: greedy, rating: high}\n  - {name: b, builtin: random}\n", 2, `rating: want a number: the bot's rating (a ladder's), used only to seed and as the last tie-break, e.g. rating: 1512.5, got "high"`},
		{"rating not finite", "bots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: random, rating: .inf}\n", 3, `bot "b": rating is +Inf: want a finite number, e.g. rating: 1512.5, or no key`},
		{"duplicate", "bots:\n  - {name: a, builtin: greedy}\n  - {name: a, builtin: random}\n", 3, "used twice"},
		{"bad name", "bots:\n  - {name: 'a b', builtin: greedy}\n  - {name: b, builtin: random}\n", 2, "bot name"},
		{"unregistered", "registry: none.yaml\nbots:\n  - {name: a, registered: ghost}\n  - {name: b, builtin: random}\n", 3, "arena bot add --registry none.yaml ghost"},
		{"unknown game", "game: chess\nbots:\n" + two, 1, "unknown game"},
		{"dots too small", "game: dots\ngame_options: {rows: 1, cols: 6}\nbots:\n" + two, 2, "game_options: rows is 1: want 2 to 10 boxes"},
		{"dots unknown option", "game: dots\ngame_options:\n  size: 3\nbots:\n" + two, 3, `game_options: dots has no option "size"`},
		{"dots option not a number", "game: dots\ngame_options: {rows: five}\nbots:\n" + two, 2, `want a whole number`},
		{"negative opening", "game: dots\ngame_options: {opening_arcs: -2}\nbots:\n" + two, 2, "game_options: opening_arcs is -2: want 0 or more"},
		{"dots opening at the top", "game: dots\nopening_arcs: 6\nbots:\n" + two, 2, "opening_arcs is one of dots's game_options: move it under game_options, e.g. game_options: {opening_arcs: 6}"},
		{"solitario opening at the top", "game: solitario\nseed: 3\nopening_plies: 4\nbots:\n" + two, 3, "opening_plies is one of solitario's game_options: move it under game_options"},
		{"cavalo opening", "opening_arcs: 4\nbots:\n" + two, 1, `unknown key "opening_arcs"`},
		{"cavalo opening option", "game_options: {opening_arcs: 4}\nbots:\n" + two, 1, `game_options: cavalo has no option "opening_arcs"`},
		{"cavalo options", "game_options: {rows: 4}\nbots:\n" + two, 1, `game_options: cavalo has no option "rows"`},
		{"empty", "", 0, "empty league file"},
		{"grading unknown key", "grading: {place: [3]}\nbots:\n" + two, 1, `did you mean "places"`},
		{"negative place", "grading:\n  places: [3, -2]\nbots:\n" + two, 2, "grading: places: a bonus is 0 or more, got -2"},
		{"bad ties", "grading: {ties: coin}\nbots:\n" + two, 1, `grading: ties is "coin": want share`},
		{"bands without reference", "grading:\n  bands: [{name: B, beats: greedy, share: 0.6}]\nbots:\n" + two, 2, "add reference: DIR"},
		{"band share", "grading:\n  reference: ref\n  bands:\n    - {name: B, beats: greedy, share: 60}\nbots:\n" + two, 4, "share is the part of the games won"},
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
			for _, bad := range []string{"arena.", "[]", "!!", "known keys", "\n"} {
				if strings.Contains(err.Error(), bad) {
					t.Errorf("error %q has %q: Go types, YAML tags, key lists and line breaks are not for users", err, bad)
				}
			}
		})
	}
}

// TestRepeatedStartWarns: a league of several rounds that all start from
// the same position (dots without opening_arcs) loads with a warning at
// the game key naming the game's own opening option; an opening, one round
// or Cavalo's boards give none.
func TestRepeatedStartWarns(t *testing.T) {
	const two = "  - {name: a, builtin: random}\n  - {name: b, builtin: random}\n"
	for _, tc := range []struct {
		name, yaml string
		warn       string // "": none
	}{
		{"dots", "game: dots\nrounds: 2\nbots:\n" + two, "league.yaml:1: every round of dots starts from the same position, so deterministic bots will repeat their games: set game_options: {opening_arcs: 6} to vary it"},
		{"dots one round", "game: dots\nrounds: 1\nbots:\n" + two, ""},
		{"dots with openings", "game: dots\nrounds: 2\ngame_options: {rows: 3, cols: 3, opening_arcs: 6}\nbots:\n" + two, ""},
		{"solitario", "game: solitario\nrounds: 2\nbots:\n" + two, "set game_options: {opening_plies: 4} to vary it"},
		{"adji", "game: adji\nrounds: 2\nbots:\n" + two, "set game_options: {opening_plies: 4} to vary it"},
		{"quatro", "game: quatro\nrounds: 2\nbots:\n" + two, "set game_options: {opening_plies: 2} to vary it"},
		{"quatro with openings", "game: quatro\nrounds: 2\ngame_options: {opening_plies: 2}\nbots:\n" + two, ""},
		{"cavalo", "rounds: 2\nbots:\n" + two, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, warnings, err := Parse("league.yaml", []byte(tc.yaml))
			if err != nil {
				t.Fatal(err)
			}
			if tc.warn == "" && len(warnings) > 0 || tc.warn != "" && (len(warnings) != 1 || !strings.Contains(warnings[0].Error(), tc.warn)) {
				t.Errorf("warnings %v; want %q", warnings, tc.warn)
			}
			if cfg.Rules().Name() != cfg.GameName {
				t.Errorf("Rules() is %q, want %q", cfg.Rules().Name(), cfg.GameName)
			}
		})
	}
}

// TestMissingBinaryIsCheckedAtStart: a config naming a binary that is not
// there yet loads (it may be built later); preflight, which the Runner
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
	problems := cfg.Preflight()
	if len(problems) != 1 || !strings.Contains(problems[0].Error(), "l.yaml:2") || !strings.Contains(problems[0].Error(), "no bot binary") {
		t.Fatalf("preflight = %v, want one about the missing binary at line 2", problems)
	}
}

// TestMissingBinaryNamesTheBotMeant: a path that is the bare name of a
// built-in or registered bot, and no file, suggests that bot.
func TestMissingBinaryNamesTheBotMeant(t *testing.T) {
	dir := t.TempDir()
	reg := &registry.Registry{}
	reg.Put(registry.Registered{Name: "p12", Path: "/bin/true", SHA256: strings.Repeat("0", 64)})
	if err := reg.Save(filepath.Join(dir, registry.DefaultFile)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{"greedy", "did you mean `builtin: greedy`?"},
		{"p12", "did you mean `registered: p12` (from "},
		{"./greedy", "fix the path or build the bot"},
		{"nothere", "fix the path or build the bot"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			cfg, _, err := Parse(filepath.Join(dir, "l.yaml"), []byte("bots:\n  - {name: a, path: "+tc.path+"}\n  - {name: b, builtin: random}\n"))
			if err != nil {
				t.Fatal(err)
			}
			problems := cfg.Preflight()
			if len(problems) != 1 || !strings.Contains(problems[0].Error(), tc.want) {
				t.Errorf("preflight = %v, want one saying %q", problems, tc.want)
			}
		})
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
	if parse("grading: {places: [5, 3, 1], participant: 0}\n") != base {
		t.Error("the grading rule changed the hash: it decides no game")
	}
	if parse("lang: pt\ntitle: Campeonato\n") != base {
		t.Error("the pages' language or title changed the hash: they decide no game")
	}
	for _, keys := range []string{"seed: 99\n", "missing_bots: forfeit\n"} {
		if parse(keys) == base {
			t.Errorf("%q did not change the hash", keys)
		}
	}
}

func TestExampleConfigsLoad(t *testing.T) {
	files, err := filepath.Glob("../../configs/*.yaml")
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
			if filepath.Base(f) == "final.yaml" {
				// Its seeding reads the standings of the group stages,
				// which must be played first, as the error says.
				if err == nil || !strings.Contains(err.Error(), "group-a has no standings yet: play that league to its end first") {
					t.Errorf("Load = %v, want the hint to play the groups first", err)
				}
				return
			}
			if err != nil {
				t.Errorf("Load: %v", err)
			}
		})
	}
}

func TestCheckConcurrency(t *testing.T) {
	for _, tc := range []struct {
		n  int
		ok bool
	}{{-1, false}, {0, false}, {1, true}, {64, true}} {
		if err := CheckConcurrency(tc.n); (err == nil) != tc.ok {
			t.Errorf("CheckConcurrency(%d) = %v, want ok %v", tc.n, err, tc.ok)
		}
	}
}

func TestResolvedShowsValuesInForce(t *testing.T) {
	cfg, _, err := Parse("l.yaml", []byte("limits: {processes: 64}\nbots:\n  - {name: a, builtin: greedy}\n  - {name: b, path: /bin/true, args: [-x]}\n"))
	if err != nil {
		t.Fatal(err)
	}
	got := string(cfg.Resolved())
	for _, want := range []string{
		"memory_mb: 1024\n", "processes: 64\n", "output_kb: 16\n",
		"tempo_ms: 1000\n", "time_margin_ms: 250\n", "start_timeout_ms: 5000\n", "on_crash: forfeit\n",
		"  - name: a\n    builtin: greedy\n  - name: b\n    path: /bin/true\n    args:\n      - -x\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("resolved config lacks %q:\n%s", want, got)
		}
	}
	for _, bad := range []string{"memory_mb: 0", "processes: 0", "output_kb: 0", `: ""`, ": []", ": {}", ": null"} {
		if strings.Contains(got, bad) {
			t.Errorf("resolved config has an empty or zero value %q:\n%s", bad, got)
		}
	}
}

func TestResolvedShowsGameOptions(t *testing.T) {
	cfg, _, err := Parse("l.yaml", []byte("game: dots\ngame_options: {rows: 3, opening_arcs: 2}\nbots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: random}\n"))
	if err != nil {
		t.Fatal(err)
	}
	got := string(cfg.Resolved())
	if want := "game: dots\ngame_options:\n  cols: 6\n  opening_arcs: 2\n  rows: 3\nseed:"; !strings.Contains(got, want) {
		t.Errorf("resolved config lacks %q:\n%s", want, got)
	}
}

// TestRecordedOpeningAtTop reads the config of a results directory
// recorded when Dots' opening_arcs was a league key: its games are played
// from the same openings.
func TestRecordedOpeningAtTop(t *testing.T) {
	for name, recorded := range map[string]string{
		"after game_options": "game: dots\ngame_options:\n  cols: 6\n  rows: 3\nopening_arcs: 2\nseed: 1\n",
		"no game_options":    "game: dots\nopening_arcs: 2\nseed: 1\n",
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte(recorded), 0o644); err != nil {
				t.Fatal(err)
			}
			cfg, err := ReadRecorded(dir)
			if err != nil {
				t.Fatal(err)
			}
			want := dots.Game{Rows: 3, Cols: 6, OpeningArcs: 2}
			if name == "no game_options" {
				want = dots.Game{OpeningArcs: 2} // the default board
			}
			if cfg.Rules() != want {
				t.Errorf("rules %+v, want %+v", cfg.Rules(), want)
			}
		})
	}
}

// TestDocsListEveryKey checks that docs/config.md names every key a league
// file takes, and every kind of bot.
func TestDocsListEveryKey(t *testing.T) {
	data, err := os.ReadFile("../../docs/config.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(typ reflect.Type) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || seen[typ] {
			return
		}
		seen[typ] = true
		for key, ft := range yamlFields(typ) {
			if !strings.Contains(doc, "`"+key) {
				t.Errorf("docs/config.md does not name the key %q of %s", key, typ)
			}
			walk(ft)
		}
	}
	walk(reflect.TypeFor[Config]())
	for _, kind := range []string{"`builtin: NAME`", "`registered: NAME`", "`path: FILE`", "`lisp: {...}`"} {
		if !strings.Contains(doc, kind) {
			t.Errorf("docs/config.md does not list the bot kind %s", kind)
		}
	}
}

// TestClosedFolderIsCheckedAtStart: as root, a script or Lisp bot in a
// folder closed to others is reported at its line, with the chmod that
// opens it.
func TestClosedFolderIsCheckedAtStart(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only as root does a sandboxed bot run as a uid of its own")
	}
	dir := t.TempDir()
	closed := filepath.Join(dir, "closed")
	if err := os.Mkdir(closed, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(closed, "bot.py"), []byte("#!/usr/bin/python3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(closed, "jogo.lisp"), []byte("(defun jogar (e tempo) e)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ sandbox, bot, want string }{
		{"strict", "path: closed/bot.py", "l.yaml:3: bot \"a\": " + closed + " is closed to other users (drwx------)"},
		{"strict", "lisp: {files: [closed/jogo.lisp]}", "l.yaml:3: bot \"a\": " + closed + " is closed to other users (drwx------)"},
		{"off", "path: closed/bot.py", ""},
	} {
		cfg, _, err := Parse(filepath.Join(dir, "l.yaml"), []byte("sandbox: "+tc.sandbox+"\nbots:\n  - {name: a, "+tc.bot+"}\n  - {name: b, builtin: random}\n"))
		if err != nil {
			t.Fatal(err)
		}
		problems := cfg.Preflight()
		if tc.want == "" && len(problems) > 0 || tc.want != "" && (len(problems) != 1 || !strings.Contains(problems[0].Error(), tc.want)) {
			t.Errorf("sandbox %s, %s: preflight = %v, want %q", tc.sandbox, tc.bot, problems, tc.want)
		}
	}
}

// TestDisplay checks a bot's display: it is not in the hash, and one that
// holds control characters is refused naming its line.
func TestDisplay(t *testing.T) {
	league := func(display string) string {
		return "bots:\n  - {name: a, builtin: greedy, display: " + display + "}\n  - {name: b, builtin: random}\n"
	}
	one, _, err := Parse("l.yaml", []byte(league(`"P1 ana/rui"`)))
	if err != nil {
		t.Fatal(err)
	}
	other, _, err := Parse("l.yaml", []byte(league(`"P1 Ana e Rui"`)))
	if err != nil {
		t.Fatal(err)
	}
	if one.Hash() != other.Hash() || one.Displays()["a"] != "P1 ana/rui" {
		t.Errorf("hashes %s and %s, displays %v: want one hash", one.Hash(), other.Hash(), one.Displays())
	}
	if _, _, err := Parse("l.yaml", []byte(league(`"P1\e]0;x\a"`))); err == nil || !strings.Contains(err.Error(), "l.yaml:2: bot \"a\": display P1\\x1b]0;x\\a holds control characters") {
		t.Errorf("a display with escapes: %v", err)
	}
}

// wantConfigError parses yaml as league file f.yaml and checks that it is
// refused with a ConfigError of one line, at line, saying want.
func wantConfigError(t *testing.T, yaml string, line int, want string) {
	t.Helper()
	_, _, err := Parse("f.yaml", []byte(yaml))
	var ce *ConfigError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a ConfigError", err)
	}
	if ce.File != "f.yaml" || ce.Line != line || !strings.Contains(ce.Msg, want) || strings.Contains(ce.Error(), "\n") {
		t.Errorf("got %q (line %d), want f.yaml:%d saying %q, on one line", ce.Error(), ce.Line, line, want)
	}
}
