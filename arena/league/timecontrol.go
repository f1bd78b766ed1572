package league

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/arenabots/arena/referee"
)

// TimeControl is a league's game clock (time_control:), in place of a fixed
// tempo_ms per move: each bot starts with BaseMS, gets IncMS after each of
// its moves and, when Moves > 0, BaseMS again every Moves of its moves.
// Under it a bot loses on time when its clock runs out.
type TimeControl struct {
	BaseMS int `yaml:"base_ms"`
	IncMS  int `yaml:"inc_ms"`
	Moves  int `yaml:"moves"`
}

// MatchClock returns the clock the league's games are played under: its
// tempo or time_control, margin and what a call is charged (see NewClock).
func (c *Config) MatchClock() referee.Clock {
	return NewClock(c.TempoMS, c.MarginMS, c.TimeControl, c.Clock)
}

// NewClock returns the clock a league, or a command that plays without
// one, charges its bots by: tempoMS and marginMS in milliseconds, tc's game
// clock (nil: none), CPU time unless charge is ClockWall.
func NewClock(tempoMS, marginMS int, tc *TimeControl, charge string) referee.Clock {
	return referee.Clock{
		Tempo:   time.Duration(tempoMS) * time.Millisecond,
		Margin:  time.Duration(marginMS) * time.Millisecond,
		Control: tc.Control(),
		CPU:     charge != ClockWall,
	}
}

// Control returns the referee's time control, nil for a nil t.
func (t *TimeControl) Control() *referee.TimeControl {
	if t == nil {
		return nil
	}
	return &referee.TimeControl{
		Base:  time.Duration(t.BaseMS) * time.Millisecond,
		Inc:   time.Duration(t.IncMS) * time.Millisecond,
		Moves: t.Moves,
	}
}

// String returns t in the notation ParseTimeControl reads: BASE+INC or
// MOVES/BASE+INC, in milliseconds.
func (t TimeControl) String() string {
	s := fmt.Sprintf("%d+%d", t.BaseMS, t.IncMS)
	if t.Moves > 0 {
		s = fmt.Sprintf("%d/%s", t.Moves, s)
	}
	return s
}

// ParseTimeControl reads a game clock written BASE+INC or MOVES/BASE+INC
// (milliseconds; +INC may be left out), as arena play's --time-control
// takes it: 2000+50 is 2 s and 50 ms a move, 40/60000+0 is 60 s every 40
// moves.
func ParseTimeControl(s string) (TimeControl, error) {
	var t TimeControl
	bad := func(why string) (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("time control %q: %s; want BASE+INC or MOVES/BASE+INC in milliseconds, e.g. 2000+50 or 40/60000+0", s, why)
	}
	rest := s
	if moves, after, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil || n < 1 {
			return bad("the moves a period must be a whole number, 1 or more")
		}
		t.Moves, rest = n, after
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	n, err := strconv.Atoi(base)
	if err != nil || n < 1 {
		return bad("the base must be a whole number of milliseconds, 1 or more")
	}
	t.BaseMS = n
	if hasInc {
		n, err := strconv.Atoi(inc)
		if err != nil || n < 0 {
			return bad("the increment must be a whole number of milliseconds, 0 or more")
		}
		t.IncMS = n
	}
	return t, nil
}

// completeTempo checks tempo_ms and time_control: one or the other, the
// default a fixed tempo_ms.
func (c *Config) completeTempo() error {
	t := c.TimeControl
	if t == nil {
		if find(c.root, "tempo_ms") == nil {
			c.TempoMS = DefaultTempoMS
		}
		if err := atLeast("tempo_ms", c.TempoMS, 1); err != nil {
			return c.errAt("tempo_ms: "+err.Error(), "tempo_ms")
		}
		return nil
	}
	if find(c.root, "tempo_ms") != nil && c.TempoMS != 0 {
		return c.errAt("tempo_ms and time_control are both given: keep one (tempo_ms: a fixed time per move; time_control: a game clock)", "time_control")
	}
	c.TempoMS = 0
	for _, f := range []struct {
		v      int
		key    string
		lowest int
	}{{t.BaseMS, "base_ms", 1}, {t.IncMS, "inc_ms", 0}, {t.Moves, "moves", 0}} {
		if err := atLeast(f.key, f.v, f.lowest); err != nil {
			path := []any{"time_control", f.key}
			if find(c.root, path...) == nil {
				path = path[:1] // a missing base_ms: the time_control line
			}
			return c.errAt("time_control: "+f.key+": "+err.Error(), path...)
		}
	}
	return nil
}
