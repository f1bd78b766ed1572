package dots

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

// play parses and plays moves on p, failing t on a bad or illegal one.
func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if !referee.Legal(p, m) {
			t.Fatalf("%s is not legal", text)
		}
		p.Play(m)
	}
}

func TestRules(t *testing.T) {
	tests := []struct {
		name   string
		moves  []string // played from the empty 2x2 board
		scores [2]int
		toMove referee.Side
	}{
		{"an arc passes the turn", []string{"A1-B1"}, [2]int{0, 0}, referee.Black},
		{"closing a box moves again", []string{"A1-B1", "A1-A2", "B1-B2", "A2-B2"}, [2]int{0, 1}, referee.Black},
		{"an arc after a box passes", []string{"A1-B1", "A1-A2", "B1-B2", "A2-B2", "C1-C2"}, [2]int{0, 1}, referee.White},
		// White draws the shared arc B1-B2 last: it closes both top boxes.
		{"two boxes with one arc", []string{"A1-B1", "B1-C1", "A1-A2", "C1-C2", "A2-B2", "B2-C2", "B1-B2"}, [2]int{2, 0}, referee.White},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := New(2, 2)
			play(t, &p, tt.moves...)
			if got := p.Scores(); got != tt.scores {
				t.Errorf("scores: got %v, want %v", got, tt.scores)
			}
			if got := p.ToMove(); got != tt.toMove {
				t.Errorf("to move: got %v, want %v", got, tt.toMove)
			}
		})
	}
}

func TestNotation(t *testing.T) {
	p := New(DefaultRows, DefaultCols)
	tests := []struct {
		in, want string // want "" for an error
	}{
		{"A1-B1", "A1-B1"},
		{"b1-a1", "A1-B1"},
		{"A1-A2", "A1-A2"},
		{" a2-A1 ", "A1-A2"},
		{"F6-G6", "F6-G6"},
		{"G5-G6", "G5-G6"},
		{"A1-B2", ""}, // not adjacent
		{"A1-A1", ""},
		{"A1-H1", ""}, // off the board
		{"G6-G7", ""},
		{"A0-A1", ""},
		{"A1", ""},
		{"", ""},
		{"A1-B1-C1", ""},
	}
	for _, tt := range tests {
		m, err := p.ParseMove(tt.in)
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("ParseMove(%q) = %s, want an error", tt.in, p.FormatMove(m))
		case tt.want != "" && err != nil:
			t.Errorf("ParseMove(%q): %v", tt.in, err)
		case tt.want != "" && p.FormatMove(m) != tt.want:
			t.Errorf("ParseMove(%q) = %s, want %s", tt.in, p.FormatMove(m), tt.want)
		}
	}
	// The bottom-right box of the 5x6 board closes with these four arcs.
	for _, text := range []string{"F6-G6", "F5-G5", "F5-F6", "G5-G6"} {
		m, _ := p.ParseMove(text)
		if b := p.beside(int(m)); b[0] != 29 && b[1] != 29 {
			t.Errorf("%s does not border box 29 (F5): beside %v", text, b)
		}
	}
}

func TestDecodeRejects(t *testing.T) {
	good := `{"game":"dots","rows":2,"cols":2,"horizontal":[[0,0],[0,0],[0,0]],"vertical":[[0,0],[0,0],[0,0]],"scores":[0,0],"to_move":1}`
	if _, err := Decode([]byte(good)); err != nil {
		t.Fatalf("Decode(good): %v", err)
	}
	tests := []struct{ name, old, new, want string }{
		{"game", `"dots"`, `"cavalo"`, "game is"},
		{"size", `"rows":2`, `"rows":11`, "want rows and cols"},
		{"lists", `[[0,0],[0,0],[0,0]],"vertical"`, `[[0,0],[0,0]],"vertical"`, "horizontal has 2 lists"},
		{"value", `[[0,0],[0,0],[0,0]],"scores"`, `[[0,0],[0,3],[0,0]],"scores"`, "want 0, 1 or 2"},
		{"scores", `"scores":[0,0]`, `"scores":[1,0]`, "add up"},
		{"to move", `"to_move":1`, `"to_move":0`, "to_move"},
		{"unknown key", `"to_move":1`, `"to_move":1,"x":2`, "unknown field"},
	}
	for _, tt := range tests {
		_, err := Decode([]byte(strings.Replace(good, tt.old, tt.new, 1)))
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "position: ") {
			t.Errorf("%s: got %v, want an error with %q", tt.name, err, tt.want)
		}
	}
}

func TestString(t *testing.T) {
	p := New(2, 2)
	play(t, &p, "A1-B1", "A1-A2", "B1-B2", "A2-B2", "C1-C2")
	want := "   A   B   C\n" +
		" 1 +---+   +\n" +
		"   | 2 |   |\n" +
		" 2 +---+   +\n" +
		"\n" +
		" 3 +   +   +\n" +
		"white 0, black 1, white to move"
	if got := p.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestOpening(t *testing.T) {
	for _, k := range []int{0, 1, 10, 30, 1000} {
		g := Game{OpeningArcs: k}
		a, b := g.New(7).(*Position), g.New(7).(*Position)
		if *a != *b {
			t.Fatalf("opening_arcs %d: New(7) differs between two calls", k)
		}
		drawn := 0
		for arc := range a.Arcs() {
			if a.Drawn(arc) != 0 {
				drawn++
			}
		}
		if drawn > k || k <= 10 && drawn != k {
			t.Errorf("opening_arcs %d: %d arcs drawn", k, drawn)
		}
		for r := range a.Rows() {
			for c := range a.Cols() {
				if s := a.Sides(r, c); s > 2 {
					t.Errorf("opening_arcs %d: box %d,%d has %d sides", k, r, c, s)
				}
			}
		}
		if a.Ply() != 0 || a.ToMove() != referee.White {
			t.Errorf("opening_arcs %d: ply %d, %v to move; want 0, white", k, a.Ply(), a.ToMove())
		}
	}
	if a, b := (Game{OpeningArcs: 10}).New(1), (Game{OpeningArcs: 10}).New(2); a.String() == b.String() {
		t.Error("seeds 1 and 2 give the same opening")
	}
}

func TestGametest(t *testing.T) {
	for _, g := range []Game{{}, {Rows: 2, Cols: 2}, {Rows: 10, Cols: 10, OpeningArcs: 20}, {Rows: 3, Cols: 7, OpeningArcs: 5}} {
		if err := gametest.TestGame(g, []uint64{0, 1, 42}); err != nil {
			t.Errorf("TestGame(%+v): %v", g, err)
		}
	}
}

// FuzzGame plays random games: the scores always add up to the closed
// boxes, the game ends after exactly all arcs, and never earlier; IsLegal
// holds of the moves Moves gives and of no other.
func FuzzGame(f *testing.F) {
	f.Add(uint8(5), uint8(6), uint64(0))
	f.Add(uint8(2), uint8(2), uint64(1))
	f.Add(uint8(10), uint8(10), uint64(2))
	f.Fuzz(func(t *testing.T, rows, cols uint8, seed uint64) {
		r, c := MinSize+int(rows)%(MaxSize-MinSize+1), MinSize+int(cols)%(MaxSize-MinSize+1)
		p := New(r, c)
		rng := referee.SplitMix64{State: seed}
		var buf [referee.MaxMoves]referee.Move
		for ply := 0; ; ply++ {
			moves := p.Moves(buf[:0])
			if got, want := len(moves), p.Arcs()-ply; got != want {
				t.Fatalf("%dx%d ply %d: %d moves, want %d", r, c, ply, got, want)
			}
			for m := range referee.Move(maxArcs + 2) {
				if got, want := p.IsLegal(m), slices.Contains(moves, m); got != want {
					t.Fatalf("%dx%d ply %d: IsLegal(%d) = %v, want %v", r, c, ply, m, got, want)
				}
			}
			if p.IsLegal(math.MaxUint32) {
				t.Fatalf("%dx%d ply %d: IsLegal(MaxUint32) = true", r, c, ply)
			}
			if p.Terminal() != (len(moves) == 0) {
				t.Fatalf("%dx%d ply %d: Terminal() = %v with %d moves", r, c, ply, p.Terminal(), len(moves))
			}
			closed := 0
			for b := range r * c {
				if p.sides(b) == 4 {
					closed++
				}
			}
			if sc := p.Scores(); sc[0]+sc[1] != closed {
				t.Fatalf("%dx%d ply %d: scores %v, %d boxes closed", r, c, ply, sc, closed)
			}
			if len(moves) == 0 {
				if ply != p.Arcs() {
					t.Fatalf("%dx%d: game over after %d plies, want %d", r, c, ply, p.Arcs())
				}
				return
			}
			p.Play(moves[rng.Below(uint64(len(moves)))])
		}
	})
}

func TestConfigure(t *testing.T) {
	tests := []struct {
		options map[string]int
		want    Game
		err     string
	}{
		{nil, Game{}, ""},
		{map[string]int{"rows": 3, "cols": 10, "opening_arcs": 4}, Game{Rows: 3, Cols: 10, OpeningArcs: 4}, ""},
		{map[string]int{"rows": 1}, Game{}, "game_options: rows is 1: want 2 to 10 boxes"},
		{map[string]int{"cols": 11}, Game{}, "game_options: cols is 11"},
		{map[string]int{"size": 3}, Game{}, `no option "size"`},
		{map[string]int{"rows": 0}, Game{}, "rows is 0"},
		{map[string]int{"opening_arcs": -1}, Game{}, "opening_arcs is -1"},
	}
	for _, tt := range tests {
		g, err := Configure(tt.options)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("Configure(%v): got error %v, want %q", tt.options, err, tt.err)
		case tt.err == "" && (err != nil || g != tt.want):
			t.Errorf("Configure(%v) = %v, %v; want %v", tt.options, g, err, tt.want)
		}
	}
}
