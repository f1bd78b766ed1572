package builtin

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/internal/samples"
	"github.com/arenabots/arena/referee"
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
	limit := 2*tempo + schedulingSlack(t) // the bot stops at 70% of tempo
	start := time.Now()
	a, err := b.Jogar(context.Background(), st, tempo)
	if el := time.Since(start); el > limit {
		t.Errorf("answered after %v, tempo %v", el, tempo)
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

// schedulingSlack is what a test of a bot's own clock allows beyond twice
// its tempo: 20 ms, plus four times the worst lateness of a goroutine waking
// from a short sleep on this machine right now, so that the bound follows
// how busy the machine is (a loaded CI machine, -race) instead of a
// constant. A bot that stops at 70 % of its tempo stays well inside; one
// that ignores its clock searches for seconds. How far past its tempo a
// bot answers is measured by benchmarks, not by these tests.
func schedulingSlack(t *testing.T) time.Duration {
	t.Helper()
	const nap = 5 * time.Millisecond
	var late time.Duration
	for range 5 {
		start := time.Now()
		time.Sleep(nap)
		late = max(late, time.Since(start)-nap)
	}
	slack := 20*time.Millisecond + 4*late
	t.Logf("scheduling slack here: %v", slack.Round(100*time.Microsecond))
	return slack
}
