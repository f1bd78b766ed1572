package adji

import (
	"maps"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

// TestGame runs referee/gametest's checks under the default rules and
// under every option: on 7 seeds the default rules and every option at
// once, on 3 each option alone.
func TestGame(t *testing.T) {
	seeds := []uint64{0, 1, 2, 3, 42, 2026, 1<<64 - 1}
	few := seeds[:3]
	if testing.Short() {
		seeds = few
	}
	for _, tt := range []struct {
		g     Game
		seeds []uint64
	}{
		{Game{}, seeds},
		{Game{SowOrigin: true}, few},
		{Game{FirstRow: 1}, few},
		{Game{MaxPlies: 9}, few},
		{Game{OpeningPlies: 7}, few},
		{Game{SowOrigin: true, FirstRow: 1, MaxPlies: 120, OpeningPlies: 40}, seeds},
	} {
		if err := gametest.TestGame(tt.g, tt.seeds); err != nil {
			t.Errorf("%+v: %v", tt.g, err)
		}
	}
}

func TestConfigure(t *testing.T) {
	tests := []struct {
		options map[string]int
		want    Game
		err     string // a part of the error, "" for none
	}{
		{nil, Game{MaxPlies: 300}, ""},
		{map[string]int{"skip_origin": 1, "first_row": 0, "max_plies": 300, "opening_plies": 0}, Game{MaxPlies: 300}, ""},
		{map[string]int{"skip_origin": 0}, Game{SowOrigin: true, MaxPlies: 300}, ""},
		{map[string]int{"first_row": 1, "max_plies": 50, "opening_plies": 49}, Game{FirstRow: 1, MaxPlies: 50, OpeningPlies: 49}, ""},
		{map[string]int{"skip_origin": 2}, Game{}, "skip_origin is 2: want 1"},
		{map[string]int{"first_row": -1}, Game{}, "first_row is -1: want 0"},
		{map[string]int{"max_plies": 0}, Game{}, "max_plies is 0: want 1 to 10000"},
		{map[string]int{"max_plies": 10001}, Game{}, "max_plies is 10001"},
		{map[string]int{"opening_plies": -3}, Game{}, "opening_plies is -3: want 0 or more"},
		{map[string]int{"opening_plies": 300}, Game{}, "opening_plies is 300: want fewer than max_plies (300)"},
		{map[string]int{"max_plies": 10, "opening_plies": 10}, Game{}, "opening_plies is 10: want fewer than max_plies (10)"},
		{map[string]int{"rows": 2}, Game{}, `adji has no option "rows": want skip_origin, first_row, max_plies or opening_plies`},
	}
	for _, tt := range tests {
		g, err := Configure(tt.options)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("Configure(%v): %v", tt.options, err)
		case tt.err == "" && g != tt.want:
			t.Errorf("Configure(%v) = %+v, want %+v", tt.options, g, tt.want)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || !strings.HasPrefix(err.Error(), "game_options: ")):
			t.Errorf("Configure(%v): error %v, want one with %q", tt.options, err, tt.err)
		}
	}
}

func TestOptions(t *testing.T) {
	want := map[string]int{"skip_origin": 1, "first_row": 0, "max_plies": 300, "opening_plies": 0}
	if got := (Game{}).Options(); !maps.Equal(got, want) {
		t.Errorf("Game{}.Options() = %v, want %v", got, want)
	}
	set := map[string]int{"skip_origin": 0, "first_row": 1, "max_plies": 80, "opening_plies": 5}
	g, err := Configure(set)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.(Game).Options(); !maps.Equal(got, set) {
		t.Errorf("Options() = %v, want %v", got, set)
	}
	if again, err := Configure(g.(Game).Options()); err != nil || again != g {
		t.Errorf("Configure(Options()) = %+v, %v; want %+v", again, err, g)
	}
	def, _ := Configure(nil)
	start := Start()
	if got := start.Game(); got != def {
		t.Errorf("Start().Game() = %+v, want Configure(nil) = %+v", got, def)
	}
}

// TestOpening checks opening_plies: the same seed gives the same opening,
// different seeds mostly different ones; the plies count toward the cap
// and pass the turn, but Ply stays 0.
func TestOpening(t *testing.T) {
	g := Game{OpeningPlies: 9, MaxPlies: 100}
	seen := map[string]bool{}
	for seed := range uint64(20) {
		a, b := g.New(seed).(*Position), g.New(seed).(*Position)
		if *a != *b {
			t.Fatalf("seed %d: two openings differ:\n%s\n%s", seed, a, b)
		}
		if a.Ply() != 0 || a.PliesLeft() != 91 || a.ToMove() != referee.Black {
			t.Errorf("seed %d: ply %d, %d plies left, %v to move; want 0, 91, black", seed, a.Ply(), a.PliesLeft(), a.ToMove())
		}
		seen[a.String()] = true
	}
	if len(seen) < 15 {
		t.Errorf("20 seeds gave %d openings, want nearly 20", len(seen))
	}
	// The opening is a replay of moves drawn from the seed: the first
	// draw picks among the 6 holes of the start.
	r := referee.SplitMix64{State: 5}
	p := Start()
	p.Play(referee.Move(r.Below(6)))
	one := Game{OpeningPlies: 1}.New(5).(*Position)
	if one.holes != p.holes || one.ToMove() != referee.Black {
		t.Errorf("one opening ply from seed 5:\n%s\nwant\n%s", one, &p)
	}
	if zero := (Game{}).New(5).(*Position); *zero != Start() {
		t.Errorf("no opening plies: New(5) is\n%s\nwant the start", zero)
	}
}

// TestSamples checks that the samples are positions with a choice, and
// that with player 1 on row 1 they are the same positions turned round.
func TestSamples(t *testing.T) {
	a, err := Game{}.Samples(3)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Game{FirstRow: 1}.Samples(3)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != 4 || len(b) != 4 {
		t.Fatalf("%d and %d samples, want 4", len(a), len(b))
	}
	var buf [referee.MaxMoves]referee.Move
	for i := range a {
		p, q := a[i].State.(*Position), b[i].State.(*Position)
		if n := len(p.Moves(buf[:0])); n < 2 {
			t.Errorf("%s: %d moves, want a choice", a[i].Name, n)
		}
		// Each move of p and the hole turned half a turn in q lead to
		// positions turned round, with the same scores.
		for _, m := range p.Moves(buf[:0]) {
			x, y := *p, *q
			x.Play(m)
			y.Play(Holes - 1 - m)
			x.turn()
			if x.holes != y.holes || x.score != y.score {
				t.Errorf("%s: %s under first_row 0 and 1 part:\n%s\n%s", a[i].Name, FormatMove(m), &x, &y)
			}
		}
	}
	capture := a[1].State.(*Position)
	captures := 0
	for _, m := range capture.Moves(buf[:0]) {
		x := *capture
		x.Play(m)
		if x.score != capture.score {
			captures++
		}
	}
	if captures == 0 {
		t.Errorf("%s: no move captures", a[1].Name)
	}
}
