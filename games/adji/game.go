package adji

import (
	"github.com/arenabots/arena/referee"
)

// Name is the game's name in configs and on the wire.
const Name = "adji"

// DefaultMaxPlies is the move cap of a game whose options name none.
const DefaultMaxPlies = 300

// MaxMaxPlies bounds max_plies, so that every game ends within the plies
// referee/gametest allows.
const MaxMaxPlies = 10_000

// Game is the rules of Adji-boto with a league's options. The zero value is
// the default game: the origin skipped, player 1 on row 0, DefaultMaxPlies,
// no opening plies.
type Game struct {
	// SowOrigin drops seeds in the emptied origin hole too when a sowing
	// goes round (skip_origin 0).
	SowOrigin bool
	// FirstRow is the row player 1 owns: 0 (the top row) or 1.
	FirstRow int
	// MaxPlies is the move cap (0: DefaultMaxPlies).
	MaxPlies int
	// OpeningPlies is the number of random plies New plays from the start.
	OpeningPlies int
}

// Name returns "adji".
func (Game) Name() string { return Name }

// maxPlies returns the move cap, the default applied (and, for a Game
// built by hand, bounded to 1..MaxMaxPlies as Configure bounds it).
func (g Game) maxPlies() int {
	if g.MaxPlies <= 0 {
		return DefaultMaxPlies
	}
	return min(g.MaxPlies, MaxMaxPlies)
}

// Configure returns the game with a league's game_options: skip_origin (1,
// the default, or 0), first_row (0, the default, or 1), max_plies (1 to
// MaxMaxPlies, default DefaultMaxPlies) and opening_plies (0, the default,
// to max_plies-1). The Game it returns spells MaxPlies out, so that the
// same rules give the same Game, the one Position.Game returns.
func Configure(options map[string]int) (referee.Game, error) {
	var g Game
	skip := 1
	err := referee.ReadOptions(Name, options, "{skip_origin: 1, max_plies: 300}",
		referee.Option{Key: "skip_origin", Min: 0, Max: 1, Want: "1 (skip the emptied hole, the default) or 0 (sow into it)", Set: func(v int) { skip = v }},
		referee.Option{Key: "first_row", Min: 0, Max: 1, Want: "0 (player 1 owns the top row, the default) or 1", Set: func(v int) { g.FirstRow = v }},
		referee.MaxPliesOption(&g.MaxPlies, DefaultMaxPlies, MaxMaxPlies),
		referee.OpeningPliesOption(&g.OpeningPlies, 0))
	if err != nil {
		return nil, err
	}
	g.SowOrigin = skip == 0
	g.MaxPlies = g.maxPlies() // one Game per set of rules, however written
	if err := referee.CheckOpening(g.OpeningPlies, g.MaxPlies); err != nil {
		return nil, err
	}
	return g, nil
}

// Options returns the game_options in force, defaults applied, so that a
// league's resolved config shows the rules it plays.
func (g Game) Options() map[string]int {
	skip := 1
	if g.SowOrigin {
		skip = 0
	}
	return map[string]int{
		"skip_origin":   skip,
		"first_row":     g.FirstRow,
		"max_plies":     g.maxPlies(),
		"opening_plies": g.OpeningPlies,
	}
}

// start returns the fixed start under g's rules: 8 seeds in every hole,
// White to move, the whole move cap left.
func (g Game) start() Position {
	p := Position{
		toMove:   referee.White,
		skip:     !g.SowOrigin,
		first:    uint8(g.FirstRow & 1),
		left:     int16(g.maxPlies()),
		maxPlies: int16(g.maxPlies()),
	}
	for h := range p.holes {
		p.holes[h] = startSeeds
	}
	return p
}

// New returns the initial state of seed: the fixed start, then
// OpeningPlies plies drawn by a SplitMix64 stream started at seed, each a
// uniform choice among the legal moves (a pass when it is the only one).
// The opening stops short if the game ends. Its plies count toward the
// move cap, but Ply stays 0: the game's record starts after them. The draw
// is frozen: the same seed gives the same opening everywhere.
func (g Game) New(seed uint64) referee.State {
	p := g.start()
	p.open(g.OpeningPlies, seed)
	return &p
}

// open plays k random plies from seed's stream (see Game.New).
func (p *Position) open(k int, seed uint64) {
	r := referee.SplitMix64{State: seed}
	var buf [Cols]referee.Move
	for range k {
		moves := p.Moves(buf[:0])
		if len(moves) == 0 {
			break
		}
		p.Play(moves[r.Below(uint64(len(moves)))])
	}
	p.ply = 0
}

// Decode reads a position file; what the file leaves out of the rules
// (plies_left, skip_origin, first_row) is g's.
func (g Game) Decode(data []byte) (referee.State, error) { return referee.DecodeState(g.decode, data) }
