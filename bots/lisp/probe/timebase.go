package probe

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

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
	// with tempo_scale 1 and LispWorksScale: the one of the scale kept is
	// measured, the other is 0. A call cut off at the tempo and the margin
	// counts as that long.
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
	// Overran says that a call was cut off at the tempo plus
	// lisp.RecommendedMargin: the bot thinks longer (every call, or some
	// when Note says so).
	Overran bool `json:"overran,omitempty"`
	// Note says how the time base was decided, in a few words.
	Note string `json:"note"`
	// Calls is how many times jogar was called to decide the time base and
	// to measure.
	Calls int `json:"calls"`
}

// TimeBase is what decided a bot's tempo_scale: one call as is and, when
// that was short, one or two with the tempo times LispWorksScale, at the
// probe's tempo, on the first reference position.
type TimeBase struct {
	// Tempo is the tempo of the calls (the probe's).
	Tempo time.Duration `json:"tempo"`
	// AsIs and Scaled are the calls' times; Scaled is 0 when not called.
	AsIs   time.Duration `json:"as_is"`
	Scaled time.Duration `json:"scaled,omitempty"`
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
	if t.Base.Tempo > 0 {
		s += fmt.Sprintf("; time base at tempo %v: %v as is", round(t.Base.Tempo), round(t.Base.AsIs))
		if t.Base.Scaled > 0 {
			s += fmt.Sprintf(", %v with tempo_scale %d", round(t.Base.Scaled), LispWorksScale)
		}
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

// baseDecision is a time base decided: the scale, why, and the calls.
type baseDecision struct {
	scale int
	note  string
	base  TimeBase
	fresh int // calls made past the memo
}

// decideTimeBase finds the tempo_scale of the bot a before its conventions
// are looked for, so that they are looked for with the time the bot
// expects: it calls jogar on pos at tempo (the probe's) under each
// convention of calls in turn, as is, until one answers. A call that takes
// half the tempo at least, twice, reads it in milliseconds; a shorter one is
// called again with the tempo times LispWorksScale (and, when every call
// as is failed, as of a bot that crashes for lack of time, each
// convention is), and the bot reads LispWorks units when it
// then thinks a quarter of the tempo more at least, and still within the
// tempo and a quarter (half the margin at most), twice (a busy machine
// may stall one call; it does not stall two the same). A bot that ignores its tempo (its answer
// legal, under one of reads, and no longer with the scale) or would
// overrun with the scale keeps 1; a convention under which it answers
// fast and never legally says nothing of its time, and the next is asked.
//
// Each decision is the bot's own clock against the tempo, or a legal
// answer: none depends on how far a search got, so the same bot gets the
// same scale on a quiet machine and on a busy one.
func decideTimeBase(ctx context.Context, a Asker, calls, reads []lisp.Config, pos referee.Sample, tempo time.Duration) baseDecision {
	d := baseDecision{scale: 1, base: TimeBase{Tempo: tempo}}
	cutoff := tempo + lisp.RecommendedMargin
	within := tempo + min(tempo/4, lisp.RecommendedMargin/2) // the most a scaled call may take
	ask := func(a Asker, c lisp.Config, scale int) (lisp.Raw, error) {
		c.TempoScale = scale
		cctx, cancel := context.WithTimeout(ctx, cutoff)
		raw, err := a.Ask(cctx, c, pos.State, tempo)
		cancel()
		return raw, err
	}
	legal := func(c lisp.Config, raw lisp.Raw, err error) bool {
		if err != nil {
			return false
		}
		for _, r := range reads {
			if judge(a, merge(c, r), pos, raw).legal {
				return true
			}
		}
		return false
	}
	var fresh Asker = a // asks past the memo, for a second call
	if m, ok := a.(*memo); ok {
		fresh = m.Asker
	}
	// lispWorks reports whether a call with the tempo scaled, r, took what
	// a bot reading LispWorks units takes, asIs being the call as is: a
	// quarter of the tempo longer at least by the wall clock (a bot that
	// waits for its tempo by the wall clock is not slowed below it by a
	// busy machine), and within the tempo and a quarter of the time the
	// league charges, its CPU time (which a busy machine does not lengthen).
	lispWorks := func(asIs time.Duration, r lisp.Raw, err error) bool {
		return err == nil && r.Elapsed >= asIs+tempo/4 && r.Charged() <= within
	}
	// confirm asks c scaled again, past the memo: one stalled call must not
	// decide.
	confirm := func(c lisp.Config, asIs time.Duration, try *baseDecision) bool {
		again, err := ask(fresh, c, LispWorksScale)
		try.fresh++
		if !lispWorks(asIs, again, err) {
			return false
		}
		try.scale, try.base.Scaled = LispWorksScale, min(try.base.Scaled, again.Elapsed)
		try.note = fmt.Sprintf("tempo read in LispWorks units: tempo_scale %d", LispWorksScale)
		return true
	}
	var fallback *baseDecision // a bot that answered fast, never legally
	var faulted []lisp.Config  // conventions under which the call as is failed
	for _, c := range calls {
		raw, err := ask(a, c, 1)
		asIs := raw.Elapsed
		if fallback != nil && err == nil && asIs < tempo/2 {
			// It ignored the tempo under another convention: a legal
			// answer is all that is missing.
			if legal(c, raw, nil) {
				fallback.base.AsIs, fallback.fresh = asIs, d.fresh
				return *fallback
			}
			continue
		}
		if err == nil && asIs >= tempo/2 {
			// Again, past the memo: the first call after loading, or a
			// busy moment, may be slow for a bot that thinks for
			// microseconds; the shorter counts.
			again, aerr := ask(fresh, c, 1)
			d.fresh++
			if aerr == nil {
				asIs = min(asIs, again.Elapsed)
			}
		}
		switch {
		case timedOut(err):
			d.base.AsIs, d.note = cutoff, "overruns the tempo"
			return d
		case err != nil:
			faulted = append(faulted, c)
			continue
		case asIs >= tempo/2:
			d.base.AsIs, d.note = asIs, "tempo read in milliseconds"
			return d
		}
		sraw, serr := ask(a, c, LispWorksScale)
		scaled := sraw.Elapsed
		try := d
		try.base.AsIs, try.base.Scaled = asIs, scaled
		switch {
		case timedOut(serr) || serr == nil && sraw.Charged() > within:
			try.base.Scaled = min(scaled, cutoff)
			if timedOut(serr) {
				try.base.Scaled = cutoff
			}
			try.note = fmt.Sprintf("short, and would overrun with tempo_scale %d", LispWorksScale)
			return try
		case lispWorks(asIs, sraw, serr) && confirm(c, asIs, &try):
			return try
		}
		d.fresh = try.fresh
		try.note = "ignores the tempo"
		if legal(c, raw, nil) || legal(c, sraw, serr) {
			return try
		}
		if fallback == nil {
			fallback = &try
		}
	}
	if fallback != nil {
		fallback.fresh = d.fresh
		return *fallback
	}
	// Every call as is failed: a bot left without time may crash for it.
	for _, c := range faulted {
		sraw, serr := ask(a, c, LispWorksScale)
		if serr != nil && !timedOut(serr) {
			continue // it fails either way: the convention is wrong, not the time
		}
		try := d
		try.base.Scaled = sraw.Elapsed
		if timedOut(serr) {
			try.base.Scaled = cutoff
		}
		if lispWorks(0, sraw, serr) && confirm(c, 0, &try) {
			return try
		}
		try.note = "fails as is, and not for its time"
		return try
	}
	d.note = "no convention answered: time base not decided"
	return d
}

// timedOut reports whether err is a call cut off at its deadline.
func timedOut(err error) bool {
	var f *referee.Fault
	return errors.As(err, &f) && f.Kind == referee.FaultTimeout || errors.Is(err, context.DeadlineExceeded)
}

// measureTime measures the time jogar takes under cfg, whose tempo_scale
// is decided, at the league's tempo: measured calls, on the positions in
// turn. What the league may charge at worst (TimeUse.Used: a high
// percentile, not the median, for a bot that loses on time loses on its
// slowest move) is the slowest of them, or their median plus the slowest
// stall seen in probed, the times of the probe's calls under cfg at its
// own tempo: many calls, so that a slow moment is seen, at the cost of
// few at the league's tempo. A call cut off at the tempo and the margin
// counts as that long.
func measureTime(ctx context.Context, a Asker, cfg lisp.Config, positions []referee.Sample, probed []time.Duration, opt Options) (use TimeUse) {
	use = TimeUse{Tempo: opt.Tempo, Scale: max(cfg.TempoScale, 1)}
	if opt.Tempo <= 0 || len(positions) == 0 {
		use.Note = "no tempo to measure at"
		return use
	}
	cutoff := opt.Tempo + lisp.RecommendedMargin
	var times []time.Duration
	cut := 0
	for i := range measured {
		pos := positions[i%len(positions)]
		cctx, cancel := context.WithTimeout(ctx, cutoff)
		raw, err := a.Ask(cctx, cfg, pos.State, opt.Tempo)
		cancel()
		use.Calls++
		d := raw.Elapsed
		if timedOut(err) {
			d = cutoff
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
// length: a reason is one line of a report.
func OneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 600 {
		s = s[:597] + "..."
	}
	return s
}
