package lisp

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arenabots/arena/referee/sexp"
)

// StateForm says how the estado argument of jogar is built: each game's
// Lisp form writes its board its own way (Form).
type StateForm = sexp.StateForm

// The state forms. For Cavalo, boards are 10 lists (row 1 first) of 10
// cells: a number, NIL (empty), or a knight code (see Config.Knights).
const (
	// StateBoard is the board alone.
	StateBoard = sexp.StateBoard
	// StateBoardScores is (board (white-points black-points)).
	StateBoardScores = sexp.StateBoardScores
	// StateBoardPlayerScores is (board player white-points black-points),
	// player 1 (white) or 2 (black) being the side to move.
	StateBoardPlayerScores = sexp.StateBoardPlayerScores
	// StateBoardPlayer is (board player), player 1 (white) or 2 (black)
	// being the side to move (Solitário 2).
	StateBoardPlayer = sexp.StateBoardPlayer
)

// AnswerForm was what jogar returns. Answers are now read by their shape,
// by each game's Lisp form (Form): Config.Answer is accepted, for league
// files written before, and plays no part.
type AnswerForm string

// The answer forms a league file may still name.
const (
	// AnswerMoveAndState was (move new-state).
	AnswerMoveAndState AnswerForm = "move-and-state"
	// AnswerState was the new state alone.
	AnswerState AnswerForm = "state"
)

// SideForm says how the player of a Cavalo estado of the form
// board-player-scores is written.
type SideForm = sexp.SideForm

// The side forms.
const (
	// SideNumber writes the side to move as 1 (white) or 2 (black).
	SideNumber = sexp.SideNumber
	// SideKnight writes it as its knight's code, Config.Knights: -1 for
	// white and -2 for black by default.
	SideKnight = sexp.SideKnight
)

// Perspective says whose point of view the state is written from.
type Perspective = sexp.Perspective

// The perspectives.
const (
	// PerspectiveAbsolute sends the position as it is: white is white.
	PerspectiveAbsolute = sexp.PerspectiveAbsolute
	// PerspectiveWhite is for bots that always play white. When the bot is
	// black the adapter mirrors the rows (row r becomes row 11-r), swaps the
	// knight codes, the scores and the player, so that the bot sees an
	// equivalent position in which it is white and its home row is row 1;
	// the answer is mapped back the same way.
	PerspectiveWhite = sexp.PerspectiveWhite
)

// Timing advice for leagues that play Lisp bots, from the measurements in
// README.md.
const (
	// RecommendedStartTimeout is the start timeout to give a Lisp bot: the
	// files are loaded (and compiled by SBCL as they load) before the bot
	// answers the handshake, which takes seconds for course projects.
	RecommendedStartTimeout = 30 * time.Second
	// RecommendedMargin is the time margin that lets a bot which uses
	// 99.5 % of tempo play whole games at tempo_ms 1000 without a false
	// timeout: the adapter's own round trip is well under a millisecond,
	// the rest covers SBCL's garbage collector and a loaded machine.
	RecommendedMargin = 250 * time.Millisecond
)

// Config is a league bot entry of kind lisp: which files make the bot and
// how to talk to its jogar. The zero value of every field but Files means
// its default.
type Config struct {
	// Files are loaded in order, each with its own directory as
	// *default-pathname-defaults*, so that relative loads inside work.
	Files []string `yaml:"files"`
	// Reads are the other files and directories the bot reads itself,
	// such as a course's rules file that its code loads with a relative
	// (load "../regras.lisp"). In the sandbox a Lisp bot sees only its
	// Root, writable through a copy-on-write layer, and the directories of
	// its Files and its Reads, read-only outside Root.
	Reads []string `yaml:"reads,omitempty"`
	// Package is where JOGAR lives. Default: the one package whose JOGAR
	// symbol names a function (an exported one first).
	Package string `yaml:"package,omitempty"`
	// State is how estado is built. Default board-player-scores.
	State StateForm `yaml:"state,omitempty"`
	// Answer is accepted for league files written before answers were read
	// by their shape, and plays no part: move-and-state, state or empty.
	Answer AnswerForm `yaml:"answer,omitempty"`
	// Perspective is absolute (default) or white.
	Perspective Perspective `yaml:"perspective,omitempty"`
	// Knights are the cell codes of the white and the black knight, in
	// that order. Default [-1, -2].
	Knights []int `yaml:"knights,omitempty"`
	// IndexBase is 0 (default) when a (row col) move counts from 0, as nth
	// does, or 1 when row 1 column 1 is A1.
	IndexBase int `yaml:"index_base,omitempty"`
	// HeapMB is SBCL's dynamic space in MB. Default: what fits the
	// process's data limit (RLIMIT_DATA minus 256 MB), or SBCL's own
	// default when there is no limit.
	HeapMB int `yaml:"heap_mb,omitempty"`
	// Root is the folder of the whole submission: a load or compile-file
	// of a file that is not where the bot's code says is retried with the
	// file of the same base name found under Root, and the sandbox shows
	// Root to the bot. Default: the directory of the first file.
	Root string `yaml:"root,omitempty"`
	// Side is how the player of a board-player-scores estado is written
	// (Cavalo): number (default, 1 or 2) or knight (its knight's code).
	Side SideForm `yaml:"side,omitempty"`
	// TempoScale multiplies the tempo sent to jogar, which is in
	// milliseconds: 1000 for a bot that counts it in microseconds, as a
	// course bot written for LispWorks and run on SBCL compares it with
	// get-internal-real-time. Default 1. The clock arena enforces is not
	// scaled.
	TempoScale int `yaml:"tempo_scale,omitempty"`
	// Image, false, plays the bot by loading its files at every start
	// even where arena would start it from a saved image of them (for a
	// group whose image misbehaves). Unset or true: saved images. It
	// changes no result, so it is in no hash of the league.
	Image *bool `yaml:"image,omitempty" json:"-"`
	// Core is the saved image to start from (see Adapter.Build), set by
	// arena's host, never from a league file: SBCL starts on it instead
	// of loading the files, and loads them when it cannot.
	Core string `yaml:"-" json:"-"`
	// Driver is the driver compiled by this SBCL (see CompileDriver), set
	// by arena's host, never from a league file: SBCL loads it instead of
	// compiling the driver's source, and compiles the source when it
	// cannot.
	Driver string `yaml:"-" json:"-"`
	// BuildCore, set by arena's host, never from a league file, makes
	// `bot serve` build the bot's saved image into this file (see
	// Adapter.Build) and exit, instead of serving the bot.
	BuildCore string `yaml:"-" json:"-"`
	// GameName is the game the bot is entered for (a name of the table of
	// games), the one its Info lists: a Lisp project does not say which
	// game it plays, so arena sets it from the league's game, or the
	// check's, never from a league file. Empty, Info lists no game: "not
	// stated".
	GameName string `yaml:"-"`
}

// WithDefaults returns c with its empty fields set to their defaults.
func (c Config) WithDefaults() Config {
	def := sexp.DefaultConventions
	if c.State == "" {
		c.State = def.State
	}
	if c.Side == "" {
		c.Side = def.Side
	}
	if c.Perspective == "" {
		c.Perspective = def.Perspective
	}
	if len(c.Knights) == 0 {
		c.Knights = def.Knights[:]
	}
	if c.TempoScale == 0 {
		c.TempoScale = 1
	}
	return c
}

// Images reports whether the bot may be started from a saved image: its
// Image is unset or true.
func (c Config) Images() bool { return c.Image == nil || *c.Image }

// Conventions returns the conventions of c, with defaults, for a game's
// Lisp form (Knights as Validate wants them: two codes).
func (c Config) Conventions() sexp.Conventions {
	c = c.WithDefaults()
	conv := sexp.Conventions{State: c.State, Side: c.Side, Perspective: c.Perspective, IndexBase: c.IndexBase}
	copy(conv.Knights[:], c.Knights)
	return conv
}

// FromConventions returns the Config of the conventions c, whose zero
// fields (zero Knights included) are left unset, as a league entry that
// does not name them.
func FromConventions(c sexp.Conventions) Config {
	cfg := Config{State: c.State, Side: c.Side, Perspective: c.Perspective, IndexBase: c.IndexBase}
	if c.Knights != [2]int{} {
		cfg.Knights = c.Knights[:]
	}
	return cfg
}

// Validate reports every problem of c at once, one per line, each naming
// its key. It checks values only; whether the files exist is checked when
// the adapter starts.
func (c Config) Validate() error {
	c = c.WithDefaults()
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("lisp: "+format, args...))
	}
	if len(c.Files) == 0 {
		bad("files: at least one file is required, e.g. files: [submissions/g12/projeto.lisp]")
	}
	for i, f := range c.Files {
		if strings.TrimSpace(f) == "" {
			bad("files[%d] is empty", i)
		}
	}
	for i, f := range c.Reads {
		if strings.TrimSpace(f) == "" {
			bad("reads[%d] is empty", i)
		}
	}
	if c.Root != "" && strings.TrimSpace(c.Root) == "" {
		bad("root %q is blank: leave it out, or name the submission's folder", c.Root)
	}
	if strings.ContainsAny(c.Package, "\x00\n") {
		bad("package %q: a package name cannot hold a newline or NUL", c.Package)
	}
	oneOf := func(key, v string, allowed ...string) {
		if !slices.Contains(allowed, v) {
			bad("%s %q: want one of %s", key, v, strings.Join(allowed, ", "))
		}
	}
	oneOf("state", string(c.State), string(StateBoard), string(StateBoardScores), string(StateBoardPlayerScores),
		string(StateBoardPlayer))
	if c.Answer != "" {
		oneOf("answer", string(c.Answer), string(AnswerMoveAndState), string(AnswerState))
	}
	oneOf("side", string(c.Side), string(SideNumber), string(SideKnight))
	oneOf("perspective", string(c.Perspective), string(PerspectiveAbsolute), string(PerspectiveWhite))
	switch {
	case len(c.Knights) != 2:
		bad("knights %v: want two codes, white's then black's, e.g. [-1, -2]", c.Knights)
	case c.Knights[0] == c.Knights[1]:
		bad("knights %v: the two codes must differ", c.Knights)
	default:
		for _, k := range c.Knights {
			if k >= 0 && k <= 99 {
				bad("knights %v: %d is also a square's number; use a code outside 0..99", c.Knights, k)
			}
		}
	}
	if c.IndexBase != 0 && c.IndexBase != 1 {
		bad("index_base %d: want 0 (rows and columns count from 0, as nth does) or 1", c.IndexBase)
	}
	if c.HeapMB < 0 || c.HeapMB > 0 && c.HeapMB < 64 {
		bad("heap_mb %d: want 0 (automatic) or at least 64", c.HeapMB)
	}
	if c.TempoScale < 1 {
		bad("tempo_scale %d: want a whole number of at least 1 (the factor applied to the tempo sent to jogar)", c.TempoScale)
	}
	return errors.Join(errs...)
}

// Resolve returns c with its relative paths (Files, Reads and Root) made
// relative to dir, the league file's directory.
func (c Config) Resolve(dir string) Config {
	resolve := func(paths []string) []string {
		if paths == nil {
			return nil
		}
		out := make([]string, len(paths))
		for i, f := range paths {
			if f != "" && !filepath.IsAbs(f) {
				f = filepath.Join(dir, f)
			}
			out[i] = f
		}
		return out
	}
	c.Files, c.Reads = resolve(c.Files), resolve(c.Reads)
	if c.Root != "" {
		c.Root = resolve([]string{c.Root})[0]
	}
	return c
}

// Selector is the first argument of `arena bot serve` for a Lisp bot.
const Selector = "lisp"

// Args returns the arguments of `arena bot serve` that run the Lisp bot c:
// Selector, then key=value words in a fixed order, a file= word per file
// and a read= word per entry of Reads, defaults written out (Answer, which
// plays no part, and Image, the host's to act on, are left out), core=,
// driver= and build= for Core, Driver and BuildCore. Paths should be
// absolute (see Resolve), since the adapter may run in another directory.
// ParseArgs reads them back.
func Args(c Config) []string {
	c = c.WithDefaults()
	args := []string{Selector}
	for _, f := range c.Files {
		args = append(args, "file="+f)
	}
	for _, f := range c.Reads {
		args = append(args, "read="+f)
	}
	if c.Root != "" {
		args = append(args, "root="+c.Root)
	}
	if c.Package != "" {
		args = append(args, "package="+c.Package)
	}
	args = append(args,
		"state="+string(c.State),
		"side="+string(c.Side),
		"perspective="+string(c.Perspective),
		fmt.Sprintf("knights=%d,%d", c.Knights[0], c.Knights[1]),
		"index_base="+strconv.Itoa(c.IndexBase),
	)
	if c.HeapMB != 0 {
		args = append(args, "heap_mb="+strconv.Itoa(c.HeapMB))
	}
	if c.TempoScale != 1 {
		args = append(args, "tempo_scale="+strconv.Itoa(c.TempoScale))
	}
	if c.GameName != "" {
		args = append(args, "game="+c.GameName)
	}
	if c.Core != "" {
		args = append(args, "core="+c.Core)
	}
	if c.Driver != "" {
		args = append(args, "driver="+c.Driver)
	}
	if c.BuildCore != "" {
		args = append(args, "build="+c.BuildCore)
	}
	return args
}

// ParseWords reads a Lisp bot given by words, as commands take one (arena
// bot check --lisp, lisp: in play): KEY=VALUE as ParseArgs reads them, a
// word without "=" a file to load. path, when not nil, rewrites the value
// of each path key (file, read, root) first.
func ParseWords(words []string, path func(key, value string) (string, error)) (Config, error) {
	args := make([]string, 0, len(words))
	for _, w := range words {
		key, val, ok := strings.Cut(w, "=")
		if !ok {
			key, val = "file", w
		}
		if path != nil && (key == "file" || key == "read" || key == "root") {
			var err error
			if val, err = path(key, val); err != nil {
				return Config{}, err
			}
		}
		args = append(args, key+"="+val)
	}
	return ParseArgs(args)
}

// ParseArgs reads the arguments written by Args (the leading Selector, or
// "lisp:", may be left out) into a validated Config with defaults set.
func ParseArgs(args []string) (Config, error) {
	if len(args) > 0 && (args[0] == Selector || args[0] == Selector+":") {
		args = args[1:]
	}
	var c Config
	for _, a := range args {
		key, val, ok := strings.Cut(a, "=")
		if !ok {
			return Config{}, fmt.Errorf("lisp: argument %q: want key=value", a)
		}
		var err error
		switch key {
		case "file":
			c.Files = append(c.Files, val)
		case "read":
			c.Reads = append(c.Reads, val)
		case "package":
			c.Package = val
		case "state":
			c.State = StateForm(val)
		case "answer":
			c.Answer = AnswerForm(val)
		case "root":
			c.Root = val
		case "side":
			c.Side = SideForm(val)
		case "perspective":
			c.Perspective = Perspective(val)
		case "knights":
			c.Knights, err = parseInts(val)
		case "index_base":
			c.IndexBase, err = strconv.Atoi(val)
		case "heap_mb":
			c.HeapMB, err = strconv.Atoi(val)
		case "tempo_scale":
			c.TempoScale, err = strconv.Atoi(val)
		case "game":
			c.GameName = val
		case "core":
			c.Core = val
		case "driver":
			c.Driver = val
		case "build":
			c.BuildCore = val
		default:
			return Config{}, fmt.Errorf("lisp: unknown argument %q (known: file, read, root, package, state, side, answer, perspective, knights, index_base, heap_mb, tempo_scale, game, core, driver, build)", key)
		}
		if err != nil {
			return Config{}, fmt.Errorf("lisp: argument %q: %w", a, err)
		}
	}
	if err := c.Validate(); err != nil {
		return Config{}, err
	}
	return c.WithDefaults(), nil
}

// parseInts reads a comma-separated list of integers.
func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}
