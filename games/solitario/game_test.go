package solitario

import (
	"maps"
	"strings"
	"testing"
)

// TestOpeningFrozen pins the opening of one seed: the draw must give the
// same board in every version of arena.
func TestOpeningFrozen(t *testing.T) {
	want := strings.Join([]string{
		"   1 2 3 4 5 6 7",
		"1      1 1 1",
		"2      1 . 1",
		"3  . . . . 1 . .",
		"4  . . . . . . .",
		"5  . . . . . 2 .",
		"6      2 2 .",
		"7      2 2 2",
		"white 0, black 0, white to move, ply 4 of 200",
	}, "\n")
	if got := (Game{OpeningPlies: 4}).New(1).String(); got != want {
		t.Errorf("seed 1, 4 opening plies:\n%s\nwant\n%s", got, want)
	}
}

func TestConfigure(t *testing.T) {
	tests := []struct {
		name    string
		options map[string]int
		want    Game
		errs    []string // want an error holding each of these
	}{
		{name: "defaults", options: nil, want: Game{}},
		{name: "both", options: map[string]int{"max_plies": 300, "opening_plies": 4}, want: Game{MaxPlies: 300, OpeningPlies: 4}},
		{name: "unknown key", options: map[string]int{"rows": 7}, errs: []string{`"rows"`, "max_plies or opening_plies"}},
		{name: "cap too small", options: map[string]int{"max_plies": 0}, errs: []string{"max_plies is 0", "want 1 to 1000"}},
		{name: "cap too large", options: map[string]int{"max_plies": 5000}, errs: []string{"max_plies is 5000"}},
		{name: "negative opening", options: map[string]int{"opening_plies": -1}, errs: []string{"opening_plies is -1", "0 or more"}},
		{name: "opening past the cap", options: map[string]int{"max_plies": 10, "opening_plies": 10}, errs: []string{"opening_plies is 10", "fewer than max_plies (10)"}},
		{name: "opening past the default cap", options: map[string]int{"opening_plies": 200}, errs: []string{"fewer than max_plies (200)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Configure(tc.options)
			if tc.errs == nil {
				if err != nil || g != tc.want {
					t.Fatalf("Configure = %+v, %v; want %+v", g, err, tc.want)
				}
				return
			}
			if err == nil {
				t.Fatalf("Configure = %+v, want an error", g)
			}
			for _, s := range tc.errs {
				if !strings.Contains(err.Error(), s) || !strings.HasPrefix(err.Error(), "game_options: ") {
					t.Errorf("error %q, want it to start with game_options: and hold %q", err, s)
				}
			}
		})
	}
}

func TestOptions(t *testing.T) {
	for _, tc := range []struct {
		g    Game
		want map[string]int
	}{
		{Game{}, map[string]int{"max_plies": 200, "opening_plies": 0}},
		{Game{MaxPlies: 50, OpeningPlies: 6}, map[string]int{"max_plies": 50, "opening_plies": 6}},
	} {
		if got := tc.g.Options(); !maps.Equal(got, tc.want) {
			t.Errorf("%+v.Options() = %v, want %v", tc.g, got, tc.want)
		}
		back, err := Configure(tc.g.Options())
		if err != nil || back.(Game).Options()["max_plies"] != tc.want["max_plies"] {
			t.Errorf("Configure(Options()) = %+v, %v", back, err)
		}
	}
}

// TestOpening checks the opening plies: the same seed gives the same
// board, different seeds different ones, Ply starts at 0 while the cap
// counts the opening, and the game is never over at the start.
func TestOpening(t *testing.T) {
	g := Game{OpeningPlies: 8}
	encode := func(seed uint64) string {
		data, err := g.New(seed).Encode()
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if a, b := encode(7), encode(7); a != b {
		t.Errorf("seed 7 gives two boards:\n%s\n%s", a, b)
	}
	boards := map[string]bool{}
	for seed := range uint64(20) {
		boards[encode(seed)] = true
		p := g.New(seed).(*Position)
		if p.Ply() != 0 || p.GamePly() != 8 || p.Terminal() {
			t.Errorf("seed %d: Ply %d, GamePly %d (want 0 and 8), Terminal %v\n%s", seed, p.Ply(), p.GamePly(), p.Terminal(), p)
		}
	}
	if len(boards) < 15 {
		t.Errorf("20 seeds give %d boards, want most of them different", len(boards))
	}
	if a, b := encode(1), encode(2); a == b {
		t.Errorf("seeds 1 and 2 give the same board %s", a)
	}
	start := New(DefaultMaxPlies)
	if got := (Game{}).New(99).(*Position); *got != start {
		t.Errorf("no opening plies: New(99) =\n%s\nwant the start", got)
	}
}

// TestOpeningStopsShort checks that an opening stops before the game would
// end: with a cap of 3 plies, a 10-ply opening (which Configure refuses)
// plays 2.
func TestOpeningStopsShort(t *testing.T) {
	p := New(3)
	p.open(10, 5)
	if p.GamePly() != 2 || p.Ply() != 0 || p.Terminal() {
		t.Errorf("open(10) with a cap of 3: GamePly %d, Ply %d, Terminal %v; want 2, 0 and a game going on", p.GamePly(), p.Ply(), p.Terminal())
	}
}
