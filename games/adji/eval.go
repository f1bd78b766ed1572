package adji

import "github.com/arenabots/arena/referee"

// Evaluator is the evaluation of Adji-boto for a game-tree search
// (bots/search's Evaluator, made by Game.SearchEvaluator). A position is
// worth, for the side to move, in referee.Unit per seed:
//
//   - the difference of the seeds captured;
//   - OwnWeight/64 of the difference of the seeds on each side's row (the
//     seeds a side still sows from, and that the opponent cannot take while
//     they stay there);
//   - ThreatWeight/64 of the biggest capture the side to move can make now,
//     less ThreatWeight/128 of the biggest the opponent could make (it is
//     not its turn, and a move may still spoil it).
//
// A finished game is worth its outcome, with exact set. It keeps no state:
// its methods allocate nothing and depend on their arguments alone.
type Evaluator struct {
	// OwnWeight is the weight, in 64ths of a seed captured, of a seed on
	// the mover's row more than on the opponent's.
	OwnWeight int32
	// ThreatWeight is the weight, in 64ths of a seed captured, of the
	// biggest capture the side to move can make.
	ThreatWeight int32
}

// The default weights of Evaluator.
const (
	// DefaultOwnWeight is Evaluator's default OwnWeight.
	DefaultOwnWeight = 2
	// DefaultThreatWeight is Evaluator's default ThreatWeight.
	DefaultThreatWeight = 64
)

// SearchEvaluator returns a new Evaluator with the default weights, for a
// game-tree search (bots/search's Game).
func (Game) SearchEvaluator() any { return NewEvaluator() }

// NewEvaluator returns an Evaluator with the default weights.
func NewEvaluator() *Evaluator {
	return &Evaluator{OwnWeight: DefaultOwnWeight, ThreatWeight: DefaultThreatWeight}
}

// Prepare does nothing: the evaluation keeps no tables about the root.
func (e *Evaluator) Prepare(referee.State) {}

// Zobrist keys of Adji-boto, from a fixed seed: one per hole and count of
// seeds, and one for Black to move. The hash mixes in the score difference
// too (referee.LeadKey): with the board it gives both scores, since the
// seeds total Seeds.
var holeKeys, adjiBlackKey = adjiZobrist(0x6172656e61646a69) // "arenadji"

// adjiZobrist draws the keys from SplitMix64 seeded with seed.
func adjiZobrist(seed uint64) (holes [Holes][Seeds + 1]uint64, black referee.TurnKey) {
	r := referee.SplitMix64{State: seed}
	for h := range holes {
		r.Fill(holes[h][:])
	}
	return holes, referee.TurnKey(r.Next())
}

// hash returns the Zobrist hash of p.
func hash(p *Position) uint64 {
	h := adjiBlackKey.Start(p.toMove, int(p.score[0])-int(p.score[1]))
	for i, n := range p.holes {
		h ^= holeKeys[i][n]
	}
	return h
}

// Hash returns the Zobrist hash of p, a *Position: its holes, side to move
// and score difference.
func (e *Evaluator) Hash(st referee.State) uint64 { return hash(st.(*Position)) }

// HashAfter returns the hash of p after m from h = Hash(p): the move is
// played on a copy of p (a small value, on the stack) and the holes that
// changed, the score difference and the side to move are updated in h.
func (e *Evaluator) HashAfter(h uint64, st referee.State, m referee.Move) uint64 {
	p := st.(*Position)
	h, done := adjiBlackKey.After(h, m)
	if done {
		return h
	}
	q := *p
	q.Play(m)
	for i := range Holes {
		if a, b := p.holes[i], q.holes[i]; a != b {
			h ^= holeKeys[i][a] ^ holeKeys[i][b]
		}
	}
	if q.score != p.score {
		h ^= referee.LeadKey(int(p.score[0])-int(p.score[1])) ^ referee.LeadKey(int(q.score[0])-int(q.score[1]))
	}
	return h
}

// landing returns the hole where the last seed of a sowing from h (a
// non-empty hole) falls, and the seeds it holds then: the arithmetic of
// sow, without sowing.
func (p *Position) landing(h int) (last, count int) {
	n := int(p.holes[h])
	laps := Holes
	if p.skip {
		laps = Holes - 1
	}
	k := (n-1)%laps + 1 // the last hole is the k-th sown
	last = int(ring[(int(ring[h])+k)%Holes])
	add := n / laps
	if k <= n%laps {
		add++
	}
	if last == h {
		return last, add
	}
	return last, int(p.holes[last]) + add
}

// capture returns the seeds side would capture by sowing hole h of its
// row: 0 unless the last seed falls on the other row and leaves 1, 3 or 5.
func (p *Position) capture(side referee.Side, h int) int {
	if p.holes[h] == 0 {
		return 0
	}
	last, n := p.landing(h)
	if last/Cols == p.Row(side) || n != 1 && n != 3 && n != 5 {
		return 0
	}
	return n
}

// threat returns the biggest capture side could make from p if it were
// its turn, and the seeds on its row.
func (p *Position) threat(side referee.Side) (best, seeds int) {
	base := p.Row(side) * Cols
	for h := base; h < base+Cols; h++ {
		seeds += int(p.holes[h])
		best = max(best, p.capture(side, h))
	}
	return best, seeds
}

// Evaluate returns the value of p for the side to move (see Evaluator).
func (e *Evaluator) Evaluate(st referee.State) (int32, bool) {
	p := st.(*Position)
	me := p.toMove
	diff := int32(p.score[me.Index()]) - int32(p.score[me.Other().Index()])
	if p.over() {
		return referee.Decided(int(diff)), true
	}
	mine, mySeeds := p.threat(me)
	theirs, theirSeeds := p.threat(me.Other())
	v := diff * referee.Unit * 64
	v += int32(mySeeds-theirSeeds) * referee.Unit * e.OwnWeight
	v += int32(mine)*referee.Unit*e.ThreatWeight - int32(theirs)*referee.Unit*e.ThreatWeight/2
	return v / 64, false
}

// Hint orders the holes: the biggest capture first, then the holes that
// hold the most seeds.
func (e *Evaluator) Hint(st referee.State, m referee.Move) int32 {
	p := st.(*Position)
	if m == referee.Pass || int(m) >= Holes {
		return 0
	}
	return int32(p.capture(p.toMove, int(m)))*1000 + int32(p.holes[m])
}

// CopyFrom makes p a copy of src, a *Position (bots/search's Position).
func (p *Position) CopyFrom(src referee.State) { *p = *src.(*Position) }

// CourseValue returns the evaluation a course project of Adji-boto uses,
// for the side to move: the difference of the seeds captured, plus the
// biggest capture it can make now. It is what the classic built-in bot
// plays by (bots/builtin's CoursePosition).
func (p *Position) CourseValue() int {
	me := p.toMove
	best, _ := p.threat(me)
	return int(p.score[me.Index()]) - int(p.score[me.Other().Index()]) + best
}
