package referee

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Call is what the referee observed of one call of a player: the reply, the
// error the player returned instead of an answer, how long the call took
// by the referee's monotonic clock, and the CPU time the player measured,
// if it did (see Reply.CPU), whether the call answered or not.
type Call struct {
	Reply       Reply
	Err         error
	Elapsed     time.Duration
	CPU         time.Duration
	CPUMeasured bool
}

// Ask makes one call: it asks p for a move in st, whose legal moves are
// legal, announcing clock.Tempo and cutting the call off at
// clock.WallCap() (clock.Limit() unless the clock charges CPU time; under
// the zero Clock only when ctx is done), and measures it: the player's own
// measure of the call (Reply.Elapsed) where it gives one, its whole Play
// otherwise, and the CPU time the player measured (Reply.CPU). It judges
// nothing: see Judge.
func Ask(ctx context.Context, p Player, st State, legal []Move, clock Clock) Call {
	req := Request{
		State:  st.Clone(),
		Tempo:  clock.Tempo,
		Legal:  slices.Clone(legal),
		Forced: len(legal) == 1,
	}
	if clock.GameClock != nil {
		g := *clock.GameClock
		req.Clocks = &g
	}
	if clock.CPU {
		req.CPULimit = clock.Limit()
	}
	// The clock starts before the deadline is set, so that a call cut off
	// at its deadline is never measured shorter than the limit.
	start := time.Now()
	callCtx := ctx
	if limit := clock.WallCap(); limit > 0 || clock.GameClock != nil {
		var cancel context.CancelFunc
		callCtx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	reply, err := p.Jogar(callCtx, req)
	elapsed := time.Since(start)
	if reply.Elapsed > 0 && reply.Elapsed < elapsed {
		elapsed = reply.Elapsed
	}
	return Call{Reply: reply, Err: err, Elapsed: elapsed, CPU: reply.CPU, CPUMeasured: reply.CPUMeasured}
}

// Verdict is the referee's reason to end a game on one side's call. It is
// an error so that a caller that only reports it, such as a conformance
// check, can return it as is.
type Verdict struct {
	Reason Reason // Timeout, Illegal, Crash or Start
	Detail string // why, for people, without naming the side
}

// Error returns the detail.
func (v *Verdict) Error() string { return v.Detail }

// Judgement is the referee's decision on one call: a move to play, or a
// verdict against the side that was asked.
type Judgement struct {
	// Move is the move to play when Verdict is nil: the answer, completed
	// by the rules' defaults (see Completer).
	Move Move
	// Answer is the bot's verbatim answer, capped, whenever it is not
	// exactly the move played in the game's notation: a rejected answer, or
	// one the referee completed or normalized (a bare landing on a double,
	// lower case, spaces).
	Answer string
	// Discrepancy says how the state the bot claimed differs from the state
	// after Move; "" when they agree or the bot claimed none.
	Discrepancy string
	// Verdict is nil when Move is accepted.
	Verdict *Verdict
}

// maxAnswer caps how much of a bot's answer a judgement keeps, and
// maxDetail how much of the detail of a verdict a record keeps (the detail
// may quote the answer, or hold a bot's error text): the first KiB, and the
// length of the whole (see capText), so that a bot's 900 KB answer costs
// the journal and the move logs a KiB.
const (
	maxAnswer = 1024
	maxDetail = 1024
)

// Judge decides what call, an answer to a request for a move in st under
// clock, means: the one place where answers are parsed, completed, checked
// against the rules and the clock, and compared with the claimed state.
//
// In order: an error from the player is a verdict by its FaultKind
// (timeout: Timeout; protocol: Illegal; start: Start; resign: Resigned;
// crash, memory and anything unclassified: Crash); an answer charged more
// than clock.Limit() (see Clock.Charged: its CPU time or its wall time) is
// a Timeout (under a game clock, also a call cut off at its deadline: the
// clock ran out); an answer that does not parse, or is not legal once
// completed, is Illegal. Otherwise the move is accepted, and a claimed
// state is compared with the one the move leads to. st is not changed.
//
// The deadline is not the verdict: a call charged its CPU time is cut off
// at clock.WallCap(), a timeout however little CPU it used, and an answer
// that arrives before the cap is judged on its CPU time alone.
func Judge(st State, clock Clock, call Call) Judgement {
	said := call.Reply.Move
	reject := func(r Reason, detail string) Judgement {
		return Judgement{Answer: capText(said, maxAnswer), Verdict: &Verdict{Reason: r, Detail: detail}}
	}
	charged := clock.Charged(call)
	cutOff := call.Err != nil && FaultOf(call.Err) == FaultTimeout
	if g := clock.GameClock; g != nil && (charged > clock.Limit() || cutOff) {
		return reject(Timeout, fmt.Sprintf("clock ran out: %s taken, %v left on the clock, margin %v%s",
			taken(clock, call), g.Remaining[g.Side.Index()].Round(time.Millisecond), clock.Margin, capNote(clock, call, cutOff)))
	}
	if cutOff && clock.CPU && clock.Limit() > 0 {
		if call.CPUMeasured && charged > clock.Limit() {
			return reject(Timeout, fmt.Sprintf("used %v of CPU time (%v wall), limit %v: the call was ended once it passed the limit",
				call.CPU.Round(time.Millisecond/10), call.Elapsed.Round(time.Millisecond), clock.Limit()))
		}
		return reject(Timeout, fmt.Sprintf("no answer within %v of wall time, the cap of clock: cpu (%d times the tempo, at least %v, plus the margin: a bot that waits uses no CPU): %v",
			clock.WallCap(), WallCapFactor, MinWallCap, call.Err))
	}
	if call.Err != nil {
		return reject(faultReason(FaultOf(call.Err)), call.Err.Error())
	}
	if limit := clock.Limit(); limit > 0 && charged > limit {
		return reject(Timeout, fmt.Sprintf("answered after %s, limit %v", taken(clock, call), limit))
	}
	m, err := st.ParseMove(said)
	if err != nil {
		return reject(Illegal, err.Error())
	}
	if c, ok := st.(Completer); ok {
		m = c.Complete(m)
	}
	if !Legal(st, m) {
		why := ""
		if e, ok := st.(Explainer); ok {
			if w := e.WhyIllegal(m); w != "" {
				why = ": " + w
			}
		}
		return reject(Illegal, fmt.Sprintf("%s is not a legal move for %s%s (legal: %s)", st.FormatMove(m), st.ToMove(), why, legalMoves(st)))
	}
	j := Judgement{Move: m}
	if said != st.FormatMove(m) {
		j.Answer = capText(said, maxAnswer)
	}
	if call.Reply.Claim != nil {
		after := st.Clone()
		after.Play(m)
		if d, ok := after.(interface{ Diff(State) string }); ok {
			j.Discrepancy = d.Diff(call.Reply.Claim)
		}
	}
	return j
}

// taken says what call took: its wall time, or under a clock that charges
// CPU time where the player measured it, "N of CPU time (M wall)", and
// under a game clock, where a tenth of the wall time is more, "N charged,
// a tenth of M wall (K of CPU time)".
func taken(clock Clock, call Call) string {
	if !clock.CPU || !call.CPUMeasured {
		return call.Elapsed.Round(time.Millisecond).String()
	}
	if charged := clock.Charged(call); charged > call.CPU {
		return fmt.Sprintf("%v charged, 1/%d of %v wall (%v of CPU time)", charged.Round(time.Millisecond), WallCapFactor,
			call.Elapsed.Round(time.Millisecond), call.CPU.Round(time.Millisecond))
	}
	return fmt.Sprintf("%v of CPU time (%v wall)", call.CPU.Round(time.Millisecond), call.Elapsed.Round(time.Millisecond))
}

// capNote says, of a call under a game clock charged its CPU time and cut
// off, why: it passed its time left (the player ended it), or it reached
// the wall-time cap.
func capNote(clock Clock, call Call, cutOff bool) string {
	switch {
	case !cutOff || !clock.CPU:
		return ""
	case call.CPUMeasured && clock.Charged(call) > clock.Limit():
		return ", the call was ended once it passed the time left"
	}
	return fmt.Sprintf(", cut off at %v of wall time (the cap of clock: cpu: %d times the move's budget, at least %v, plus the margin)", clock.WallCap(), WallCapFactor, MinWallCap)
}

// faultReason returns the reason a game ends with when a player's call
// fails with a fault of kind k.
func faultReason(k FaultKind) Reason {
	switch k {
	case FaultTimeout:
		return Timeout
	case FaultProtocol:
		return Illegal
	case FaultStart:
		return Start
	case FaultResign:
		return Resigned
	}
	return Crash
}

// legalMoves lists st's legal moves in its notation, at most ten.
func legalMoves(st State) string {
	var buf [MaxMoves]Move
	moves := st.Moves(buf[:0])
	names := make([]string, 0, min(len(moves), 11))
	for i, m := range moves {
		if i == 10 {
			names = append(names, fmt.Sprintf("and %d more", len(moves)-10))
			break
		}
		names = append(names, st.FormatMove(m))
	}
	return strings.Join(names, " ")
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
