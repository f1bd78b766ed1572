package probe

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/referee"
)

// LispWorksScale is the tempo_scale of a bot that reads the internal clock
// as LispWorks counts it, 1000 units a second, where SBCL counts 1,000,000.
const LispWorksScale = 1000

// TimeUse is how long jogar takes per move at the league's tempo, and
// the time base it reads its tempo in.
type TimeUse struct {
	// Tempo is the league's time per move.
	Tempo time.Duration `json:"tempo"`
	// Unscaled and Scaled are the slowest of the calls measured at Tempo
	// with tempo_scale 1 and LispWorksScale, as a league under clock: cpu
	// charges them: the one of the scale kept is measured, the other is 0.
	// A call cut off at the wall cap counts as the tempo and the margin.
	Unscaled time.Duration `json:"unscaled"`
	Scaled   time.Duration `json:"scaled,omitempty"`
	// Median is the median of those calls.
	Median time.Duration `json:"median,omitempty"`
	// Measured is how many calls were measured at Tempo.
	Measured int `json:"measured,omitempty"`
	// Stall is how much longer than their median the slowest of the
	// probe's Probed calls under the conventions kept took: what a slower
	// moment adds to a call, whatever the tempo.
	Stall  time.Duration `json:"stall,omitempty"`
	Probed int           `json:"probed,omitempty"`
	// Base is the time base's evidence: the calls that decided Scale.
	Base TimeBase `json:"base"`
	// Scale is the tempo_scale kept.
	Scale int `json:"scale"`
	// Overran says that a call was charged more than the tempo plus
	// lisp.RecommendedMargin, or cut off at the wall cap: the bot thinks
	// longer (every call, or some when Note says so).
	Overran bool `json:"overran,omitempty"`
	// Note says how the time base was decided, in a few words.
	Note string `json:"note"`
	// Calls is how many times jogar was called to decide the time base and
	// to measure.
	Calls int `json:"calls"`
}

// TimeBase is what decided a bot's tempo_scale: what its sources say of
// the clock it reads (see ClockReading), and the scales its conventions
// were looked for with, in order (a second when none gave legal moves
// with the first).
type TimeBase struct {
	ClockReading
	Tried []int `json:"tried,omitempty"`
}

// Used is the time per move under the scale kept, at worst: the slowest
// call measured at the tempo, or their median and the slowest stall seen
// in all the probe's calls, whichever is longer. It is what the league
// may charge for a move.
func (t TimeUse) Used() time.Duration {
	slowest := t.Unscaled
	if t.Scale == LispWorksScale {
		slowest = t.Scaled
	}
	return max(slowest, t.Median+t.Stall)
}

// String writes the time use against the tempo, e.g. "0.95s of 1s (tempo
// read in LispWorks units: tempo_scale 1000)".
func (t TimeUse) String() string {
	if t.Tempo == 0 {
		return "not measured"
	}
	return fmt.Sprintf("%v of %v (%s)", round(t.Used()), round(t.Tempo), t.Note)
}

// Short writes the time use against the tempo in a few words, e.g. "86ms
// of 100ms, tempo_scale 1000".
func (t TimeUse) Short() string {
	if t.Tempo == 0 {
		return "-"
	}
	s := fmt.Sprintf("%v of %v", round(t.Used()), round(t.Tempo))
	if t.Scale != 1 {
		s += fmt.Sprintf(", tempo_scale %d", t.Scale)
	}
	return s
}

// Evidence says what was measured: the slowest and the median of the
// calls at the tempo, and the calls that decided the time base.
func (t TimeUse) Evidence() string {
	slowest := t.Unscaled
	if t.Scale == LispWorksScale {
		slowest = t.Scaled
	}
	s := fmt.Sprintf("one call at the tempo %v", round(slowest))
	if t.Measured > 1 {
		s = fmt.Sprintf("slowest of %d calls at the tempo %v, median %v", t.Measured, round(slowest), round(t.Median))
	}
	if t.Probed > 0 {
		s += fmt.Sprintf("; slowest stall of %d calls at the probe's tempo %v over their median", t.Probed, round(t.Stall))
	}
	if c := t.Base.Clock; c != "" {
		s += "; reads the internal clock in " + c
		if u := t.Base.Units; u != "" {
			s += ", converts it with internal-time-units-per-second in " + u
		}
	}
	if len(t.Base.Tried) > 1 {
		s += fmt.Sprintf("; legal moves only with tempo_scale %d", t.Base.Tried[len(t.Base.Tried)-1])
	}
	return s
}

// round writes d with about two significant digits.
func round(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(10 * time.Millisecond)
	case d >= 10*time.Millisecond:
		return d.Round(time.Millisecond)
	}
	return d.Round(10 * time.Microsecond)
}

// measured is how many calls at the league's tempo the time use is
// measured on; the probe's other calls give the stalls (see measureTime):
// a call at the league's tempo costs up to a second of a bot that thinks
// for its tempo, where the probe's calls are there anyway.
const measured = 1

// goWords says Go's errors of a call cut off in the course's words.
var goWords = strings.NewReplacer("context deadline exceeded", "out of time", "context canceled", "interrupted")

// timedOut reports whether err is a call cut off at its deadline.
func timedOut(err error) bool {
	var f *referee.Fault
	return errors.As(err, &f) && f.Kind == referee.FaultTimeout || errors.Is(err, context.DeadlineExceeded)
}

// measureTime measures the time jogar takes under cfg, whose tempo_scale
// is decided, at the league's tempo and on its clock (clock: cpu, the
// default: the bot's clock is its CPU time, a call is charged its CPU time
// and cut off only at the wall cap, referee.Clock.WallCap), so that what
// else the machine runs does not change what is found: measured calls, on
// the positions in turn. What the league may charge at worst
// (TimeUse.Used: a high percentile, not the median, for a bot that loses
// on time loses on its slowest move) is the slowest of them, or their
// median plus the slowest stall seen in probed, what the probe's calls
// under cfg at its own tempo were charged: many calls, so that a slow
// moment is seen, at the cost of few at the league's tempo. A call charged
// past the tempo and the margin overran; one cut off at the wall cap
// counts as the tempo and the margin.
func measureTime(ctx context.Context, a Asker, cfg lisp.Config, positions []referee.Sample, probed []time.Duration, opt Options) (use TimeUse) {
	use = TimeUse{Tempo: opt.Tempo, Scale: max(cfg.TempoScale, 1)}
	if opt.Tempo <= 0 || len(positions) == 0 {
		use.Note = "no tempo to measure at"
		return use
	}
	clock := referee.Clock{Tempo: opt.Tempo, Margin: lisp.RecommendedMargin, CPU: true}
	ctx = bots.WithCPUClock(ctx)
	var times []time.Duration
	cut := 0
	for i := range measured {
		pos := positions[i%len(positions)]
		cctx, cancel := context.WithTimeout(ctx, clock.WallCap())
		raw, err := a.Ask(cctx, cfg, pos.State, opt.Tempo)
		cancel()
		use.Calls++
		d := raw.Charged()
		if timedOut(err) {
			d = clock.Limit()
		}
		if timedOut(err) || d > clock.Limit() {
			cut++
		}
		times = append(times, d)
		if ctx.Err() != nil {
			break
		}
	}
	slices.Sort(times)
	slowest := times[len(times)-1]
	use.Median, use.Measured = times[(len(times)-1)/2], len(times)
	if len(probed) >= 3 {
		p := slices.Sorted(slices.Values(probed))
		use.Stall, use.Probed = p[len(p)-1]-p[(len(p)-1)/2], len(p)
	}
	if use.Scale == LispWorksScale {
		use.Scaled = slowest
	} else {
		use.Unscaled = slowest
	}
	switch {
	case cut == len(times):
		use.Overran, use.Note = true, "overruns the tempo"
	case cut > 0:
		use.Overran, use.Note = true, fmt.Sprintf("overran the tempo in %d of %d calls", cut, len(times))
	}
	return use
}

// OneLine joins the lines of s with spaces and cuts it to a readable
// length: a reason is one line of a report, in the course's words, where
// Go's "context deadline exceeded" is "out of time".
func OneLine(s string) string {
	s = goWords.Replace(strings.Join(strings.Fields(s), " "))
	if len(s) > 600 {
		s = s[:597] + "..."
	}
	return s
}
