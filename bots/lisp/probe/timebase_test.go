package probe

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

// clockBot answers every call after a time that depends on the tempo it
// is sent: a fake of the bots whose time base the probe measures.
type clockBot struct {
	think func(tempo time.Duration, scale int) time.Duration
	// slow, when set, is added to the first call with each scale: a
	// machine that was busy then.
	slow  time.Duration
	calls map[int]int
	// crashBelow, when set, makes a call that thinks less crash: a bot
	// left without time.
	crashBelow time.Duration
	// stretch, when above 1, is how much longer than its CPU time every
	// call takes by the wall clock: a machine busy all along.
	stretch int
}

func (b clockBot) Ask(ctx context.Context, cfg lisp.Config, st referee.State, tempo time.Duration) (lisp.Raw, error) {
	scale := max(cfg.TempoScale, 1)
	d := b.think(tempo, scale)
	if b.calls != nil {
		if b.calls[scale] == 0 {
			d += b.slow // the first call of each scale
		}
		b.calls[scale]++
	}
	wall := d * time.Duration(max(b.stretch, 1))
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wall {
		return lisp.Raw{}, referee.NewFault(referee.FaultTimeout, context.DeadlineExceeded)
	}
	if d < b.crashBelow {
		return lisp.Raw{}, referee.NewFault(referee.FaultCrash, errors.New("TYPE-ERROR: NIL is not a number"))
	}
	if b.stretch > 1 {
		return lisp.Raw{Elapsed: wall, CPU: d}, nil
	}
	return lisp.Raw{Elapsed: d}, nil
}

func (clockBot) Estado(lisp.Config, referee.State) (string, error) { return "", nil }

func (clockBot) Read(lisp.Config, lisp.Raw) (bots.Answer, string, error) {
	return bots.Answer{}, "", nil
}

func TestMeasureTime(t *testing.T) {
	const tempo = 100 * time.Millisecond
	ms := func(n ...int) []time.Duration {
		var out []time.Duration
		for _, m := range n {
			out = append(out, time.Duration(m)*time.Millisecond)
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		think   func(tempo time.Duration, scale int) time.Duration
		slow    time.Duration   // added to the first call at the tempo
		probed  []time.Duration // the probe's calls
		scale   int
		used    time.Duration
		overran bool
		stretch int // see clockBot
	}{
		{"the slowest call, not the median", func(tp time.Duration, s int) time.Duration { return tp / 2 }, 30 * time.Millisecond, nil, 1, 80 * time.Millisecond, false, 0},
		{"scaled", func(tp time.Duration, s int) time.Duration { return tp * time.Duration(s) / 2000 }, 0, nil, LispWorksScale, 50 * time.Millisecond, false, 0},
		{"a stall seen in the probe's calls", func(tp time.Duration, s int) time.Duration { return tp / 2 }, 0, ms(20, 21, 20, 22, 60, 20), 1, 90 * time.Millisecond, false, 0},
		{"few calls say nothing of stalls", func(tp time.Duration, s int) time.Duration { return tp / 2 }, 0, ms(20, 60), 1, 50 * time.Millisecond, false, 0},
		{"overruns", func(tp time.Duration, s int) time.Duration { return 4 * tp }, 0, nil, 1, 4 * tempo, true, 0},
		// Its CPU time is charged, as a league does: ten times as long by
		// the wall clock is a busy machine, not a bot that overruns.
		{"a busy machine", func(tp time.Duration, s int) time.Duration { return tp / 2 }, 0, nil, 1, 50 * time.Millisecond, false, 10},
		{"cut off at the wall cap", func(tp time.Duration, s int) time.Duration { return tp / 2 }, 0, nil, 1, tempo + lisp.RecommendedMargin, true, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := cavalo.New(1)
			bot := clockBot{think: tc.think, slow: tc.slow, calls: map[int]int{}, stretch: tc.stretch}
			use := measureTime(context.Background(), bot, lisp.Config{TempoScale: tc.scale}, []referee.Sample{{Name: "a", State: &st}}, tc.probed, Options{Tempo: tempo})
			if use.Used() != tc.used || use.Overran != tc.overran || use.Measured != measured {
				t.Errorf("used %v, overran %v, %d calls; want %v, %v, %d (%s)", use.Used(), use.Overran, use.Measured, tc.used, tc.overran, measured, use.Evidence())
			}
		})
	}
}

// sideBot answers the first legal move for white, and for black too
// until ply blackFrom; from then on black answers A1, in white's home
// row, out of its reach on that board: a bot that gets black wrong in the
// middle game only.
type sideBot struct {
	blackFrom int
	last      *referee.State
	asked     *int
}

func (b sideBot) Ask(ctx context.Context, cfg lisp.Config, st referee.State, tempo time.Duration) (lisp.Raw, error) {
	*b.last = st
	*b.asked++
	return lisp.Raw{}, nil
}

func (sideBot) Estado(lisp.Config, referee.State) (string, error) { return "", nil }

func (b sideBot) Read(lisp.Config, lisp.Raw) (bots.Answer, string, error) {
	st := *b.last
	var buf [referee.MaxMoves]referee.Move
	m := st.Moves(buf[:0])[0]
	if st.ToMove() == referee.Black && st.Ply() >= b.blackFrom {
		return bots.Answer{Move: "A1"}, "", nil
	}
	return bots.Answer{Move: st.FormatMove(m)}, "", nil
}

func TestPlayCatchesTheOtherSide(t *testing.T) {
	for _, tc := range []struct {
		name      string
		blackFrom int
		fails     bool
	}{
		{"both sides right", 1 << 20, false},
		{"black wrong in the middle game", 4, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var last referee.State
			asked := 0
			tr := &trial{}
			tr.play(context.Background(), sideBot{blackFrom: tc.blackFrom, last: &last, asked: &asked}, cavalo.Game{}, []lisp.Config{{}}, 10*time.Millisecond)
			if (tr.failure != "") != tc.fails {
				t.Fatalf("failure %q, want one: %v (evidence %+v)", tr.failure, tc.fails, tr.evidence)
			}
			if tc.fails {
				if !strings.Contains(tr.failure, "black to move") || !strings.Contains(tr.failure, "game from the board of round 1") {
					t.Errorf("failure %q does not say the side and the game", tr.failure)
				}
				return
			}
			if asked != 2*pliesPerSide || tr.passed != asked {
				t.Errorf("asked %d times, %d legal; want %d", asked, tr.passed, 2*pliesPerSide)
			}
		})
	}
}
