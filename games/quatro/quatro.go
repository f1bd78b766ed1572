package quatro

import (
	"github.com/arenabots/arena/referee"
)

// Name is the game's name in configs and on the wire.
const Name = "quatro"

// MaxOpeningPlies is the most opening plies a league may ask for: after
// 12 plies the players still have 4 cells and 4 pieces to choose from.
const MaxOpeningPlies = 12

// Game is the rules of Jogo do Quatro, whose initial state has
// OpeningPlies pieces placed at random from the board's seed (see New).
type Game struct {
	OpeningPlies int
}

// Name returns "quatro".
func (Game) Name() string { return Name }

// Configure returns the game with a league's game_options: opening_plies,
// 0 (the default) to MaxOpeningPlies random plies played from the empty
// board before each game, so that a league's rounds start from different
// positions.
func Configure(options map[string]int) (referee.Game, error) {
	var g Game
	err := referee.ReadOptions(Name, options, "{opening_plies: 4}", referee.OpeningPliesOption(&g.OpeningPlies, MaxOpeningPlies))
	if err != nil {
		return nil, err
	}
	return g, nil
}

// Options returns the game_options in force: opening_plies, so that a
// league's resolved config shows the opening it plays.
func (g Game) Options() map[string]int {
	return map[string]int{"opening_plies": g.OpeningPlies}
}

// New returns the initial state of seed: the empty board with White to
// move, then OpeningPlies plies drawn by a SplitMix64 stream started at
// seed, each a uniform choice among the legal moves that do not end the
// game (that complete no line and do not fill the board). The opening
// plies are plies of the game, White's and Black's in turn: after an odd
// number, Black moves first. Ply() counts from the position after them
// (it is 0 in the initial state, as referee.State requires). When every
// move would end the game, the opening stops short. Like every use of
// SplitMix64, the draw is frozen: the same seed gives the same opening
// everywhere.
func (g Game) New(seed uint64) referee.State {
	p := New()
	p.open(g.OpeningPlies, seed)
	return &p
}

// open plays k opening plies drawn from seed's stream (see Game.New and
// referee.PlayOpening).
func (q *Position) open(k int, seed uint64) {
	referee.PlayOpening(q, k, seed)
	q.ply = 0
}

// Decode reads a position file.
func (Game) Decode(data []byte) (referee.State, error) { return referee.DecodeState(Decode, data) }
