package probe

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/games/dots"
)

// The conventions a probe tries, in order of preference: the first under
// which jogar's answers are legal moves is kept. A convention is a
// lisp.Config whose convention fields are set; adding one is a line here.

// cavaloStates are the estado forms of Cavalo: the state form and how the
// side to move is written.
var cavaloStates = []lisp.Config{
	{State: lisp.StateBoardPlayerScores, Side: lisp.SideNumber},
	{State: lisp.StateBoardPlayerScores, Side: lisp.SideKnight},
	{State: lisp.StateBoardScores},
	{State: lisp.StateBoard},
}

// perspectives are whose point of view the estado is written from.
var perspectives = []lisp.Perspective{lisp.PerspectiveAbsolute, lisp.PerspectiveWhite}

// knightCodes are the cell codes of the white and the black knight.
var knightCodes = [][]int{{-1, -2}, {-2, -1}}

// cavaloReads are the ways of reading jogar's answer that need no other
// call: they are tried on every answer (the adapter reads a board wherever
// it is; a move alone, (row col), counts from 0 or 1).
var cavaloReads = []lisp.Config{
	{IndexBase: 0},
	{IndexBase: 1},
}

// dotsStates are the estado forms of Dots and Boxes: (board scores) or the
// board alone. The answer is read by board difference, whatever its shape.
var dotsStates = []lisp.Config{
	{State: lisp.StateBoardScores},
	{State: lisp.StateBoard},
}

// Keys returns the league keys a probe finds, which a person may give
// instead.
func Keys() []string {
	return []string{"state", "side", "perspective", "knights", "index_base", "tempo_scale"}
}

// Estados returns how many distinct estados of a position the probe can
// send a bot of game: one per way of writing the state, with each
// knight code in Cavalo. A bot that fails every convention is asked each
// once per position.
func Estados(game string) int {
	if game == dots.Name {
		return len(dotsStates)
	}
	return len(cavaloStates) * len(knightCodes)
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
	if game == dots.Name {
		calls, reads = dotsStates, []lisp.Config{{}}
	} else {
		for _, s := range cavaloStates {
			for _, p := range perspectives {
				for _, k := range knightCodes {
					c := s
					c.Perspective, c.Knights = p, k
					calls = append(calls, c)
				}
			}
		}
		reads = cavaloReads
	}
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

// setting is one convention of a bot: its league key, its value, and
// whether that is the adapter's default.
type setting struct {
	key, value string
	isDefault  bool
}

// settings lists the conventions of c for game: for Dots and Boxes the
// state form alone, (board scores) or the board.
func settings(game string, c lisp.Config) []setting {
	c = c.WithDefaults()
	if game == dots.Name {
		if c.State == lisp.StateBoard {
			return []setting{{"state", "board", false}}
		}
		return []setting{{"state", "board-scores", true}}
	}
	def := lisp.Config{}.WithDefaults()
	out := []setting{{"state", string(c.State), c.State == def.State}}
	if c.State == lisp.StateBoardPlayerScores {
		out = append(out, setting{"side", string(c.Side), c.Side == def.Side})
	}
	return append(out,
		setting{"perspective", string(c.Perspective), c.Perspective == def.Perspective},
		setting{"knights", fmt.Sprintf("%d/%d", c.Knights[0], c.Knights[1]), slices.Equal(c.Knights, def.Knights)},
		setting{"index_base", fmt.Sprint(c.IndexBase), c.IndexBase == def.IndexBase})
}

// describe names the conventions of c for game in a few words.
func describe(game string, c lisp.Config) string {
	var parts []string
	for _, s := range settings(game, c) {
		parts = append(parts, s.key+" "+s.value)
	}
	return strings.Join(parts, ", ")
}

// Short names the conventions of c for game that differ from the
// adapter's defaults, or "defaults"; for Dots and Boxes, the state form.
func Short(game string, c lisp.Config) string {
	all := settings(game, c)
	if game == dots.Name {
		return all[0].value
	}
	var parts []string
	for _, s := range all {
		switch {
		case s.isDefault:
		case s.key == "state":
			parts = append(parts, s.value)
		default:
			parts = append(parts, s.key+" "+s.value)
		}
	}
	if len(parts) == 0 {
		return "defaults"
	}
	return strings.Join(parts, ", ")
}
