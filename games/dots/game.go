package dots

import (
	"fmt"
	"math"

	"github.com/arenabots/arena/referee"
)

// Name is the game's name in configs and on the wire.
const Name = "dots"

// Game is the rules of Dots and Boxes on a board of Rows×Cols boxes (0:
// the default, DefaultRows×DefaultCols), whose initial state has
// OpeningArcs arcs drawn at random (see New).
type Game struct {
	Rows, Cols  int
	OpeningArcs int
}

// Name returns "dots".
func (Game) Name() string { return Name }

// size returns the board's size, defaults applied.
func (g Game) size() (rows, cols int) {
	rows, cols = g.Rows, g.Cols
	if rows == 0 {
		rows = DefaultRows
	}
	if cols == 0 {
		cols = DefaultCols
	}
	return rows, cols
}

// Configure returns the game with a league's game_options: rows and cols
// (the board in boxes, DefaultRows×DefaultCols when left out,
// MinSize..MaxSize each) and opening_arcs (0, the default, or more: see
// New).
func Configure(options map[string]int) (referee.Game, error) {
	var g Game
	boxes := fmt.Sprintf("%d to %d boxes", MinSize, MaxSize)
	err := referee.ReadOptions(Name, options, "{rows: 5, cols: 6, opening_arcs: 6}",
		referee.Option{Key: "rows", Min: MinSize, Max: MaxSize, Want: boxes, Set: func(v int) { g.Rows = v }},
		referee.Option{Key: "cols", Min: MinSize, Max: MaxSize, Want: boxes, Set: func(v int) { g.Cols = v }},
		referee.Option{Key: "opening_arcs", Min: 0, Max: math.MaxInt, Want: "0 or more arcs drawn from each round's seed before the first move", Set: func(v int) { g.OpeningArcs = v }})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// Options returns the game_options in force: rows and cols, defaults
// applied, so that a league's resolved config shows the board it plays,
// and opening_arcs when there are any.
func (g Game) Options() map[string]int {
	rows, cols := g.size()
	o := map[string]int{"rows": rows, "cols": cols}
	if g.OpeningArcs > 0 {
		o["opening_arcs"] = g.OpeningArcs
	}
	return o
}

// OpeningOption returns the option that varies each round's start, as a
// league file sets it (referee.Opener).
func (Game) OpeningOption() string { return "opening_arcs: 6" }

func checkSize(rows, cols int) error {
	if rows < MinSize || rows > MaxSize || cols < MinSize || cols > MaxSize {
		return fmt.Errorf("board of %dx%d boxes: want rows and cols from %d to %d", rows, cols, MinSize, MaxSize)
	}
	return nil
}

// New returns the initial state of seed: the empty board with White to
// move, then OpeningArcs arcs drawn by a SplitMix64 stream started at seed,
// each a uniform choice among the empty arcs that would leave every box
// with at most two sides (so an opening closes no box and offers none).
// The arcs count as drawn by White and Black in turn; the ply stays 0.
// When no such arc is left, the opening stops short. Like Cavalo's board,
// the draw is frozen: the same seed gives the same opening everywhere.
func (g Game) New(seed uint64) referee.State {
	p := New(g.size())
	p.open(g.OpeningArcs, seed)
	return &p
}

// open draws k opening arcs from seed's stream (see Game.New).
func (p *Position) open(k int, seed uint64) {
	r := referee.SplitMix64{State: seed}
	var safe [maxArcs]int
	for n := range k {
		m := 0
		for a := range p.Arcs() {
			if !p.drawn.has(a) && p.safe(a) {
				safe[m] = a
				m++
			}
		}
		if m == 0 {
			return
		}
		a := safe[r.Below(uint64(m))]
		p.drawn.add(a)
		if n%2 == 1 {
			p.byTwo.add(a)
		}
	}
}

// safe reports whether drawing the empty arc a leaves both boxes beside it
// with at most two sides.
func (p *Position) safe(a int) bool {
	for _, b := range p.beside(a) {
		if b >= 0 && p.sides(b) >= 2 {
			return false
		}
	}
	return true
}

// Decode reads a position file of any size.
func (Game) Decode(data []byte) (referee.State, error) { return referee.DecodeState(Decode, data) }
