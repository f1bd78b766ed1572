package builtin

import (
	"context"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/internal/samples"
	"github.com/arenabots/arena/referee"
	"golang.org/x/sys/unix"
)

// loadSample returns reference position name as the bots receive it.
func loadSample(tb testing.TB, name string) *cavalo.Position {
	return samples.Load(tb, name).(*cavalo.Position)
}

// otherState is a position of some other game.
type otherState struct{ referee.State }

func (otherState) Game() referee.Game { return otherGame{} }

type otherGame struct{ referee.Game }

func (otherGame) Name() string { return "xiangqi" }

// checkAnswer checks that a answers st with a legal move, the state it
// leads to and search statistics, leaving st as it was.
func checkAnswer(t *testing.T, st *cavalo.Position, before cavalo.Position, a bots.Answer) {
	t.Helper()
	if *st != before {
		t.Fatal("the bot changed the referee's state")
	}
	m, err := st.ParseMove(a.Move)
	if err != nil || !referee.Legal(st, m) {
		t.Fatalf("move %q is not legal (%v)", a.Move, err)
	}
	want := st.Clone()
	want.Play(m)
	if a.State == nil {
		t.Fatal("no claimed state")
	}
	if d := want.(*cavalo.Position).Diff(a.State); d != "" {
		t.Errorf("claimed state differs: %s", d)
	}
	if a.Stats.Nodes <= 0 {
		t.Errorf("stats %+v: no nodes", a.Stats)
	}
	if len(a.Stats.PV) > 0 && a.Stats.PV[0] != a.Move {
		t.Errorf("PV %v does not start with the move %s", a.Stats.PV, a.Move)
	}
}

func TestClassicOptions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		opts    Options
		depth   int
		wantErr string
	}{
		{nil, 4, ""},
		{Options{"depth": "2"}, 2, ""},
		{Options{"depth": " 6 "}, 6, ""},
		{Options{"depth": "0"}, 0, "option depth"},
		{Options{"depth": "2.5"}, 0, "whole number"},
		{Options{"depth": "deep"}, 0, "option depth"},
		{Options{"depht": "3"}, 0, "unknown option depht (known: depth)"},
	}
	for _, tc := range tests {
		b, err := newClassic(tc.opts)
		switch {
		case tc.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%v: got error %v, want one with %q", tc.opts, err, tc.wantErr)
			}
		case err != nil:
			t.Errorf("%v: %v", tc.opts, err)
		case b.(*classic).depth != tc.depth:
			t.Errorf("%v: depth %d, want %d", tc.opts, b.(*classic).depth, tc.depth)
		}
	}
}

func TestClassicPlays(t *testing.T) {
	t.Parallel()
	for _, name := range samples.Names() {
		st := loadSample(t, name)
		before := *st
		b, err := newClassic(nil)
		if err != nil {
			t.Fatal(err)
		}
		a, err := b.Jogar(context.Background(), st, time.Second)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkAnswer(t, st, before, a)
		if a.Stats.Depth != 4 {
			t.Errorf("%s: depth %d, want 4", name, a.Stats.Depth)
		}
	}
}

func TestClassicTakesTheBest(t *testing.T) {
	t.Parallel()
	// White on A1 can take 20 or 50; 50 ends the game 50-10, 20 leads on
	// to 40 and 45 for 105.
	js := `{"board": [[-1, null, null, null, null, null, null, null, null, null],
		[null, null, 20, null, null, null, null, null, null, null],
		[null, 50, null, null, 40, null, null, null, null, null],
		[null, null, null, null, null, null, 45, null, null, null],
		[null, null, null, null, null, null, null, null, null, null],
		[null, null, null, null, null, null, null, null, null, null],
		[null, null, null, null, null, null, null, null, null, null],
		[null, null, null, null, null, null, null, null, null, null],
		[null, null, null, null, null, null, null, null, null, null],
		[null, null, null, null, null, null, null, null, null, -2]], "scores": [0, 10], "to_move": 1}`
	c, err := cavalo.Decode([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		depth string
		want  string
	}{{"1", "B3"}, {"5", "C2"}} {
		b, err := newClassic(Options{"depth": tc.depth})
		if err != nil {
			t.Fatal(err)
		}
		a, err := b.Jogar(context.Background(), &c, time.Second)
		if err != nil || a.Move != tc.want {
			t.Errorf("depth %s: got %q, %v; want %s", tc.depth, a.Move, err, tc.want)
		}
	}
}

func TestClassicRespectsTime(t *testing.T) {
	t.Parallel()
	st := loadSample(t, "s3_p9")
	before := *st
	b, err := newClassic(Options{"depth": "30"})
	if err != nil {
		t.Fatal(err)
	}
	const tempo = 50 * time.Millisecond
	a, cpu, err := jogarCPU(t, b, st, tempo) // the bot stops at 70% of tempo
	if cpu > 2*tempo {
		t.Errorf("answered after %v of CPU, tempo %v", cpu, tempo)
	}
	if err != nil {
		t.Fatal(err)
	}
	checkAnswer(t, st, before, a)
}

func TestSearchBotsRejectOtherGames(t *testing.T) {
	t.Parallel()
	for name, f := range map[string]Factory{"classic": newClassic, "alphabeta": newAlphaBeta} {
		b, err := f(nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Jogar(context.Background(), otherState{}, time.Second); err == nil || !strings.Contains(err.Error(), "xiangqi") {
			t.Errorf("%s: got error %v for a xiangqi position", name, err)
		}
		empty := strings.Repeat(`null,`, 9) + `null`
		ended, err := cavalo.Decode([]byte(`{"board": [[-1,` + strings.Repeat(`null,`, 8) + `null],` +
			strings.Repeat(`[`+empty+`],`, 8) + `[` + strings.Repeat(`null,`, 9) + `-2]], "scores": [1, 2], "to_move": 1}`))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Jogar(context.Background(), &ended, time.Second); err == nil {
			t.Errorf("%s: no error for a finished game", name)
		}
		if info := b.Info(); info.Name != name || !slices.Contains(info.Games, cavalo.Name) {
			t.Errorf("%s: info %+v", name, info)
		}
	}
}

// jogarCPU calls b.Jogar on this goroutine, locked to its thread, and
// returns its answer, the CPU time the thread used for it and its error.
// A bot of this package searches on the caller's goroutine: a bot that
// ignores its clock uses seconds of CPU, one that stops at 70 % of its
// tempo less than the tempo, however busy the machine (a busy machine
// makes the wall time longer, not the CPU time). How far past its tempo a
// bot answers is measured by benchmarks, not by these tests.
func jogarCPU(t *testing.T, b bots.Bot, st referee.State, tempo time.Duration) (bots.Answer, time.Duration, error) {
	t.Helper()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	before := threadCPU(t)
	a, err := b.Jogar(context.Background(), st, tempo)
	return a, threadCPU(t) - before, err
}

// threadCPU returns the CPU time this thread has used.
func threadCPU(t *testing.T) time.Duration {
	t.Helper()
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		t.Fatalf("reading the thread's CPU clock: %v", err)
	}
	return time.Duration(ts.Nano())
}
