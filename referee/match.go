package referee

import (
	"context"
	"fmt"
	"time"
)

// Clock is a match's time control: each call gets Tempo, announced to the bot,
// and is cut off at Tempo+Margin. The margin absorbs transport; an answer that
// takes longer than Tempo+Margin by the referee's monotonic clock loses on
// time even if it arrived. The zero Clock has no limit: calls are cut off
// only by the match's context (for tests and for people playing by hand).
//
// Under a game clock (Control set) Match keeps the side's clock and hands
// Ask and Judge, for each call, a Clock whose Tempo is the budget it allots
// for the move (see ClockState.Budget) and whose GameClock is both clocks at
// the call: the call is then cut off at the mover's remaining time plus
// Margin, and an answer measured later than that loses on time.
//
// With CPU set (a league's clock: cpu), a call is charged the CPU time the
// player measured (Reply.CPU: the bot's cgroup, all its threads and
// processes), so that what else the machine runs does not change a verdict;
// the wall time only where the player measured none. The deadline is then
// not the limit but WallCap, a cap on the wall time for a bot that blocks
// or sleeps; the verdict is judged on the charged figure (see Judge).
type Clock struct {
	Tempo  time.Duration
	Margin time.Duration
	// CPU charges calls their CPU time, with the wall clock as a cap.
	CPU bool
	// Control, when set, is a game clock in place of a fixed Tempo per move.
	Control *TimeControl
	// GameClock is both clocks at one call under a Control, set by Match.
	GameClock *ClockState
}

// Limit returns the longest a call may take: Tempo+Margin, or under a game
// clock the mover's remaining time plus Margin; 0 means no limit.
func (c Clock) Limit() time.Duration {
	if c.GameClock != nil {
		return c.GameClock.Remaining[c.GameClock.Side.Index()] + c.Margin
	}
	return c.Tempo + c.Margin
}

// WallCapFactor is how many times its tempo (under a game clock, the budget
// of the move, the tempo announced) a call may take by the wall clock, plus
// the margin, when it is charged its CPU time: a bot that waits (blocks,
// sleeps, reads) uses little CPU, and is cut off there. It is generous on
// purpose: a bot that thinks its whole tempo in CPU must still answer before
// the cap on a machine whose other work leaves it a tenth of a core. Three
// times, which a machine with three busy loops per core already passes, cut
// off bots that thought 60 % of their tempo (see host's
// TestCPUClockOnABusyMachine). MinWallCap is the least cap: a short call
// suffers most from waiting its turn (the test's league saw a call of 64 ms
// of CPU take 886 ms).
//
// Under a game clock a call is also charged at least 1/WallCapFactor of
// its wall time (see Charged), so that a bot that waits at every move
// spends its clock too: a side's calls last at most WallCapFactor times
// what its clock holds in all (its base, increments and periods), plus one
// cap for its last call.
const (
	WallCapFactor = 10
	MinWallCap    = 5 * time.Second
)

// WallCap returns how long a call may take by the wall clock before it is
// cut off: Limit() when the call is charged its wall time; with CPU set,
// WallCapFactor times the tempo (under a game clock, the budget of the move,
// never more than the time left), at least MinWallCap, plus Margin. 0 means
// no limit.
func (c Clock) WallCap() time.Duration {
	limit := c.Limit()
	if !c.CPU || limit == 0 && c.GameClock == nil {
		return limit
	}
	return max(WallCapFactor*c.Tempo, MinWallCap) + c.Margin
}

// Charged returns what call is charged under c: its CPU time with CPU set
// where the player measured it, its wall time otherwise. Under a game clock
// with CPU set, a call is charged at least 1/WallCapFactor of its wall
// time: waiting is charged at a tenth, so that a bot that sleeps cannot
// stretch a game past WallCapFactor times its clocks.
func (c Clock) Charged(call Call) time.Duration {
	if c.CPU && call.CPUMeasured {
		if c.GameClock != nil {
			return max(call.CPU, call.Elapsed/WallCapFactor)
		}
		return call.CPU
	}
	return call.Elapsed
}

// Name returns the clock's name in a league file: "cpu" or "wall".
func (c Clock) Name() string {
	if c.CPU {
		return "cpu"
	}
	return "wall"
}

// TimeControl is a game clock: each side starts with Base, gets Inc after
// each of its moves, and, when Moves > 0, gets Base again after every
// Moves of its moves (a period; 0 is sudden death plus increment). Forced
// moves the referee plays do not count.
type TimeControl struct {
	Base  time.Duration
	Inc   time.Duration
	Moves int
}

// ClockState is both game clocks when a side is asked for a move: what the
// referee tells the bot besides its budget.
type ClockState struct {
	Side      Side             // the side asked
	Remaining [2]time.Duration // White's and Black's time left, before this move
	Inc       time.Duration    // the increment added after each move
	MovesToGo int              // the asked side's moves to the end of its period; 0 under sudden death
}

// budgetDivisor is how many more moves the budget assumes under sudden
// death.
const budgetDivisor = 30

// Budget returns the time the referee allots to the asked side's move and
// announces as Tempo: its remaining time shared over the moves to go (30
// under sudden death), plus the increment, never more than it has left.
func (s ClockState) Budget() time.Duration {
	left := s.Remaining[s.Side.Index()]
	n := s.MovesToGo
	if n <= 0 {
		n = budgetDivisor
	}
	return min(left/time.Duration(n)+s.Inc, left)
}

// gameClocks is the state Match keeps for a game under time controls.
type gameClocks struct {
	left  [2]time.Duration
	moves [2]int // the moves each side has made on its clock
}

// at returns side's Clock for one call: c itself without a Control, else
// c with Tempo the budget and Game both clocks.
func (g *gameClocks) at(c Clock, side Side) Clock {
	if c.Control == nil {
		return c
	}
	i := side.Index()
	gs := &ClockState{Side: side, Remaining: g.left, Inc: c.Control.Inc}
	if m := c.Control.Moves; m > 0 {
		gs.MovesToGo = m - g.moves[i]%m
	}
	c.GameClock, c.Tempo = gs, gs.Budget()
	return c
}

// charge takes elapsed off side's clock, never below zero (the margin is
// forgiven), then adds the increment and, at a period's end, Base.
func (g *gameClocks) charge(c Clock, side Side, elapsed time.Duration) {
	if c.Control == nil {
		return
	}
	i := side.Index()
	g.left[i] = max(g.left[i]-elapsed, 0) + c.Control.Inc
	g.moves[i]++
	if m := c.Control.Moves; m > 0 && g.moves[i]%m == 0 {
		g.left[i] += c.Control.Base
	}
}

// snapshot returns both clocks for a move record, or nil when neither side
// plays under a time control.
func (g *gameClocks) snapshot(opt MatchOptions) *[2]time.Duration {
	if opt.clock(White).Control == nil && opt.clock(Black).Control == nil {
		return nil
	}
	s := g.left
	return &s
}

// Policy says what a faulty bot's fault costs.
type Policy uint8

// Policies. The zero value is Forfeit.
const (
	Forfeit    Policy = iota // the offender loses the game
	Adjudicate               // the game stops; the points so far decide
)

// MatchOptions configure Match.
type MatchOptions struct {
	// Clock is the time control of both sides, unless Own gives a side its
	// own.
	Clock Clock
	// Own, when set for a side (White's, then Black's), is that side's time
	// control in place of Clock: a person playing a bot keeps their own
	// clock, with no limit under the zero Clock.
	Own [2]*Clock
	// RefereeForced plays moves that are the only legal choice without
	// calling the bot (forced_moves: referee). A pass is never sent to a bot.
	RefereeForced bool
	// OnTimeout, OnIllegal and OnCrash say what each fault costs.
	OnTimeout, OnIllegal, OnCrash Policy
	// OnMove, if set, is called after each move is recorded.
	OnMove func(MoveRecord)
}

// MoveRecord is one ply of a game as the referee saw it.
type MoveRecord struct {
	Ply  int    `json:"ply"`
	Side Side   `json:"side"`
	Move string `json:"move,omitempty"` // the move played, in the game's notation
	// Answer is the bot's verbatim answer (capped) when it is not exactly
	// Move: rejected, or completed or normalized by the referee.
	Answer  string        `json:"answer,omitempty"`
	Forced  bool          `json:"forced,omitempty"` // played by the referee without calling the bot
	Elapsed time.Duration `json:"elapsed_ns"`       // the bot's call, request sent to answer received
	// CPU is the CPU time the bot used in the call, where its player
	// measured it (all its threads and processes, see Reply.CPU); nil
	// where it did not. Under a Clock with CPU set it is the time charged.
	CPU *time.Duration `json:"cpu_ns,omitempty"`
	// CPUCharged says that the call was charged CPU (a Clock with CPU set
	// and CPU measured), so that what shows the move's times shows that
	// one first.
	CPUCharged bool `json:"cpu_charged,omitempty"`
	// Clocks is White's and Black's time left after the move, under a game
	// clock (TimeControl); nil under a fixed tempo per move.
	Clocks *[2]time.Duration `json:"clocks_ns,omitempty"`
	Stats  Stats             `json:"stats"`
	// Discrepancy says how the state the bot claimed differs from the
	// referee's; the referee's state is the one played on.
	Discrepancy string `json:"discrepancy,omitempty"`
	Log         string `json:"log,omitempty"` // the bot's output during the call (capped)
}

// Record is a finished (or interrupted) game.
type Record struct {
	Moves  []MoveRecord     `json:"moves"`
	Scores [2]int           `json:"scores"`
	Winner Side             `json:"winner"` // 0: draw, or no winner
	Reason Reason           `json:"reason"`
	Loser  Side             `json:"loser"` // the side at fault; 0 with a fault reason: both
	Detail string           `json:"detail,omitempty"`
	Time   [2]time.Duration `json:"time_ns"` // time charged to White and Black (see Clock.Charged)
	// After is what White's and Black's bot wrote after its last answer,
	// to its end, where its player keeps it: output no move's log holds.
	After [2]string `json:"after,omitzero"`
}

// Match plays st to its end between players[0] (White) and players[1]
// (Black): the one loop of a game. It asks the side to move for a move
// (Ask), charges the call's time (Clock.Charged), has Judge decide what the answer means,
// plays the move, and repeats until neither side can move or a bot faults.
// It returns with Reason Interrupted when ctx is cancelled. st is played on
// in place.
func Match(ctx context.Context, st State, players [2]Player, opt MatchOptions) Record {
	var rec Record
	var buf [MaxMoves]Move
	var gc gameClocks
	for _, side := range [...]Side{White, Black} {
		if c := opt.clock(side).Control; c != nil {
			gc.left[side.Index()] = c.Base
		}
	}
	for {
		if ctx.Err() != nil {
			return rec.end(st, Interrupted, 0, ctx.Err().Error(), Forfeit)
		}
		moves := st.Moves(buf[:0])
		if len(moves) == 0 {
			return rec.end(st, Normal, 0, "", Forfeit)
		}
		side := st.ToMove()
		mr := MoveRecord{Ply: st.Ply() + 1, Side: side}
		if len(moves) == 1 && (moves[0] == Pass || opt.RefereeForced) {
			mr.Move, mr.Forced = st.FormatMove(moves[0]), true
			st.Play(moves[0])
			mr.Clocks = gc.snapshot(opt)
			rec.add(mr, opt)
			continue
		}
		clock := gc.at(opt.clock(side), side)
		call := Ask(ctx, players[side.Index()], st, moves, clock)
		j := Judge(st, clock, call)
		charged := clock.Charged(call)
		rec.Time[side.Index()] += charged
		if j.Verdict == nil {
			gc.charge(clock, side, charged)
		}
		mr.Clocks = gc.snapshot(opt)
		mr.Elapsed, mr.Stats, mr.Log, mr.Answer = call.Elapsed, call.Reply.Stats, call.Reply.Log, j.Answer
		if call.CPUMeasured {
			cpu := call.CPU
			mr.CPU, mr.CPUCharged = &cpu, clock.CPU
		}
		if call.Err != nil && ctx.Err() != nil {
			rec.add(mr, opt)
			return rec.end(st, Interrupted, 0, ctx.Err().Error(), Forfeit)
		}
		if v := j.Verdict; v != nil {
			rec.add(mr, opt)
			return rec.end(st, v.Reason, side, fmt.Sprintf("%s: %s", side, v.Detail), opt.policy(v.Reason))
		}
		mr.Move, mr.Discrepancy = st.FormatMove(j.Move), j.Discrepancy
		st.Play(j.Move)
		rec.add(mr, opt)
	}
}

// clock returns side's time control.
func (o MatchOptions) clock(side Side) Clock {
	if c := o.Own[side.Index()]; c != nil {
		return *c
	}
	return o.Clock
}

// policy returns what a fault that ends a game with reason r costs.
func (o MatchOptions) policy(r Reason) Policy {
	switch r {
	case Timeout:
		return o.OnTimeout
	case Illegal:
		return o.OnIllegal
	case Crash:
		return o.OnCrash
	}
	return Forfeit
}

func (r *Record) add(mr MoveRecord, opt MatchOptions) {
	r.Moves = append(r.Moves, mr)
	if opt.OnMove != nil {
		opt.OnMove(mr)
	}
}

// end closes the record: the game's outcome (Outcome: its points, or its
// own rule) decides a normal end and an adjudicated fault; a forfeited
// fault makes the offender lose. The detail is capped
// at maxDetail.
func (r *Record) end(st State, reason Reason, loser Side, detail string, p Policy) Record {
	r.Scores = st.Scores()
	r.Reason, r.Loser, r.Detail = reason, loser, capText(detail, maxDetail)
	switch {
	case reason == Interrupted:
	case reason == Normal || p == Adjudicate:
		r.Winner = Outcome(st)
	case loser != 0:
		r.Winner = loser.Other()
	}
	return *r
}

// Unplayed returns the record of a game that could not be played because
// loser (0: both sides) failed before the first move, e.g. a bot that did
// not start.
func Unplayed(st State, loser Side, reason Reason, detail string) Record {
	var r Record
	return r.end(st, reason, loser, detail, Forfeit)
}
