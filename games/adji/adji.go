package adji

import "github.com/arenabots/arena/referee"

// Holes is the number of holes on the board: two rows of Cols.
const Holes = 12

// Cols is the number of holes in a row.
const Cols = 6

// Seeds is the number of seeds in play: 8 in each hole at the start.
const Seeds = 96

// startSeeds is the count of every hole at the start.
const startSeeds = 8

// ring lists the holes in sowing order, counter-clockwise from (0 5): row
// 0 toward column 0, then row 1 toward column 5. A hole is indexed
// row*Cols + col. The order is its own inverse: ring[h] is also the place
// of hole h in it.
var ring = [Holes]uint8{5, 4, 3, 2, 1, 0, 6, 7, 8, 9, 10, 11}

// Position is a position of Adji-boto: the seeds in each hole, the seeds
// each side captured, the side to move, the plies left before the move cap
// and the rules it is played under (skip_origin, first_row).
//
// Position is a small value with no pointers: copying it keeps a position,
// and Moves and Play allocate nothing, so perft and searches run on it
// directly. Hole row r, column c is index r*Cols + c; a Move is the index
// of the hole sown, or referee.Pass.
type Position struct {
	holes    [Holes]uint8
	score    [2]uint8
	toMove   referee.Side
	skip     bool  // skip the origin hole when sowing 12 or more seeds
	first    uint8 // the row of player 1 (White)
	left     int16 // plies left before the move cap ends the game
	maxPlies int16 // the move cap of the game, for Game
	ply      int32
}

// Start returns the start of the default game: 8 seeds in every hole,
// White to move, skip_origin on, player 1 on row 0, DefaultMaxPlies plies
// left.
func Start() Position { return Game{}.start() }

// Hole returns the seeds in the hole of row and col, 0-based.
func (p *Position) Hole(row, col int) int { return int(p.holes[row*Cols+col]) }

// Row returns the row side sows from: 0 or 1.
func (p *Position) Row(side referee.Side) int {
	if side == referee.White {
		return int(p.first)
	}
	return 1 - int(p.first)
}

// PliesLeft returns the plies left before the move cap ends the game.
func (p *Position) PliesLeft() int { return int(p.left) }

// Game returns the rules p is played under (with no opening plies: a
// position is past its opening).
func (p *Position) Game() referee.Game {
	return Game{SowOrigin: !p.skip, FirstRow: int(p.first), MaxPlies: int(p.maxPlies)}
}

// ToMove returns the side whose turn it is.
func (p *Position) ToMove() referee.Side { return p.toMove }

// Scores returns the seeds captured by White and Black.
func (p *Position) Scores() [2]int { return [2]int{int(p.score[0]), int(p.score[1])} }

// Ply returns the number of moves played since the position was created
// (opening plies not counted) or decoded.
func (p *Position) Ply() int { return int(p.ply) }

// SetPly sets the number of moves p counts as played, for adapters that
// rebuild a position whose move number travels beside it. The plies left
// before the cap do not change.
func (p *Position) SetPly(n int) { p.ply = int32(n) }

// Clone returns a copy of p.
func (p *Position) Clone() referee.State { q := *p; return &q }

// rowEmpty reports whether row r holds no seed.
func (p *Position) rowEmpty(r int) bool {
	h := p.holes[r*Cols : r*Cols+Cols]
	return h[0]|h[1]|h[2]|h[3]|h[4]|h[5] == 0
}

// over reports whether the game has ended: the board is empty, the move
// cap is reached, or the side to move would pass on the last ply.
func (p *Position) over() bool {
	return int(p.score[0])+int(p.score[1]) == Seeds || p.left <= 0 ||
		p.left == 1 && p.rowEmpty(p.Row(p.toMove))
}

// Terminal reports whether the game is over (see over).
func (p *Position) Terminal() bool { return p.over() }

// Moves appends the non-empty holes of the mover's row to buf, column 0
// first; exactly [referee.Pass] when that row is empty; none once the game
// is over.
func (p *Position) Moves(buf []referee.Move) []referee.Move {
	if p.over() {
		return buf
	}
	base := p.Row(p.toMove) * Cols
	n := len(buf)
	for h := base; h < base+Cols; h++ {
		if p.holes[h] != 0 {
			buf = append(buf, referee.Move(h))
		}
	}
	if len(buf) == n {
		buf = append(buf, referee.Pass)
	}
	return buf
}

// Play applies m, a move from Moves: a pass hands the turn over; a hole is
// sown and the last hole captured when the rules say so.
func (p *Position) Play(m referee.Move) {
	p.ply++
	p.left--
	side := p.toMove
	p.toMove = side.Other()
	if m == referee.Pass {
		return
	}
	last := p.sow(int(m))
	if int(last)/Cols != p.Row(side) {
		if n := p.holes[last]; n == 1 || n == 3 || n == 5 {
			p.score[side.Index()] += n
			p.holes[last] = 0
		}
	}
}

// sow empties hole h, a non-empty one, into the holes after it in sowing
// order (the origin skipped when p.skip), and returns the hole of the last
// seed. The laps are counted, not walked: each of the L holes sown gets
// n/L seeds, and the first n%L of them one more.
func (p *Position) sow(h int) uint8 {
	n := int(p.holes[h])
	p.holes[h] = 0
	laps := Holes
	if p.skip {
		laps = Holes - 1
	}
	q, r := uint8(n/laps), n%laps
	origin := int(ring[h])
	for i := 1; i <= laps; i++ {
		add := q
		if i <= r {
			add++
		}
		p.holes[ring[(origin+i)%Holes]] += add
	}
	return ring[(origin+1+(n-1)%laps)%Holes]
}

// Perft counts the sequences of exactly depth plies from p (referee.Perft).
func (p *Position) Perft(depth int) uint64 { return referee.Perft(p, depth) }
