package probe

import (
	"context"
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

// TimeUse is how long jogar takes per move at the league's tempo.
type TimeUse struct {
	// Tempo is the league's time per move.
	Tempo time.Duration `json:"tempo"`
	// Unscaled and Scaled are the longest of the measured calls with
	// tempo_scale 1 and LispWorksScale; Scaled is 0 when it was not
	// measured, and the tempo plus the margin when the bot overran it.
	Unscaled time.Duration `json:"unscaled"`
	Scaled   time.Duration `json:"scaled,omitempty"`
	// Scale is the tempo_scale kept.
	Scale int `json:"scale"`
	// Overran says that a call as is was cut off at the tempo plus
	// lisp.RecommendedMargin: Unscaled is that, the bot thinks longer
	// (every call, or once when Note says so).
	Overran bool `json:"overran,omitempty"`
	// Note says why, in a few words.
	Note string `json:"note"`
	// Calls is how many times jogar was called to measure.
	Calls int `json:"calls"`
}

// Used is the time per move under the scale kept.
func (t TimeUse) Used() time.Duration {
	if t.Scale == LispWorksScale {
		return t.Scaled
	}
	return t.Unscaled
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

// Measured says what was measured: the longest call as is, and with the
// scale when it was tried.
func (t TimeUse) Measured() string {
	s := fmt.Sprintf("measured %v as is", round(t.Unscaled))
	if t.Scaled > 0 {
		scale := t.Scale
		if scale == 1 {
			scale = LispWorksScale
		}
		s += fmt.Sprintf(", %v with tempo_scale %d", round(t.Scaled), scale)
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

// timed is the number of reference positions the time base is measured on.
const timed = 2

// measureTime finds cfg's tempo_scale, unless opt gives it: it measures the
// time jogar takes on the first positions at the league's tempo, as is;
// when the shortest call is under half the tempo, it measures again with
// the tempo scaled by LispWorksScale, and keeps that scale when the bot
// then thinks clearly longer (its shortest call three times the shortest
// as is, and a quarter of the tempo at least) and still within the tempo
// (its shortest call within half the league's margin, which absorbs a
// loaded machine). A bot that ignores its tempo, or would overrun with
// the scale, keeps none.
//
// The choice is made on the shortest calls, because a loaded machine only
// ever adds time: a bot's scale does not depend on what else ran during
// its intake. The time use reported (Unscaled, Scaled) is the longest
// call, which is what a timeout depends on.
func measureTime(ctx context.Context, a Asker, cfg *lisp.Config, positions []referee.Sample, opt Options) TimeUse {
	use := TimeUse{Tempo: opt.Tempo, Scale: 1}
	if opt.Tempo <= 0 {
		use.Note = "no tempo to measure at"
		return use
	}
	positions = positions[:min(timed, len(positions))]
	// measure returns the shortest and the longest call with scale; a
	// call cut off at the tempo and the margin counts as that long.
	cutoff := opt.Tempo + lisp.RecommendedMargin
	measure := func(scale int) (least, most time.Duration) {
		c := *cfg
		c.TempoScale = scale
		for i, pos := range positions {
			cctx, cancel := context.WithTimeout(ctx, cutoff)
			raw, err := a.Ask(cctx, c, pos.State, opt.Tempo)
			cancel()
			use.Calls++
			d := raw.Elapsed
			if err != nil {
				d = cutoff
			}
			if i == 0 || d < least {
				least = d
			}
			most = max(most, d)
		}
		return least, most
	}
	given := slices.Contains(opt.Given, "tempo_scale")
	if given {
		use.Scale = max(opt.Fixed.TempoScale, 1)
	}
	least, most := measure(1)
	use.Unscaled = most
	switch {
	case given:
		_, use.Scaled = measure(use.Scale)
		if use.Scale == 1 {
			use.Scaled = 0
		}
		use.Note = fmt.Sprintf("tempo_scale %d as given", use.Scale)
	case least >= cutoff:
		use.Note, use.Overran = "overruns the tempo", true
	case most >= cutoff:
		use.Note, use.Overran = "overran the tempo once", true
	case least >= opt.Tempo/2:
		use.Note = "tempo read in milliseconds"
	default:
		scaledLeast, scaledMost := measure(LispWorksScale)
		use.Scaled = scaledMost
		switch {
		case scaledLeast > opt.Tempo+lisp.RecommendedMargin/2:
			use.Note = fmt.Sprintf("short, and would overrun with tempo_scale %d", LispWorksScale)
		case scaledLeast > 3*least && scaledLeast >= opt.Tempo/4:
			use.Scale = LispWorksScale
			use.Note = fmt.Sprintf("tempo read in LispWorks units: tempo_scale %d", LispWorksScale)
		default:
			use.Note = "ignores the tempo"
		}
	}
	cfg.TempoScale = use.Scale
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
