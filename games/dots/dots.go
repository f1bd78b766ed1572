package dots

import (
	"math/bits"
	"slices"

	"github.com/arenabots/arena/referee"
)

// Size limits and defaults of the board, in boxes.
const (
	MinSize     = 2
	MaxSize     = 10
	DefaultRows = 5
	DefaultCols = 6
)

// maxArcs is the number of arcs of the largest board: 11 rows of 10
// horizontal arcs and 11 columns of 10 vertical ones.
const maxArcs = 2 * (MaxSize + 1) * MaxSize

// arcSet is a set of arcs, indexed as in Position.
type arcSet [(maxArcs + 63) / 64]uint64

func (s *arcSet) has(a int) bool { return s[a>>6]&(1<<(a&63)) != 0 }
func (s *arcSet) add(a int)      { s[a>>6] |= 1 << (a & 63) }

// boxSet is a set of boxes, indexed row by row.
type boxSet [(MaxSize*MaxSize + 63) / 64]uint64

func (s *boxSet) has(b int) bool { return s[b>>6]&(1<<(b&63)) != 0 }
func (s *boxSet) add(b int)      { s[b>>6] |= 1 << (b & 63) }
func (s *boxSet) remove(b int)   { s[b>>6] &^= 1 << (b & 63) }

// Position is a position of Dots and Boxes: the board's size, the arcs drawn
// and by whom, the owner of each closed box when known, the scores and the
// side to move.
//
// Arcs are indexed horizontal first: arc i*cols+j joins dot (row i, column
// j) to (row i, column j+1), 0-based from the top left; then vertical: arc
// H + j*rows + i, with H = (rows+1)*cols, joins dot (row i, column j) to
// (row i+1, column j). These are horizontal[i][j] and vertical[j][i] of the
// position file. A Move is an arc's index.
type Position struct {
	drawn  arcSet    // the arcs drawn
	byTwo  arcSet    // the arcs drawn by player 2 (Black)
	owner  [2]boxSet // the closed boxes known to be White's and Black's
	rows   uint8
	cols   uint8
	toMove referee.Side
	score  [2]int16
	ply    int32
	geo    *geometry // shared by the positions of the board's size
}

// New returns the empty board of rows×cols boxes, White to move. The size
// must be within MinSize..MaxSize (Game.New and Decode check it).
func New(rows, cols int) Position {
	return Position{rows: uint8(rows), cols: uint8(cols), toMove: referee.White, geo: geometryOf(rows, cols)}
}

// Rows returns the number of rows of boxes.
func (p *Position) Rows() int { return int(p.rows) }

// Cols returns the number of columns of boxes.
func (p *Position) Cols() int { return int(p.cols) }

// Arcs returns the number of arcs of the board.
func (p *Position) Arcs() int { return arcs(int(p.rows), int(p.cols)) }

func arcs(rows, cols int) int { return (rows+1)*cols + (cols+1)*rows }

// horizontals returns the number of horizontal arcs, the index of the first
// vertical one.
func (p *Position) horizontals() int { return (int(p.rows) + 1) * int(p.cols) }

// hArc and vArc return the index of horizontal[i][j] and vertical[j][i].
func (p *Position) hArc(i, j int) int { return i*int(p.cols) + j }
func (p *Position) vArc(j, i int) int { return p.horizontals() + j*int(p.rows) + i }

// Drawn reports whether arc a is drawn, and by whom (0 when it is not).
func (p *Position) Drawn(a int) referee.Side {
	switch {
	case !p.drawn.has(a):
		return 0
	case p.byTwo.has(a):
		return referee.Black
	}
	return referee.White
}

// Game returns the rules of a board of p's size (with no opening arcs: a
// position is past its opening).
func (p *Position) Game() referee.Game { return Game{Rows: int(p.rows), Cols: int(p.cols)} }

// ToMove returns the side whose turn it is.
func (p *Position) ToMove() referee.Side { return p.toMove }

// Scores returns the boxes of White and Black.
func (p *Position) Scores() [2]int { return [2]int{int(p.score[0]), int(p.score[1])} }

// Ply returns the number of arcs drawn since the position was created or
// decoded.
func (p *Position) Ply() int { return int(p.ply) }

// SetPly sets the number of moves p counts as played, for adapters that
// rebuild a position whose move number travels beside it.
func (p *Position) SetPly(n int) { p.ply = int32(n) }

// Clone returns a copy of p.
func (p *Position) Clone() referee.State { q := *p; return &q }

// CopyFrom makes p a copy of src, a *Position, without allocating: how a
// search (bots/search's Position) reuses its positions.
func (p *Position) CopyFrom(src referee.State) { *p = *src.(*Position) }

// Moves appends every empty arc to buf, in index order; none when the game
// is over. There is no pass in Dots and Boxes.
func (p *Position) Moves(buf []referee.Move) []referee.Move {
	n := p.Arcs()
	k := len(buf)
	buf = slices.Grow(buf, n)
	out, i := buf[k:k+n], 0
	for w, word := range p.drawn {
		base := w * 64
		if base >= n {
			break
		}
		free := ^word
		if rest := n - base; rest < 64 {
			free &= 1<<rest - 1
		}
		for ; free != 0; free &= free - 1 {
			out[i] = referee.Move(base + bits.TrailingZeros64(free))
			i++
		}
	}
	return buf[:k+i]
}

// IsLegal reports whether m is one of p's Moves: an empty arc of the board
// (bots/search's MoveChecker).
func (p *Position) IsLegal(m referee.Move) bool {
	return int64(m) < int64(p.Arcs()) && !p.drawn.has(int(m))
}

// Play draws arc m, which must be empty. The boxes it closes score for the
// side to move, which then moves again; an arc that closes none passes the
// turn.
func (p *Position) Play(m referee.Move) { p.play(int(m)) }

// play draws the empty arc a as Play does and returns how many boxes it
// closed, for unplay.
func (p *Position) play(a int) int16 {
	p.ply++
	p.drawn.add(a)
	side := p.toMove
	// Black's arcs join byTwo without a branch, which perft and the search
	// could not predict.
	p.byTwo[a>>6] |= uint64(side>>1) << (a & 63)
	g := p.geo
	x := &g.arcSlot[a]
	closed := int16(0)
	if g.closed(&p.drawn, int(x[0])) {
		p.owner[side.Index()].add(int(x[0]))
		closed++
	}
	if g.closed(&p.drawn, int(x[1])) {
		p.owner[side.Index()].add(int(x[1]))
		closed++
	}
	if closed == 0 {
		p.toMove = side.Other()
		return 0
	}
	p.score[side.Index()] += closed
	return closed
}

// unplay takes back play(a), which closed closed boxes and was played by
// side: p is again the position before it.
func (p *Position) unplay(a int, side referee.Side, closed int16) {
	p.ply--
	p.toMove = side
	if closed != 0 {
		// The boxes beside a that are closed now were closed by a.
		for _, b := range p.geo.arcBox[a] {
			if b >= 0 && p.geo.closed(&p.drawn, int(b)) {
				p.owner[side.Index()].remove(int(b))
			}
		}
		p.score[side.Index()] -= closed
	}
	bit := uint64(1) << (a & 63)
	p.drawn[a>>6] &^= bit
	p.byTwo[a>>6] &^= bit
}

// beside returns the boxes on either side of arc a, -1 where the arc is on
// the edge.
func (p *Position) beside(a int) [2]int {
	b := p.geo.arcBox[a]
	return [2]int{int(b[0]), int(b[1])}
}

// boxArcs returns the four arcs of box b: top, bottom, left, right.
func (p *Position) boxArcs(b int) [4]int {
	a := p.geo.boxArc[b]
	return [4]int{int(a[0]), int(a[1]), int(a[2]), int(a[3])}
}

// sides returns the number of drawn sides of box b.
func (p *Position) sides(b int) int {
	n := 0
	for _, a := range p.geo.boxArc[b] {
		if p.drawn.has(int(a)) {
			n++
		}
	}
	return n
}

// Sides returns the number of drawn sides of the box in row r and column
// c, 0-based.
func (p *Position) Sides(r, c int) int { return p.sides(r*int(p.cols) + c) }

// Terminal reports whether every arc is drawn.
func (p *Position) Terminal() bool { return p.drawnCount() == p.Arcs() }

// drawnCount returns the number of arcs drawn (the words past the board's
// arcs hold none).
func (p *Position) drawnCount() int {
	d := &p.drawn
	return bits.OnesCount64(d[0]) + bits.OnesCount64(d[1]) + bits.OnesCount64(d[2]) + bits.OnesCount64(d[3])
}

// Perft counts the sequences of exactly depth arcs from p, as
// referee.Perft does, with the last arc of each counted without playing it:
// every empty arc is a move. It plays and takes back the arcs on a copy of
// p, which it leaves as it was.
func (p *Position) Perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	q := *p
	return q.perft(depth)
}

// perft is Perft at depth > 0, playing each arc on p and taking it back.
func (p *Position) perft(depth int) uint64 {
	n := p.geo.arcs
	if depth == 1 {
		return uint64(n - p.drawnCount())
	}
	var total uint64
	for w := range p.geo.words {
		free := ^p.drawn[w]
		if rest := n - w*64; rest < 64 {
			free &= 1<<rest - 1
		}
		for ; free != 0; free &= free - 1 {
			a := w*64 + bits.TrailingZeros64(free)
			side := p.toMove
			closed := p.play(a)
			total += p.perft(depth - 1)
			p.unplay(a, side, closed)
		}
	}
	return total
}
