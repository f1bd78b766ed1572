package referee

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"
)

// Clock is a match's time control: each call gets Tempo, announced to the bot,
// and is cut off at Tempo+Margin. The margin absorbs transport; an answer that
// takes longer than Tempo+Margin by the referee's monotonic clock loses on
// time even if it arrived. The zero Clock has no limit: calls are cut off
// only by the match's context (for tests and for people playing by hand).
type Clock struct {
	Tempo  time.Duration
	Margin time.Duration
}

// Limit returns Tempo+Margin, the longest a call may take; 0 means no limit.
func (c Clock) Limit() time.Duration { return c.Tempo + c.Margin }

// Policy says what a faulty bot's fault costs.
type Policy uint8

// Policies. The zero value is Forfeit.
const (
	Forfeit    Policy = iota // the offender loses the game
	Adjudicate               // the game stops; the points so far decide
)

// MatchOptions configure Match.
type MatchOptions struct {
	Clock Clock
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
	Ply     int           `json:"ply"`
	Side    Side          `json:"side"`
	Move    string        `json:"move,omitempty"`   // the move played, in the game's notation
	Answer  string        `json:"answer,omitempty"` // the bot's verbatim answer when it was rejected (capped)
	Forced  bool          `json:"forced,omitempty"` // played by the referee without calling the bot
	Elapsed time.Duration `json:"elapsed_ns"`       // the bot's call, request sent to answer received
	Stats   Stats         `json:"stats"`
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
	Time   [2]time.Duration `json:"time_ns"` // time charged to White and Black
}

// maxAnswer caps how much of a rejected answer a record keeps.
const maxAnswer = 200

// Match plays st to its end between players[0] (White) and players[1]
// (Black): the one loop of a game. It asks the side to move for a move,
// charges the call's time, validates the answer against its own state, plays
// it, and repeats until neither side can move or a bot faults. It returns
// with Reason Interrupted when ctx is cancelled. st is played on in place.
func Match(ctx context.Context, st State, players [2]Player, opt MatchOptions) Record {
	var rec Record
	var buf [MaxMoves]Move
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
			rec.add(mr, opt)
			continue
		}
		req := Request{
			State:  st.Clone(),
			Tempo:  opt.Clock.Tempo,
			Legal:  append([]Move(nil), moves...),
			Forced: len(moves) == 1,
		}
		limit := opt.Clock.Limit()
		var callCtx context.Context
		var cancel context.CancelFunc
		if limit > 0 {
			callCtx, cancel = context.WithTimeout(ctx, limit)
		} else {
			callCtx, cancel = context.WithCancel(ctx)
		}
		start := time.Now()
		reply, err := players[side.Index()].Play(callCtx, req)
		mr.Elapsed = time.Since(start)
		cancel()
		rec.Time[side.Index()] += mr.Elapsed
		mr.Stats, mr.Log = reply.Stats, reply.Log
		if err != nil {
			if reply.Move != "" {
				mr.Answer = capText(reply.Move, maxAnswer)
			}
			if ctx.Err() != nil {
				rec.add(mr, opt)
				return rec.end(st, Interrupted, 0, ctx.Err().Error(), Forfeit)
			}
			reason, policy := Crash, opt.OnCrash
			switch FaultOf(err) {
			case FaultTimeout:
				reason, policy = Timeout, opt.OnTimeout
			case FaultProtocol:
				reason, policy = Illegal, opt.OnIllegal
			case FaultStart:
				reason = Start
			}
			rec.add(mr, opt)
			return rec.end(st, reason, side, fmt.Sprintf("%s: %v", side, err), policy)
		}
		if limit > 0 && mr.Elapsed > limit {
			rec.add(mr, opt)
			return rec.end(st, Timeout, side, fmt.Sprintf("%s answered after %v, limit %v", side, mr.Elapsed.Round(time.Millisecond), limit), opt.OnTimeout)
		}
		m, err := st.ParseMove(reply.Move)
		if c, ok := st.(Completer); ok && err == nil {
			m = c.Complete(m)
		}
		if err == nil && !Legal(st, m) {
			err = fmt.Errorf("%s is not a legal move for %s", st.FormatMove(m), side)
		}
		if err != nil {
			mr.Answer = capText(reply.Move, maxAnswer)
			rec.add(mr, opt)
			return rec.end(st, Illegal, side, fmt.Sprintf("%s: %v", side, err), opt.OnIllegal)
		}
		mr.Move = st.FormatMove(m)
		st.Play(m)
		if d, ok := st.(interface{ Diff(State) string }); ok && reply.Claim != nil {
			mr.Discrepancy = d.Diff(reply.Claim)
		}
		rec.add(mr, opt)
	}
}

func (r *Record) add(mr MoveRecord, opt MatchOptions) {
	r.Moves = append(r.Moves, mr)
	if opt.OnMove != nil {
		opt.OnMove(mr)
	}
}

// end closes the record: points decide a normal end and an adjudicated
// fault; a forfeited fault makes the offender lose.
func (r *Record) end(st State, reason Reason, loser Side, detail string, p Policy) Record {
	r.Scores = st.Scores()
	r.Reason, r.Loser, r.Detail = reason, loser, detail
	switch {
	case reason == Interrupted:
	case reason == Normal || p == Adjudicate:
		r.Winner = Winner(r.Scores)
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

// capText returns s cut to at most n bytes, marking the cut. It cuts at a
// UTF-8 character boundary so that the record stays valid JSON text.
func capText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && cut > n-utf8.UTFMax && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("…(%d bytes)", len(s))
}
