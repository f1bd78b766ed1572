package solitario

import (
	"github.com/arenabots/arena/referee"
)

// Name is the game's name in configs and on the wire.
const Name = "solitario"

// Limits and defaults of the game's options.
const (
	DefaultMaxPlies = 200  // the move cap of the rules
	MaxMaxPlies     = 1000 // the largest move cap a league may set
)

// Game is the rules of Solitário 2 with a move cap of MaxPlies plies (0:
// DefaultMaxPlies), whose initial state has OpeningPlies random plies
// played from the start (see New).
type Game struct {
	MaxPlies     int
	OpeningPlies int
}

// Name returns "solitario".
func (Game) Name() string { return Name }

// maxPlies returns the move cap, the default applied.
func (g Game) maxPlies() int {
	if g.MaxPlies == 0 {
		return DefaultMaxPlies
	}
	return g.MaxPlies
}

// Configure returns the game with a league's game_options: max_plies (the
// move cap, DefaultMaxPlies when left out, 1..MaxMaxPlies) and
// opening_plies (random plies from the start, 0 when left out, fewer than
// max_plies). Its errors name the key at fault and the fix.
func Configure(options map[string]int) (referee.Game, error) {
	var g Game
	err := referee.ReadOptions(Name, options, "{max_plies: 200, opening_plies: 4}",
		referee.MaxPliesOption(&g.MaxPlies, DefaultMaxPlies, MaxMaxPlies),
		referee.OpeningPliesOption(&g.OpeningPlies, 0))
	if err != nil {
		return nil, err
	}
	if err := referee.CheckOpening(g.OpeningPlies, g.maxPlies()); err != nil {
		return nil, err
	}
	return g, nil
}

// Options returns the game_options in force, defaults applied, so that a
// league's resolved config shows the game it plays.
func (g Game) Options() map[string]int {
	return map[string]int{"max_plies": g.maxPlies(), "opening_plies": g.OpeningPlies}
}

// New returns the initial state of seed: the start of the game, then
// OpeningPlies plies drawn by a SplitMix64 stream started at seed
// (referee.SplitMix64), each a uniform choice (SplitMix64.Below) among
// the legal moves, in Moves order, that leave the game going on (no
// opening ends it: a win, a blocked board or the cap). When no such move
// is left, the opening stops short. The opening plies count against the
// move cap (GamePly) but not in Ply, which starts at 0. The draw is
// frozen: the same seed gives the same opening everywhere.
func (g Game) New(seed uint64) referee.State {
	p := New(g.maxPlies())
	p.open(g.OpeningPlies, seed)
	return &p
}

// open plays k opening plies drawn from seed's stream (see Game.New and
// referee.PlayOpening).
func (p *Position) open(k int, seed uint64) {
	referee.PlayOpening(p, k, seed)
	p.start = p.ply
}

// Decode reads a position file.
func (Game) Decode(data []byte) (referee.State, error) { return referee.DecodeState(Decode, data) }
