package sexp

import "strconv"

// The conventions of a course's Lisp bots: how jogar is given its estado
// and how its answer is read, as a league entry of kind lisp names them
// (bots/lisp's Config, whose README documents each). They are here, beside
// the values they shape, so that a game's Lisp form (bots/lisp's Form),
// which writes its positions and reads its bots' answers, can take them
// without importing the adapter.

// StateForm says how the estado argument of jogar is built.
type StateForm string

// The state forms. A game's Lisp form writes its board its own way.
const (
	// StateBoard is the board alone.
	StateBoard StateForm = "board"
	// StateBoardScores is (board (white-points black-points)), or the
	// game's own order of the points.
	StateBoardScores StateForm = "board-scores"
	// StateBoardPlayerScores is (board player white-points black-points),
	// player 1 (white) or 2 (black) being the side to move.
	StateBoardPlayerScores StateForm = "board-player-scores"
	// StateBoardPlayer is (board player), player 1 (white) or 2 (black)
	// being the side to move: the estado of Solitário 2's groups that
	// send who moves beside the bare board.
	StateBoardPlayer StateForm = "board-player"
)

// SideForm says how the player of an estado of the form
// board-player-scores is written.
type SideForm string

// The side forms.
const (
	// SideNumber writes the side to move as 1 (white) or 2 (black).
	SideNumber SideForm = "number"
	// SideKnight writes it as its piece's code (Conventions.Knights).
	SideKnight SideForm = "knight"
)

// Perspective says whose point of view the state is written from.
type Perspective string

// The perspectives.
const (
	// PerspectiveAbsolute sends the position as it is: white is white.
	PerspectiveAbsolute Perspective = "absolute"
	// PerspectiveWhite is for bots that always play white: a black bot is
	// shown an equivalent position in which it is white, and its answer
	// is mapped back.
	PerspectiveWhite Perspective = "white"
)

// Conventions are one bot's conventions. A game's Lisp form reads those
// that apply to its game and ignores the rest.
type Conventions struct {
	State       StateForm
	Side        SideForm
	Perspective Perspective
	// Knights are the cell codes of the white and the black piece.
	Knights [2]int
	// IndexBase is 0 when a (row col) move counts from 0, as nth does, or
	// 1 when row 1 column 1 is the first square.
	IndexBase int
}

// DefaultConventions are the conventions of a league entry that names
// none.
var DefaultConventions = Conventions{
	State:       StateBoardPlayerScores,
	Side:        SideNumber,
	Perspective: PerspectiveAbsolute,
	Knights:     [2]int{-1, -2},
}

// WithDefaults returns c with its empty fields (zero Knights included) set
// to DefaultConventions'.
func (c Conventions) WithDefaults() Conventions {
	def := DefaultConventions
	if c.State == "" {
		c.State = def.State
	}
	if c.Side == "" {
		c.Side = def.Side
	}
	if c.Perspective == "" {
		c.Perspective = def.Perspective
	}
	if c.Knights == [2]int{} {
		c.Knights = def.Knights
	}
	return c
}

// EachPerspective returns each of forms from the absolute perspective,
// then from the bot's own (white): the calls a game's probe tries
// (bots/lisp/probe's Game.LispConventions) where the course's bots write
// either.
func EachPerspective(forms ...Conventions) []Conventions {
	out := make([]Conventions, 0, 2*len(forms))
	for _, c := range forms {
		for _, p := range []Perspective{PerspectiveAbsolute, PerspectiveWhite} {
			c.Perspective = p
			out = append(out, c)
		}
	}
	return out
}

// Setting is one convention of a bot as a league entry writes it: its key
// (state, side, perspective, knights, index_base), its value, and whether
// that is the value the adapter uses when the entry names none.
type Setting struct {
	Key, Value string
	Default    bool
}

// Settings returns the conventions of c named by keys (state, side,
// perspective, knights, index_base), in that order, as a league entry
// writes them, each Default when it is DefaultConventions': what a game's
// LispSettings lists of the conventions it reads. A key not among those
// is a mistake of the game's code, and panics.
func (c Conventions) Settings(keys ...string) []Setting {
	def := DefaultConventions
	out := make([]Setting, len(keys))
	for i, k := range keys {
		s := Setting{Key: k}
		switch k {
		case "state":
			s.Value, s.Default = string(c.State), c.State == def.State
		case "side":
			s.Value, s.Default = string(c.Side), c.Side == def.Side
		case "perspective":
			s.Value, s.Default = string(c.Perspective), c.Perspective == def.Perspective
		case "knights":
			s.Value, s.Default = strconv.Itoa(c.Knights[0])+"/"+strconv.Itoa(c.Knights[1]), c.Knights == def.Knights
		case "index_base":
			s.Value, s.Default = strconv.Itoa(c.IndexBase), c.IndexBase == def.IndexBase
		default:
			panic("sexp: no convention " + k)
		}
		out[i] = s
	}
	return out
}
