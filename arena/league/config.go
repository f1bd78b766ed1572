package league

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/arena/botkind"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/registry"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// Config is a league file. Zero fields take the defaults that Load fills in
// and docs/config.md lists. Relative paths in the file are relative to the
// file's directory; the default Out is results/<name> in the current
// directory.
type Config struct {
	Name         string          `yaml:"name"`
	Title        string          `yaml:"title,omitempty" json:"-"` // shown on pages and reports; not in Hash
	Lang         string          `yaml:"lang,omitempty" json:"-"`  // the pages' language (Langs); not in Hash
	GameName     string          `yaml:"game" json:"Game"`         // JSON keeps the name the hash was made with
	GameOptions  map[string]int  `yaml:"game_options,omitempty" json:",omitempty"`
	Seed         uint64          `yaml:"seed"`
	Rounds       int             `yaml:"rounds,omitempty"`                         // 0 in a knockout
	TempoMS      int             `yaml:"tempo_ms,omitempty"`                       // 0 under a TimeControl
	TimeControl  *TimeControl    `yaml:"time_control,omitempty" json:",omitempty"` // see timecontrol.go
	MarginMS     int             `yaml:"time_margin_ms"`
	Clock        string          `yaml:"clock" json:",omitempty"` // ClockCPU or ClockWall; in Hash, but as "" when wall (see Hash)
	Concurrency  int             `yaml:"concurrency"`
	Scoring      results.Scoring `yaml:"scoring"`
	SPRT         *results.SPRT   `yaml:"sprt,omitempty" json:",omitempty"` // see package tournament (sprt.go)
	OnTimeout    string          `yaml:"on_timeout"`
	OnIllegal    string          `yaml:"on_illegal"`
	OnCrash      string          `yaml:"on_crash"`
	MissingBots  string          `yaml:"missing_bots"`
	ForcedMoves  string          `yaml:"forced_moves"`
	Ponder       bool            `yaml:"ponder"`
	Restart      string          `yaml:"restart" json:"-"` // on: a fresh process per game; off: kept (arena/keep.go). Not in Hash
	Sandbox      sandbox.Mode    `yaml:"sandbox" json:"-"` // not in Hash: it does not decide the games
	StartTimeout int             `yaml:"start_timeout_ms"`
	Limits       Limits          `yaml:"limits"`
	Out          string          `yaml:"out"`
	Registry     string          `yaml:"registry"`
	Bots         []BotConfig     `yaml:"bots"`
	// The tournament and its keys: see package tournament and
	// docs/formats.md. Inline, where they were fields of their own, so
	// that Hash is unchanged.
	tournament.Settings `yaml:",inline"`
	// Grading is the bonus rule of arena grades; nil: the course's (see
	// grading.go). Not in Hash.
	Grading *Grading `yaml:"grading,omitempty" json:"-"`

	// clockSet says that the league file sets clock: a league that
	// leaves it to the default resumes results played on the wall clock
	// on the wall clock (see AdoptRecordedClock).
	clockSet bool

	file  string       // where the config was read from
	root  *yaml.Node   // the parsed file, to locate errors
	rules referee.Game // Game with GameOptions applied
}

// Limits bound each bot process; Load fills a zero field with the bots
// package's default, so a resolved config shows the limits in force.
type Limits struct {
	MemoryMB  int `yaml:"memory_mb"`
	Processes int `yaml:"processes"`
	OutputKB  int `yaml:"output_kb"`
	ScratchMB int `yaml:"scratch_mb"`
}

// BotConfig is one bot of a league: a name and how the bot is given
// (botkind.Ref: exactly one of builtin, registered, path or lisp).
type BotConfig struct {
	Name string `yaml:"name"`
	// Display is the name standings, reports and pages show (a group's
	// "P13 ana/rui"); empty: Name. Name identifies the bot's games in the
	// journal; Display can change at any time, so it is not in Hash.
	Display     string `yaml:"display,omitempty" json:"-"`
	Restart     string `yaml:"restart,omitempty" json:"-"` // the league's restart for this bot alone; empty: the league's
	botkind.Ref `yaml:",inline"`

	// Rating is the bot's rating from elsewhere (a ladder's, written by
	// arena ladder freeze); nil: none. It seeds where a tournament seeds
	// (see package tournament) and is the standings' last tie-break
	// (results.ByRating). It decides no game, so it is not in Hash; the
	// seed order it gives is, as the order of Bots.
	Rating *float64 `yaml:"rating,omitempty" json:"-"`
}

// Defaults of a league file.
const (
	DefaultGame         = games.Default
	defaultSeed         = 1
	DefaultRounds       = 4
	DefaultTempoMS      = 1000
	DefaultMarginMS     = 250
	defaultStartTimeout = 5000
)

// The values of clock, what a call is charged, the default first: ClockCPU,
// the CPU time of the bot's cgroup from request to answer (all its threads
// and processes), with the wall clock as a cap (referee.Clock.WallCap);
// ClockWall, the wall time from request to answer.
const (
	ClockCPU  = "cpu"
	ClockWall = "wall"
)

// Load reads, checks and completes the league file at path. User mistakes
// come back as a *ConfigError naming the file and line. Problems that do not
// stop a league come back as warnings. Whether the bots' files are there is
// not Load's business: the Runner checks it before the first game (see
// Preflight).
func Load(path string) (cfg *Config, warnings []error, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return Parse(path, data)
}

// Parse is Load on data already read from file.
func Parse(file string, data []byte) (*Config, []error, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, nil, yamlError(file, err)
	}
	if root.Kind == 0 {
		return nil, nil, &ConfigError{File: file, Msg: "empty league file: it needs at least a list of bots (see configs/league.yaml)"}
	}
	if k, v, game := gameOptionAtTop(&root); k != nil {
		return nil, nil, &ConfigError{file, k.Line, fmt.Sprintf("%s is one of %s's game_options: move it under game_options, e.g. game_options: {%s: %s}", k.Value, game, k.Value, v.Value)}
	}
	if err := checkNode(file, &root, reflect.TypeFor[Config](), "league file"); err != nil {
		return nil, nil, err
	}
	cfg := &Config{file: file, root: &root}
	if err := root.Decode(cfg); err != nil {
		return nil, nil, yamlError(file, err)
	}
	warnings, err := cfg.complete()
	if err != nil {
		return nil, nil, err
	}
	return cfg, warnings, nil
}

// yamlError turns a yaml.v3 error ("yaml: line 3: …") into a ConfigError.
func yamlError(file string, err error) error {
	msg := err.Error()
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	var line int
	if n, _ := fmt.Sscanf(msg, "line %d:", &line); n == 1 {
		_, msg, _ = strings.Cut(msg, ": ")
	}
	return &ConfigError{File: file, Line: line, Msg: msg}
}

// errAt returns a ConfigError at the line of the node at path.
func (c *Config) errAt(msg string, path ...any) error {
	line := 0
	if n := find(c.root, path...); n != nil {
		line = n.Line
	}
	return &ConfigError{File: c.file, Line: line, Msg: msg}
}

// complete fills in defaults and checks every field.
func (c *Config) complete() (warnings []error, err error) {
	dir := botkind.Abs(".", filepath.Dir(c.file))
	if c.Name == "" {
		c.Name = strings.TrimSuffix(filepath.Base(c.file), filepath.Ext(c.file))
	}
	if err := registry.CheckName(c.Name); err != nil {
		return nil, c.errAt("league "+err.Error()+" (it names the results directory)", "name")
	}
	if err := c.applyDefaults(); err != nil {
		key := "game"
		if strings.HasPrefix(err.Error(), "game_options") && find(c.root, "game_options") != nil {
			key = "game_options"
		}
		return nil, c.errAt(err.Error(), key)
	}
	if g, ok := c.rules.(interface{ Options() map[string]int }); ok {
		c.GameOptions = g.Options() // the values in force, defaults included
	}
	if find(c.root, "seed") == nil {
		c.Seed = defaultSeed
	}
	if err := CheckLang(c.Lang); err != nil {
		return nil, c.errAt(err.Error(), "lang")
	}
	for _, f := range []struct {
		v      *int
		def    int
		key    string
		lowest int
	}{
		{&c.Rounds, DefaultRounds, "rounds", 1},
		{&c.MarginMS, DefaultMarginMS, "time_margin_ms", 0},
		{&c.Concurrency, runtime.NumCPU(), "concurrency", 1},
		{&c.StartTimeout, defaultStartTimeout, "start_timeout_ms", 1},
	} {
		if find(c.root, f.key) == nil {
			*f.v = f.def
		}
		if err := atLeast(f.key, *f.v, f.lowest); err != nil {
			return nil, c.errAt(f.key+": "+err.Error(), f.key)
		}
	}
	if err := c.completeTempo(); err != nil {
		return nil, err
	}
	c.clockSet = find(c.root, "clock") != nil
	if find(c.root, "scoring") == nil {
		c.Scoring = results.DefaultScoring()
	}
	for _, p := range []struct {
		v       *string
		key     string
		allowed []string
	}{
		{&c.OnTimeout, "on_timeout", []string{"forfeit", "adjudicate"}},
		{&c.OnIllegal, "on_illegal", []string{"forfeit", "adjudicate"}},
		{&c.OnCrash, "on_crash", []string{"forfeit", "adjudicate"}},
		{&c.ForcedMoves, "forced_moves", []string{"referee", "bot"}},
		{&c.MissingBots, "missing_bots", []string{"refuse", "forfeit"}},
		{&c.Restart, "restart", restartValues},
		{&c.Clock, "clock", []string{ClockCPU, ClockWall}},
	} {
		if *p.v == "" {
			*p.v = p.allowed[0]
		}
		if *p.v != p.allowed[0] && *p.v != p.allowed[1] {
			return nil, c.errAt(fmt.Sprintf("%s is %q: want %q or %q", p.key, *p.v, p.allowed[0], p.allowed[1]), p.key)
		}
	}
	if c.Sandbox == "" {
		c.Sandbox = sandbox.Strict
	}
	if _, err := sandbox.ParseMode(string(c.Sandbox)); err != nil {
		return nil, c.errAt(err.Error(), "sandbox")
	}
	for _, l := range []struct {
		v   *int
		def int
		key string
	}{
		{&c.Limits.MemoryMB, host.DefaultMemoryMB, "memory_mb"},
		{&c.Limits.Processes, host.DefaultProcesses, "processes"},
		{&c.Limits.OutputKB, host.DefaultOutputBytes >> 10, "output_kb"},
		{&c.Limits.ScratchMB, host.DefaultScratchMB, "scratch_mb"},
	} {
		if *l.v == 0 {
			*l.v = l.def
		}
		if err := atLeast(l.key, *l.v, 1); err != nil {
			return nil, c.errAt(l.key+": "+err.Error()+" (0 or no key means the default)", "limits", l.key)
		}
	}
	if c.Out == "" {
		c.Out = filepath.Join("results", c.Name)
	} else {
		c.Out = botkind.Abs(dir, c.Out)
	}
	if c.Registry == "" {
		c.Registry = registry.DefaultFile
	}
	c.Registry = botkind.Abs(dir, c.Registry)
	if c.Rounds > 1 && c.sameStart() {
		warnings = append(warnings, c.errAt(c.sameStartWarning(), "game"))
	}
	botWarnings, err := c.completeBots(dir)
	if err != nil {
		return nil, err
	}
	if err := c.completeTournament(dir); err != nil {
		return nil, err
	}
	if err := c.completeGrading(dir); err != nil {
		return nil, err
	}
	return append(warnings, botWarnings...), nil
}

// sameStart reports whether the first two rounds' seeds give the same
// initial position, as an empty Dots and Boxes board does.
func (c *Config) sameStart() bool {
	a, errA := c.rules.New(referee.RoundSeed(c.Seed, 1)).Encode()
	b, errB := c.rules.New(referee.RoundSeed(c.Seed, 2)).Encode()
	return errA == nil && errB == nil && bytes.Equal(a, b)
}

// sameStartWarning says that every round starts from the same position,
// and which of its game_options the game varies it by.
func (c *Config) sameStartWarning() string {
	w := fmt.Sprintf("every round of %s starts from the same position, so deterministic bots will repeat their games", c.GameName)
	if o, ok := c.rules.(referee.Opener); ok {
		w += fmt.Sprintf(": set game_options: {%s} to vary it", o.OpeningOption())
	}
	return w
}

// Rules returns the league's game, game_options applied.
func (c *Config) Rules() referee.Game { return c.rules }

// CheckConcurrency checks a number of games played at once: the league
// file's concurrency and the --concurrency flag obey this one rule.
func CheckConcurrency(n int) error { return atLeast("concurrency", n, 1) }

// atLeast checks the value v of the integer key against the lowest value
// the key allows, in the words of the key's doc (docOf).
func atLeast(key string, v, lowest int) error {
	d, _ := docOf(key)
	return tournament.Doc{Want: d.want, Example: d.example}.AtLeast(v, lowest)
}

// File returns the path the config was read from.
func (c *Config) File() string { return c.file }

// applyDefaults fills in what a league file (Parse) and a recorded config
// (ReadRecorded) may leave out: the game, the tempo (0 under a game clock),
// the tournament, and the rules configured from the game's keys. It is the
// one place these defaults are applied; Parse checks the keys given
// (completeTempo, completeTournament) on top. Its errors start with the key at
// fault.
func (c *Config) applyDefaults() error {
	if c.GameName == "" {
		c.GameName = DefaultGame
	}
	switch given := find(c.root, "tempo_ms") != nil; {
	case given: // Parse's completeTempo checks it
	case c.TimeControl != nil:
		c.TempoMS = 0 // as completeTempo leaves it under a game clock
	case c.TempoMS <= 0:
		c.TempoMS = DefaultTempoMS
	}
	if c.Tournament == "" {
		c.Tournament = tournament.RoundRobin
	}
	rules, err := games.Configure(c.GameName, c.GameOptions)
	if err != nil {
		return err
	}
	c.rules = rules
	return nil
}

// Langs are the languages of the pages and reports (a league's lang:, the
// --lang of serve and report): English, the default, and Portuguese.
var Langs = []string{"en", "pt"}

// CheckLang returns an error unless lang is one of Langs or "" (the
// default).
func CheckLang(lang string) error {
	if lang == "" || slices.Contains(Langs, lang) {
		return nil
	}
	return fmt.Errorf("lang: want %s, got %q", strings.Join(Langs, " or "), lang)
}
