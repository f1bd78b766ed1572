package referee

import (
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// Side is one of the two players. The zero value is not a side.
type Side uint8

// The two sides. White moves first.
const (
	White Side = 1
	Black Side = 2
)

// Other returns the opponent of s.
func (s Side) Other() Side { return 3 - s }

// Index returns 0 for White and 1 for Black, for indexing [2] arrays.
func (s Side) Index() int { return int(s) - 1 }

// String returns "white" or "black".
func (s Side) String() string {
	switch s {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return fmt.Sprintf("Side(%d)", uint8(s))
}

// Move is a move in a game's own compact encoding. Only the Game that made a
// Move knows what its bits mean; Pass is the same for every game.
type Move uint32

// Pass is the move of a player that has no legal move while its opponent has.
const Pass Move = 1<<32 - 1

// Game is the rules of one two-player, turn-based game, registered by name in
// the table of package games. Implementations must be deterministic: the same seed always gives the
// same initial state, on every machine and in every version.
type Game interface {
	// Name is the game's identifier in configs and on the wire, e.g. "cavalo".
	Name() string
	// New returns the initial state of the board generated from seed.
	New(seed uint64) State
	// Decode reads a position file (the game's JSON form) into a state.
	Decode(data []byte) (State, error)
	// Samples returns the positions a bot is checked on before it joins a
	// league (arena bot check), from the board of seed: positions where
	// the side to move has a real choice, each named for people.
	Samples(seed uint64) ([]Sample, error)
}

// Sample is a named position of a game, for checking a bot.
type Sample struct {
	Name  string
	State State
}

// State is one position of a game. It is mutable: Play changes it in place,
// and Clone makes an independent copy. Methods other than Play must not
// change the state.
type State interface {
	// Game returns the rules this state follows.
	Game() Game
	// ToMove returns the side whose turn it is.
	ToMove() Side
	// Moves appends the legal moves of the side to move to buf and returns
	// it. It returns exactly [Pass] when that side must pass, and no moves
	// when the game is over.
	Moves(buf []Move) []Move
	// Play applies m, which must be one of Moves; other moves leave the
	// state undefined (use Legal first for untrusted input).
	Play(m Move)
	// Terminal reports whether neither side has a legal move.
	Terminal() bool
	// Scores returns the points of White and Black, in that order.
	Scores() [2]int
	// Ply returns the number of moves played since the initial state
	// (passes included).
	Ply() int
	// Clone returns an independent copy.
	Clone() State
	// ParseMove reads a move written in the game's notation. It checks the
	// syntax only; use Legal to check the move against the state.
	ParseMove(text string) (Move, error)
	// FormatMove writes m in the game's notation; ParseMove(FormatMove(m))
	// returns m.
	FormatMove(m Move) string
	// Encode writes the state as a position file (the game's JSON form).
	Encode() ([]byte, error)
	// String draws the board for people.
	String() string
}

// Completer is implemented by states whose notation lets a bot leave a
// choice to the rules' default (Cavalo: the double removed). The referee
// completes a bot's move before judging it.
type Completer interface {
	Complete(m Move) Move
}

// Explainer is implemented by states that can say which rule an illegal
// move breaks. The judge adds it to every illegal-move verdict (Judge), so
// that a verdict reads "E6 is attacked by the black knight on D4", not
// only "E6 is not a legal move".
type Explainer interface {
	// WhyIllegal says which rule m breaks in the state, as one phrase
	// without a final stop; m is a move of the state's encoding, parsed
	// and completed, that is not among its Moves.
	WhyIllegal(m Move) string
}

// Legal reports whether m is one of the legal moves of s.
func Legal(s State, m Move) bool {
	var buf [MaxMoves]Move
	for _, x := range s.Moves(buf[:0]) {
		if x == m {
			return true
		}
	}
	return false
}

// Decider is implemented by states whose points do not decide the game:
// a rule of the game names the winner (Solitário 2: a peg on the
// opponent's start holes) and a game that ends otherwise is a draw, its
// points breaking ties in the standings only (the score difference).
type Decider interface {
	// Winner returns the side that has won, or 0 when no side has: a draw
	// once the game is over.
	Winner() Side
}

// Outcome returns the side that wins st, a finished game, or 0 for a draw:
// its Winner when st is a Decider, else the side with more points.
func Outcome(st State) Side {
	if d, ok := st.(Decider); ok {
		return d.Winner()
	}
	return Winner(st.Scores())
}

// Winner returns the side with more points, or 0 for a draw.
func Winner(scores [2]int) Side {
	switch {
	case scores[0] > scores[1]:
		return White
	case scores[1] > scores[0]:
		return Black
	}
	return 0
}

// Drawer is implemented by states that draw themselves for the web page and
// the HTML report, so that no page holds a copy of a game's rules.
//
// SVG returns the board as one standalone <svg> element. Every place a
// person can click to play a move (a square, an arc) carries a
// data-target attribute, unique in the drawing; Target names the place
// that plays a legal move, so a page can offer a person the legal moves
// of each place without knowing the rules. The drawing carries its looks
// (a <style> of its own, selectors scoped to its game's class), and says
// data-legend="sides" on the <svg> when it colours each side's marks, so
// that the page shows a legend; the page adds the class "playable" to the
// places of legal moves and "last" to the last move's.
type Drawer interface {
	SVG() string
	// Target returns the data-target of the place clicked to play m, a
	// legal move of the state; "" when no place plays it (a pass).
	Target(m Move) string
}

// Lander is implemented by drawers whose move, once played, shows at
// another place than the one clicked to play it (a Solitário 2 peg is
// played from a marker of its move, gone once it moved): Landing returns
// the data-target of the place that shows m, a legal move of the state,
// in the drawing of the state after m.
type Lander interface {
	Landing(m Move) string
}

// Chooser is implemented by drawers where one place plays several moves,
// each picked by a second place of the drawing (a Jogo do Quatro cell,
// then a piece of the reserve): Choice returns the data-target of the
// place that picks m, a legal move of the state, among the moves of its
// Target.
type Chooser interface {
	Choice(m Move) string
}

// LastTarget returns the data-target of the place of d's drawing after m,
// a legal move of the state d draws, that shows m played: its Landing
// where d is a Lander, else its Target.
func LastTarget(d Drawer, m Move) string {
	if l, ok := d.(Lander); ok {
		return l.Landing(m)
	}
	return d.Target(m)
}

// Claimed returns other, a state a bot claimed, as a position of type *T,
// the type of the game whose Diff compares it; when it is none, why, as
// Diff says it: "no claimed state" or "claimed state is a NAME position".
func Claimed[T any, P interface {
	*T
	State
}](other State) (P, string) {
	o, ok := other.(P)
	switch {
	case other == nil || ok && o == nil:
		return nil, "no claimed state"
	case !ok:
		return nil, fmt.Sprintf("claimed state is a %s position", other.Game().Name())
	}
	return o, ""
}

// Differences is what a game's Diff returns of the differences d between
// its position and a claimed one: the first five, joined, and how many
// more; "" when there are none.
func Differences(d []string) string {
	if len(d) > 5 {
		d = append(d[:5], fmt.Sprintf("and %d more", len(d)-5))
	}
	return strings.Join(d, "; ")
}

// ScoresDiffer returns the difference of claimed scores from the
// referee's, "" when they are equal.
func ScoresDiffer(want, claimed [2]int) string {
	if want == claimed {
		return ""
	}
	return fmt.Sprintf("scores are %d-%d, claimed %d-%d", want[0], want[1], claimed[0], claimed[1])
}

// SampleFile is a position file of a game's Samples and the name its
// position goes by.
type SampleFile struct{ File, Name string }

// ReadSamples appends to out the positions of files, each read from fsys (a
// game's embedded checkdata) and decoded by decode: the fixed positions of
// a game's Samples. Its errors name the file.
func ReadSamples(out []Sample, fsys fs.FS, decode func([]byte) (State, error), files ...SampleFile) ([]Sample, error) {
	for _, f := range files {
		data, err := fs.ReadFile(fsys, f.File)
		if err != nil {
			return nil, err
		}
		st, err := decode(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path.Base(f.File), err)
		}
		out = append(out, Sample{Name: f.Name, State: st})
	}
	return out, nil
}
