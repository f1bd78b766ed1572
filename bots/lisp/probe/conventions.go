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
	{State: lisp.StateBoardPlayerScores},
	{State: lisp.StateBoardScores},
	{State: lisp.StateBoard},
}

// perspectives are whose point of view the estado is written from.
var perspectives = []lisp.Perspective{lisp.PerspectiveAbsolute, lisp.PerspectiveWhite}

// knightCodes are the cell codes of the white and the black knight.
var knightCodes = [][]int{{-1, -2}, {-2, -1}}

// cavaloReads are the ways of reading jogar's answer that need no other
// call: they are tried on every answer.
var cavaloReads = []lisp.Config{
	{Answer: lisp.AnswerMoveAndState, IndexBase: 0},
	{Answer: lisp.AnswerMoveAndState, IndexBase: 1},
	{Answer: lisp.AnswerState},
}

// dotsStates are the estado forms of Dots and Boxes: (board scores) or the
// board alone. The answer is read by board difference, whatever its shape.
var dotsStates = []lisp.Config{
	{State: lisp.StateBoardScores},
	{State: lisp.StateBoard},
}

// Keys are the league keys a probe finds, which a person may give instead.
var Keys = []string{"state", "perspective", "knights", "answer", "index_base", "tempo_scale"}

// callKeys are the keys of the conventions of a call, how estado is
// written; readKeys those of the ways its answer is read.
var (
	callKeys = []string{"state", "perspective", "knights"}
	readKeys = []string{"answer", "index_base"}
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
			k == "perspective" && c.Perspective != "" && c.Perspective != fixed.Perspective,
			k == "knights" && c.Knights != nil && !slices.Equal(c.Knights, fixed.Knights),
			k == "answer" && c.Answer != "" && c.Answer != fixed.Answer,
			k == "index_base" && c.Answer == lisp.AnswerMoveAndState && c.IndexBase != fixed.IndexBase:
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
		case "perspective":
			c.Perspective = fixed.Perspective
		case "knights":
			c.Knights = fixed.Knights
		case "answer":
			c.Answer = fixed.Answer
		case "index_base":
			c.IndexBase = fixed.IndexBase
		}
	}
	return c
}

// merge returns call with the reading conventions of read.
func merge(call, read lisp.Config) lisp.Config {
	call.Answer, call.IndexBase = read.Answer, read.IndexBase
	return call
}

// Short names the conventions of c for game that differ from the
// adapter's defaults, or "defaults".
func Short(game string, c lisp.Config) string {
	c = c.WithDefaults()
	if game == dots.Name {
		if c.State == lisp.StateBoard {
			return "board"
		}
		return "board-scores"
	}
	def := lisp.Config{}.WithDefaults()
	var parts []string
	if c.State != def.State {
		parts = append(parts, string(c.State))
	}
	if c.Perspective != def.Perspective {
		parts = append(parts, "perspective "+string(c.Perspective))
	}
	if !slices.Equal(c.Knights, def.Knights) {
		parts = append(parts, fmt.Sprintf("knights %d/%d", c.Knights[0], c.Knights[1]))
	}
	if c.Answer != def.Answer {
		parts = append(parts, "answer "+string(c.Answer))
	}
	if c.Answer == lisp.AnswerMoveAndState && c.IndexBase != def.IndexBase {
		parts = append(parts, fmt.Sprintf("index_base %d", c.IndexBase))
	}
	if len(parts) == 0 {
		return "defaults"
	}
	return strings.Join(parts, ", ")
}

// describe names the conventions of c for game in a few words.
func describe(game string, c lisp.Config) string {
	c = c.WithDefaults()
	if game == dots.Name {
		if c.State == lisp.StateBoard {
			return "state board"
		}
		return "state board-scores"
	}
	parts := []string{"state " + string(c.State), "perspective " + string(c.Perspective),
		fmt.Sprintf("knights %d/%d", c.Knights[0], c.Knights[1]), "answer " + string(c.Answer)}
	if c.Answer == lisp.AnswerMoveAndState {
		parts = append(parts, fmt.Sprintf("index_base %d", c.IndexBase))
	}
	return strings.Join(parts, ", ")
}
