package search

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/arenabots/arena/referee"
)

// MaxDepth is the deepest iteration a search runs.
const MaxDepth = 100

const (
	maxPly = MaxDepth + 2
	// noMove marks "no move" in the table and the killer slots; no game of
	// referee encodes a move this way (Cavalo moves fit in 16 bits, Pass is
	// all ones).
	noMove referee.Move = 1<<31 - 1
	// checkEvery is how many nodes pass between looks at the clock and the
	// context; a power of two.
	checkEvery = 1024
	histBits   = 12
	// aspiration is the first half-width of the window around the previous
	// iteration's value.
	aspiration = 12 * referee.Unit
)

// Limits bound one search.
type Limits struct {
	// Time is how long the search may take; it stops by then, answering with
	// the best move of the deepest finished iteration. It starts no
	// iteration it does not expect to finish (one takes about twice as long
	// as the one before). Zero means no time limit.
	Time time.Duration
	// Nodes, when above zero, is a node budget that replaces Time: the
	// search never reads the clock, so its result depends only on the
	// position and the budget. A done context still stops it.
	Nodes int64
	// Depth is the deepest iteration, at most MaxDepth; zero means MaxDepth.
	Depth int
}

// Cuts counts the subtrees a search did not search, by cause.
type Cuts struct {
	Beta  int64 // alpha-beta cutoffs: a move refuted the opponent's choice
	Table int64 // transposition-table hits whose bound settled the node
	Exact int64 // positions the evaluator solved exactly (Evaluate's exact)
}

// Total returns the number of cuts of all kinds.
func (c Cuts) Total() int64 { return c.Beta + c.Table + c.Exact }

// Result is the outcome of one search.
type Result struct {
	// Legal is the number of legal moves at the root. When it is 0 the game
	// is over and Move means nothing.
	Legal int
	// Move is the move to play: the first of PV, or with Partial the move
	// that beat it in the unfinished iteration.
	Move referee.Move
	// Score is Move's value for the side to move, in Units (see Decided).
	Score int32
	// Depth is the depth of the deepest finished iteration (0 when the
	// search stopped inside the first, or the move was forced).
	Depth int
	// Partial reports that Move comes from the unfinished iteration.
	Partial bool
	Nodes   int64 // positions visited, the root included
	Cuts    Cuts
	PV      []referee.Move // the principal variation of the deepest iteration
	Elapsed time.Duration
}

// frame is the search's memory for one ply: the position, its moves, their
// hints and their ordering keys (see orderKey).
type frame struct {
	pos Position
	// state is pos as the evaluator and CopyFrom take it: converting one
	// interface to the other looks its method table up at every call.
	state referee.State
	check MoveChecker // pos, when it is one
	moves [referee.MaxMoves]referee.Move
	hints [referee.MaxMoves]int32
	keys  [referee.MaxMoves]int64
	// blocks are the highest keys of the blocks of keys (see pick).
	blocks [referee.MaxMoves / blockSize]int64
}

// Searcher searches the positions of one game with that game's evaluator.
// New allocates the table, the first search a position per ply; after that
// Search allocates only its result's PV. A Searcher is not safe for
// concurrent use; its table and history carry over from one timed search to
// the next.
type Searcher struct {
	eval    Evaluator
	hinter  Hinter         // eval, when it is one
	after   AfterEvaluator // eval, when it is one
	tt      table
	stack   [maxPly]frame
	killers [maxPly][2]referee.Move
	history [2][1 << histBits]int32
	pv      [maxPly][maxPly]referee.Move
	pvLen   [maxPly]int
	rootPV  [maxPly]referee.Move // the PV of the deepest finished iteration

	// State of the current search.
	ctx      context.Context
	deadline time.Time
	useClock bool
	nodes    int64
	maxNodes int64
	stopped  bool
	horizon  bool // a leaf was evaluated inexactly in this iteration
	cuts     Cuts
	partial  referee.Move
	stop     func() bool // s.poll as a function value, made once
	// now reads the clock of a timed search: time.Now, or a test's.
	now func() time.Time
}

// New returns a Searcher that evaluates with eval, with a transposition
// table of about ttMB MiB.
func New(eval Evaluator, ttMB int) *Searcher {
	s := &Searcher{eval: eval, tt: newTable(ttMB), now: time.Now}
	s.hinter, _ = eval.(Hinter)
	s.after, _ = eval.(AfterEvaluator)
	s.stop = func() bool { s.poll(); return s.stopped }
	return s
}

// For returns a Searcher of the game g with its evaluator (see Game), with
// a transposition table of about ttMB MiB, or an error when the engine
// cannot search g.
func For(g referee.Game, ttMB int) (*Searcher, error) {
	sg, ok := g.(Game)
	if !ok {
		return nil, fmt.Errorf("the search engine cannot play %s: the game has no evaluator", g.Name())
	}
	eval, ok := sg.SearchEvaluator().(Evaluator)
	if !ok {
		return nil, fmt.Errorf("the search engine cannot play %s: its evaluator is not a search.Evaluator", g.Name())
	}
	return New(eval, ttMB), nil
}

// Reset forgets what earlier searches learnt (the table and the move
// history), as a new Searcher would: a bot calls it when a new game starts.
func (s *Searcher) Reset() {
	s.tt.clear()
	s.history = [2][1 << histBits]int32{}
}

// Evaluator returns the searcher's evaluator.
func (s *Searcher) Evaluator() Evaluator { return s.eval }

// Search looks for the best move of root within lim. It always returns a
// legal move when there is one, however small the budget: the best of the
// deepest finished iteration, else the first move in its ordering. root is
// not changed. Every root of a Searcher must be a position of its
// evaluator's game.
func (s *Searcher) Search(ctx context.Context, root Position, lim Limits) Result {
	start := s.now()
	s.begin(ctx, start, lim)
	if i, ok := any(s.eval).(Interruptible); ok {
		i.SetStop(s.stop)
	}
	s.eval.Prepare(root)
	if s.stack[0].pos == nil {
		for i := range s.stack {
			s.stack[i].pos = root.Clone().(Position)
			s.stack[i].state = s.stack[i].pos
			s.stack[i].check, _ = s.stack[i].pos.(MoveChecker)
		}
	}
	s.stack[0].pos.CopyFrom(root)
	pos := s.stack[0].pos
	moves := pos.Moves(s.stack[0].moves[:0])
	res := Result{Legal: len(moves), Move: noMove, Nodes: 1}
	if len(moves) <= 1 {
		if len(moves) == 1 {
			res.Move, res.PV = moves[0], []referee.Move{moves[0]}
			res.Score, _ = s.eval.Evaluate(pos)
		}
		res.Elapsed = s.now().Sub(start)
		return res
	}
	key := s.eval.Hash(pos)
	s.orderRoot(pos, moves, key)
	res.Move = moves[0]

	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > MaxDepth {
		maxDepth = MaxDepth
	}
	var prev int32
	pvLen := 0
	for depth := 1; depth <= maxDepth; depth++ {
		iterStart := s.now()
		s.horizon, s.partial = false, noMove
		v := s.aspirate(depth, prev, moves, key)
		if s.stopped {
			if s.partial != noMove {
				res.Move, res.Partial = s.partial, true
				s.rootPV[0], pvLen = s.partial, 1
			}
			break
		}
		prev = v
		res.Move, res.Score, res.Depth = moves[0], v, depth
		pvLen = copy(s.rootPV[:], s.pv[0][:s.pvLen[0]])
		if referee.IsDecided(v) || !s.horizon {
			break
		}
		// The next iteration takes about twice as long as this one: start
		// it only if it can finish.
		if now := s.now(); s.useClock && now.Add(2*now.Sub(iterStart)).After(s.deadline) {
			break
		}
	}
	res.PV = append([]referee.Move(nil), s.rootPV[:pvLen]...)
	res.Nodes, res.Cuts, res.Elapsed = s.nodes, s.cuts, s.now().Sub(start)
	return res
}

// begin resets the per-search state. A node-budgeted search also forgets
// what earlier searches learnt, so that it depends on nothing but its root.
func (s *Searcher) begin(ctx context.Context, start time.Time, lim Limits) {
	s.ctx = ctx
	s.nodes, s.cuts, s.stopped = 1, Cuts{}, false
	s.maxNodes = math.MaxInt64
	s.useClock = false
	if lim.Nodes > 0 {
		s.maxNodes = lim.Nodes
	} else if lim.Time > 0 {
		s.useClock, s.deadline = true, start.Add(lim.Time)
	}
	for i := range s.killers {
		s.killers[i] = [2]referee.Move{noMove, noMove}
	}
	if lim.Nodes > 0 {
		s.Reset()
		return
	}
	s.tt.age()
	for side := range s.history {
		for i := range s.history[side] {
			s.history[side][i] /= 4
		}
	}
}

// orderRoot sorts the root moves: the table's move, then by hint.
func (s *Searcher) orderRoot(pos Position, moves []referee.Move, key uint64) {
	ttMove := noMove
	if e, ok := s.tt.probe(key); ok {
		ttMove = e.move
	}
	fr := &s.stack[0]
	hints, keys := fr.hints[:len(moves)], fr.keys[:len(moves)]
	s.hints(pos, moves, hints)
	for i, m := range moves {
		k := hints[i]
		if m == ttMove {
			k = math.MaxInt32
		}
		keys[i] = orderKey(k, i)
	}
	fr.blockKeys(len(moves))
	for i := range moves {
		fr.pick(i, len(moves))
	}
}

// aspirate runs one iteration in a window around the previous value,
// widening it while the value falls outside.
func (s *Searcher) aspirate(depth int, prev int32, moves []referee.Move, key uint64) int32 {
	alpha, beta := int32(-Infinity), int32(Infinity)
	delta := int32(aspiration)
	if depth >= 3 && !referee.IsDecided(prev) {
		alpha, beta = prev-delta, prev+delta
	}
	for {
		v := s.searchRoot(depth, alpha, beta, moves, key)
		switch {
		case s.stopped:
			return v
		case v <= alpha && alpha > -Infinity:
			delta *= 4
			alpha = max(v-delta, -Infinity)
			if delta > 40*aspiration {
				alpha = -Infinity
			}
		case v >= beta && beta < Infinity:
			delta *= 4
			beta = min(v+delta, Infinity)
			if delta > 40*aspiration {
				beta = Infinity
			}
		default:
			return v
		}
	}
}

// searchRoot searches every root move to depth with principal variation
// search, moving the best to the front of moves.
func (s *Searcher) searchRoot(depth int, alpha, beta int32, moves []referee.Move, key uint64) int32 {
	root := s.stack[0].pos
	side := root.ToMove()
	best := int32(-Infinity)
	for i, m := range moves {
		child := s.stack[1].pos
		child.CopyFrom(root)
		child.Play(m)
		ck := s.eval.HashAfter(key, root, m)
		var v int32
		if i == 0 {
			v = s.child(side, 0, depth-1, alpha, beta, ck, true)
		} else {
			v = s.child(side, 0, depth-1, alpha, alpha+1, ck, false)
			if v > alpha && v < beta && !s.stopped {
				v = s.child(side, 0, depth-1, alpha, beta, ck, true)
			}
		}
		if s.stopped {
			return best
		}
		if v <= best {
			continue
		}
		best = v
		if v <= alpha {
			continue
		}
		alpha = v
		copy(moves[1:i+1], moves[:i])
		moves[0] = m
		s.pv[0][0] = m
		s.pvLen[0] = copy(s.pv[0][1:], s.pv[1][1:s.pvLen[1]]) + 1
		if v >= beta {
			return v
		}
		if i > 0 {
			s.partial = m
		}
	}
	return best
}

// negamax returns the value of the position at ply for its side to move,
// searched to depth within (alpha, beta): fail-soft, so a value outside the
// window is a bound. key is the position's hash.
func (s *Searcher) negamax(ply, depth int, alpha, beta int32, key uint64, pvNode bool) int32 {
	if !s.visit(ply) {
		return 0
	}
	fr := &s.stack[ply]
	pos, st := fr.pos, fr.state
	if depth <= 0 {
		v, exact := s.eval.Evaluate(st)
		if exact {
			s.cuts.Exact++
		} else {
			s.horizon = true
		}
		return v
	}

	ttMove := noMove
	if e, ok := s.tt.probe(key); ok {
		ttMove = e.move
		if int(e.depth) >= depth && !pvNode {
			v := e.value
			if e.bound == boundExact || e.bound == boundLower && v >= beta || e.bound == boundUpper && v <= alpha {
				s.cuts.Table++
				if !referee.IsDecided(v) {
					s.horizon = true
				}
				return v
			}
		}
	}
	// At depth 1 the children are leaves, which change neither the history
	// nor the killers, and have no use for their hash: the moves the
	// ordering would put first whatever the rest (the table's, then the
	// killers) are tried before the rest are ordered, which a cutoff then
	// spares. When the position checks moves (MoveChecker), they are tried
	// before its moves are generated too.
	var moves []referee.Move
	lead := 0
	if depth == 1 && fr.check != nil {
		moves = s.leadChecked(ply, fr, ttMove)
		lead = len(moves)
	}
	generated := lead == 0
	if generated {
		moves = pos.Moves(fr.moves[:0])
		if len(moves) == 0 {
			return final(pos)
		}
		if depth >= 2 {
			if v, exact := s.eval.Evaluate(st); exact {
				s.cuts.Exact++
				return v
			}
		}
		if depth == 1 {
			lead = s.lead(ply, moves, ttMove)
		}
	}
	ordered := lead == 0
	var top int64 // the highest key, when ordered before the first move
	if ordered {
		top = s.orderMoves(ply, pos, moves, ttMove, 0)
	}

	alpha0 := alpha
	best, bestMove := int32(-Infinity), noMove
	side, child := pos.ToMove(), s.stack[ply+1].pos
	// Above depth 1 each move but the first is picked, and its child's
	// bucket of the table fetched, while the move before is searched (ahead,
	// its child's key aheadKey): the child probes the table first thing.
	ahead, aheadKey := false, uint64(0)
	for i := 0; i < len(moves) || !generated; i++ {
		if i == lead && !generated {
			// The leading moves did not cut: the rest follow them, as
			// lead leaves them.
			moves = pos.Moves(fr.moves[:0])
			s.lead(ply, moves, ttMove)
			generated = true
			if i == len(moves) {
				break
			}
		}
		switch {
		case ahead:
		case i == 0 && ordered:
			fr.put(0, top)
		case i < lead:
		case i == lead && !ordered:
			s.orderMoves(ply, pos, moves, ttMove, i)
			ordered = true
			fr.pick(i, len(moves))
		default:
			fr.pick(i, len(moves))
		}
		m := moves[i]
		var v int32
		switch {
		case depth == 1 && s.after != nil:
			// A leaf, evaluated without playing m; the window of
			// principal variation search changes nothing of it, but
			// searching it again counts it again.
			v = s.leafAfter(ply, m)
			if i > 0 && pvNode && v > alpha && v < beta && !s.stopped {
				v = s.leafAfter(ply, m)
			}
		default:
			ck := uint64(0)
			if depth > 1 {
				if ahead {
					ck = aheadKey
				} else {
					ck = s.eval.HashAfter(key, st, m)
					s.tt.prefetch(ck)
				}
				if ahead = i+1 < len(moves); ahead {
					fr.pick(i+1, len(moves))
					aheadKey = s.eval.HashAfter(key, st, moves[i+1])
					s.tt.prefetch(aheadKey)
				}
			}
			child.CopyFrom(st)
			child.Play(m)
			if i == 0 {
				v = s.child(side, ply, depth-1, alpha, beta, ck, pvNode)
			} else {
				v = s.child(side, ply, depth-1, alpha, alpha+1, ck, false)
				if pvNode && v > alpha && v < beta && !s.stopped {
					v = s.child(side, ply, depth-1, alpha, beta, ck, true)
				}
			}
		}
		if s.stopped {
			return 0
		}
		if v <= best {
			continue
		}
		best, bestMove = v, m
		if v <= alpha {
			continue
		}
		alpha = v
		if pvNode {
			s.pv[ply][ply] = m
			s.pvLen[ply] = copy(s.pv[ply][ply+1:], s.pv[ply+1][ply+1:s.pvLen[ply+1]]) + ply + 1
		}
		if v >= beta {
			s.cuts.Beta++
			s.reward(ply, depth, side, m)
			break
		}
	}
	bound := boundUpper
	switch {
	case best >= beta:
		bound = boundLower
	case best > alpha0:
		bound = boundExact
	}
	s.tt.store(key, depth, best, bound, bestMove)
	return best
}

// visit counts the node at ply and reports whether the search goes on:
// it stops at the node budget, or when poll, every checkEvery nodes, says
// so.
func (s *Searcher) visit(ply int) bool {
	s.pvLen[ply] = ply
	s.nodes++
	if s.nodes >= s.maxNodes {
		s.stopped = true
	}
	if s.nodes&(checkEvery-1) == 0 {
		s.poll()
	}
	return !s.stopped
}

// leafAfter returns the value, for the side to move in the position at
// ply, of the leaf its move m leads to, counted as negamax counts a node
// and evaluated by the AfterEvaluator without playing m (0 when the search
// stops there).
func (s *Searcher) leafAfter(ply int, m referee.Move) int32 {
	if !s.visit(ply + 1) {
		return 0
	}
	v, exact, again := s.after.EvaluateAfter(s.stack[ply].state, m)
	if exact {
		s.cuts.Exact++
	} else {
		s.horizon = true
	}
	if again {
		return v
	}
	return -v
}

// lead moves the table's move and the killers of ply that are among moves
// to the front, in that order, as pick takes them (it swaps each with the
// move in its slot), and returns how many it moved. It finds them in one
// pass over moves, then swaps them in turn.
func (s *Searcher) lead(ply int, moves []referee.Move, ttMove referee.Move) int {
	cand := [3]referee.Move{ttMove, s.killers[ply][0], s.killers[ply][1]}
	at := [3]int{-1, -1, -1}
	// A candidate equal to one before it stays at -1: it is led once.
	// Moves whose low six bits are no candidate's are passed over with a
	// test of one bit.
	want, filter := 0, uint64(0)
	for j, m := range cand {
		if m != noMove && (j == 0 || m != cand[0]) {
			want++
			filter |= 1 << (uint32(m) & 63)
		}
	}
	for i, m := range moves {
		if filter>>(uint32(m)&63)&1 == 0 {
			continue
		}
		switch m {
		case cand[0]:
			at[0] = i
		case cand[1]:
			at[1] = i
		case cand[2]:
			at[2] = i
		default:
			continue
		}
		if want--; want == 0 {
			break
		}
	}
	n := 0
	for j := range at {
		i := at[j]
		if i < 0 {
			continue
		}
		// The move in slot n goes to slot i: a candidate after j may be it.
		for k := j + 1; k < len(at); k++ {
			if at[k] == n {
				at[k] = i
			}
		}
		moves[n], moves[i] = moves[i], moves[n]
		n++
	}
	return n
}

// leadChecked puts the table's move and the killers of ply that are legal
// in the frame's position, a MoveChecker, in its first move slots, in that
// order and once each, as lead would move them to the front of the
// position's moves, and returns them.
func (s *Searcher) leadChecked(ply int, fr *frame, ttMove referee.Move) []referee.Move {
	moves := fr.moves[:0]
	for _, m := range [3]referee.Move{ttMove, s.killers[ply][0], s.killers[ply][1]} {
		if m != noMove && !slices.Contains(moves, m) && fr.check.IsLegal(m) {
			moves = append(moves, m)
		}
	}
	return moves
}

// child returns the value, for side (to move in the position at ply), of
// the child at ply+1 that a move of that position led to, searched to depth
// within (alpha, beta): the child's own value negated when the turn passed,
// or as it is when the mover moves again (Dots and Boxes after closing a
// box).
func (s *Searcher) child(side referee.Side, ply, depth int, alpha, beta int32, key uint64, pvNode bool) int32 {
	if s.stack[ply+1].pos.ToMove() == side {
		return s.negamax(ply+1, depth, alpha, beta, key, pvNode)
	}
	return -s.negamax(ply+1, depth, -beta, -alpha, key, pvNode)
}

// poll stops the search when its context is done or, in a timed search,
// when the deadline has passed.
func (s *Searcher) poll() {
	if s.ctx.Err() != nil || s.useClock && !s.now().Before(s.deadline) {
		s.stopped = true
	}
}
