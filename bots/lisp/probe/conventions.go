package probe

import (
	"slices"
	"strings"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// The conventions a probe tries, in order of preference, are the game's:
// the first under which jogar's answers are legal moves is kept. A
// convention is a lisp.Config whose convention fields are set.

// Game is implemented by the games (their referee.Game) whose Lisp form
// (bots/lisp's Form) a probe can find a submission's conventions for. A
// game's package implements it with referee's types alone.
type Game interface {
	referee.Game
	// LispConventions MUST return, in order of preference and at least
	// one of each, the conventions a probe tries: calls, the ways of
	// writing the estado, and reads, the ways of reading an answer that
	// need no other call (tried on every answer). Only the fields the
	// game's form reads are set; the others stay zero. Of two calls that
	// differ only in perspective, the absolute one comes first.
	LispConventions() (calls, reads []sexp.Conventions)
	// LispSettings MUST list the conventions of c (its defaults set) that
	// the game's form reads, as a league entry writes them, the state form
	// first.
	LispSettings(c sexp.Conventions) []sexp.Setting
}

// lispConventions returns the calls and reads of the game called name, as
// lisp.Config values; none for a game without them.
func lispConventions(name string) (calls, reads []lisp.Config) {
	g, ok := lispGame(name)
	if !ok {
		return nil, nil
	}
	cs, rs := g.LispConventions()
	for _, c := range cs {
		calls = append(calls, lisp.FromConventions(c))
	}
	for _, r := range rs {
		reads = append(reads, lisp.FromConventions(r))
	}
	return calls, reads
}

// lispGame returns the game of the table called name as a Game.
func lispGame(name string) (Game, bool) {
	g, err := games.Lookup(name)
	if err != nil {
		return nil, false
	}
	lg, ok := g.(Game)
	return lg, ok
}

// Keys returns the league keys a probe finds, which a person may give
// instead.
func Keys() []string {
	return []string{"state", "side", "perspective", "knights", "index_base", "tempo_scale"}
}

// Estados returns how many distinct estados of a position the probe can
// send a bot of game: one per way of writing the state (with each knight
// code, in Cavalo), from the absolute perspective, which the other
// perspective writes alike while white is to move. A bot that fails every
// convention is asked each once per position.
func Estados(game string) int {
	calls, _ := lispConventions(game)
	n := 0
	for _, c := range calls {
		if c.Perspective != lisp.PerspectiveWhite {
			n++
		}
	}
	return n
}

// callKeys are the keys of the conventions of a call, how estado is
// written; readKeys those of the ways its answer is read.
var (
	callKeys = []string{"state", "side", "perspective", "knights"}
	readKeys = []string{"index_base"}
)

// conventions returns the estado conventions to call jogar with and the
// ways to read its answers for game, those that agree with fixed on the
// keys given.
func conventions(game string, fixed lisp.Config, given []string) (calls, reads []lisp.Config) {
	calls, reads = lispConventions(game)
	keep := func(cs []lisp.Config, keys ...string) []lisp.Config {
		var these []string // the keys given that cs are about
		for _, k := range given {
			if slices.Contains(keys, k) {
				these = append(these, k)
			}
		}
		var out []lisp.Config
		for _, c := range cs {
			if agrees(c, fixed, these) {
				out = append(out, c)
			}
		}
		return out
	}
	calls, reads = keep(calls, callKeys...), keep(reads, readKeys...)
	if len(calls) == 0 { // the given value is not one the probe knows: use it
		calls = []lisp.Config{only(fixed, callKeys...)}
	}
	if len(reads) == 0 {
		reads = []lisp.Config{only(fixed, readKeys...)}
	}
	return calls, reads
}

// agrees reports whether the convention c, whose zero fields are not part
// of it, has the values of fixed on the keys given.
func agrees(c, fixed lisp.Config, given []string) bool {
	for _, k := range given {
		switch {
		case k == "state" && c.State != "" && c.State != fixed.State,
			k == "side" && c.Side != "" && c.Side != fixed.Side,
			k == "perspective" && c.Perspective != "" && c.Perspective != fixed.Perspective,
			k == "knights" && c.Knights != nil && !slices.Equal(c.Knights, fixed.Knights),
			k == "index_base" && c.IndexBase != fixed.IndexBase:
			return false
		}
	}
	return true
}

// only returns the fields of fixed named by keys.
func only(fixed lisp.Config, keys ...string) lisp.Config {
	var c lisp.Config
	for _, k := range keys {
		switch k {
		case "state":
			c.State = fixed.State
		case "side":
			c.Side = fixed.Side
		case "perspective":
			c.Perspective = fixed.Perspective
		case "knights":
			c.Knights = fixed.Knights
		case "index_base":
			c.IndexBase = fixed.IndexBase
		}
	}
	return c
}

// merge returns call with the reading conventions of read.
func merge(call, read lisp.Config) lisp.Config {
	call.IndexBase = read.IndexBase
	return call
}

// Settings lists the conventions of c for game, as the game's Lisp form
// reads them: the keys of a league entry of the game (its state form
// first); none for a game without a Lisp form.
func Settings(game string, c lisp.Config) []sexp.Setting {
	g, ok := lispGame(game)
	if !ok {
		return nil
	}
	return g.LispSettings(c.Conventions())
}

// describe names the conventions of c for game in a few words.
func describe(game string, c lisp.Config) string {
	var parts []string
	for _, s := range Settings(game, c) {
		parts = append(parts, s.Key+" "+s.Value)
	}
	return strings.Join(parts, ", ")
}

// Short names the conventions of c for game that differ from the
// adapter's defaults, or "defaults"; for a game whose form reads only the
// state form (Dots and Boxes), that form.
func Short(game string, c lisp.Config) string {
	all := Settings(game, c)
	if len(all) == 1 {
		return all[0].Value
	}
	var parts []string
	for _, s := range all {
		switch {
		case s.Default:
		case s.Key == "state":
			parts = append(parts, s.Value)
		default:
			parts = append(parts, s.Key+" "+s.Value)
		}
	}
	if len(parts) == 0 {
		return "defaults"
	}
	return strings.Join(parts, ", ")
}
