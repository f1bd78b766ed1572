package quatro

import (
	"math/bits"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

// TestGame runs the conformance checks of gametest on the plain game and
// on games with opening plies.
func TestGame(t *testing.T) {
	seeds := []uint64{0, 1, 2, 42, 1 << 63}
	for _, g := range []Game{{}, {OpeningPlies: 1}, {OpeningPlies: 6}, {OpeningPlies: MaxOpeningPlies}} {
		if err := gametest.TestGame(g, seeds); err != nil {
			t.Errorf("opening_plies %d:\n%v", g.OpeningPlies, err)
		}
	}
}

// play plays moves, in the notation, from q, failing t on a move that does
// not parse or is not legal.
func play(t *testing.T, q *Position, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := q.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if !referee.Legal(q, m) {
			t.Fatalf("%s is not legal in\n%s", text, q)
		}
		q.Play(m)
	}
}

// TestWins completes each kind of line with pieces sharing each attribute
// value and checks that the mover wins: White when the line is completed
// by the fourth piece placed, Black by the fifth. Each line is filled with
// pieces that share only the one value, so a wrong attribute test misses.
func TestWins(t *testing.T) {
	lineCells := map[string][]string{
		"row 1":       {"A1", "B1", "C1", "D1"},
		"row 4":       {"A4", "B4", "C4", "D4"},
		"column B":    {"B1", "B2", "B3", "B4"},
		"column C":    {"C1", "C2", "C3", "C4"},
		"column D":    {"D1", "D2", "D3", "D4"},
		"diagonal A1": {"A1", "B2", "C3", "D4"},
		"diagonal D1": {"D1", "C2", "B3", "A4"},
		"row 3":       {"A3", "B3", "C3", "D3"},
		"column A":    {"A1", "A2", "A3", "A4"},
		"row 2":       {"A2", "B2", "C2", "D2"},
	}
	// Four pieces sharing exactly one attribute value each (the others
	// take both values twice).
	sharing := map[string][]string{
		"BRANCA":   {"BQAC", "BRBC", "BQBO", "BRAO"},
		"PRETA":    {"PQAC", "PRBC", "PQBO", "PRAO"},
		"QUADRADA": {"BQAC", "PQBC", "BQBO", "PQAO"},
		"REDONDA":  {"BRAC", "PRBC", "BRBO", "PRAO"},
		"ALTA":     {"BQAC", "PRAC", "BRAO", "PQAO"},
		"BAIXA":    {"BQBC", "PRBC", "BRBO", "PQBO"},
		"CHEIA":    {"BQAC", "PRAC", "BRBC", "PQBC"},
		"OCA":      {"BQAO", "PRAO", "BRBO", "PQBO"},
	}
	for line, cells := range lineCells {
		for value, pieces := range sharing {
			t.Run(line+"/"+value, func(t *testing.T) {
				q := New()
				for i := range 3 {
					play(t, &q, cells[i]+":"+pieces[i])
				}
				if q.Terminal() {
					t.Fatalf("over after three pieces of %s", line)
				}
				mover := q.ToMove()
				play(t, &q, cells[3]+":"+pieces[3])
				if got := q.Winner(); got != mover || !q.Terminal() {
					t.Fatalf("after %s on %s: winner %v (terminal %v), want %v\n%s", pieces, cells, got, q.Terminal(), mover, &q)
				}
				if got, want := q.Scores(), [2]int{0, 1}; got != want {
					t.Errorf("Scores() = %v, want %v", got, want)
				}
				if n := len(q.Moves(nil)); n != 0 {
					t.Errorf("%d moves after the win, want none", n)
				}
			})
		}
	}
	t.Run("white", func(t *testing.T) {
		q := New()
		play(t, &q, "D4:PRBO", "A1:BQAC", "B1:BRBO", "C1:BQBO", "D1:BRAC")
		if got := q.Winner(); got != referee.White || q.Scores() != [2]int{1, 0} {
			t.Errorf("winner %v, scores %v, want white, [1 0]", got, q.Scores())
		}
	})
	t.Run("no shared value", func(t *testing.T) {
		q := New()
		// BQAC, PRBO, BRBC and PQAO take both values of every attribute.
		play(t, &q, "A1:BQAC", "B1:PRBO", "C1:BRBC", "D1:PQAO")
		if q.Terminal() || q.Winner() != 0 {
			t.Errorf("a row sharing no value ended the game:\n%s", &q)
		}
	})
}

// TestDraw fills the board with no line sharing a value: a draw.
func TestDraw(t *testing.T) {
	// A known drawn filling: each line's pieces take both values of every
	// attribute (found by search, checked here move by move).
	q := drawnBoard(t)
	if !q.Terminal() || q.Winner() != 0 || q.Scores() != [2]int{} {
		t.Errorf("full board: terminal %v, winner %v, scores %v, want a draw\n%s", q.Terminal(), q.Winner(), q.Scores(), &q)
	}
	if !strings.Contains(q.String(), "draw") {
		t.Errorf("String() of a draw does not say so:\n%s", &q)
	}
}

// drawnBoard returns a full board without a line, found by a search from
// the empty board (deterministic: first moves first).
func drawnBoard(t *testing.T) Position {
	t.Helper()
	var search func(q *Position) bool
	search = func(q *Position) bool {
		if q.filled == fullBoard {
			return q.winner == 0
		}
		var buf [referee.MaxMoves]referee.Move
		for _, m := range q.Moves(buf[:0]) {
			c, p := split(m)
			if q.completes(c, p) {
				continue
			}
			saved := *q
			q.Play(m)
			if search(q) {
				return true
			}
			*q = saved
		}
		return false
	}
	q := New()
	if !search(&q) {
		t.Fatal("no drawn board found")
	}
	return q
}

func TestConfigure(t *testing.T) {
	for _, c := range []struct {
		name    string
		options map[string]int
		want    Game
		err     string
	}{
		{"none", nil, Game{}, ""},
		{"zero", map[string]int{"opening_plies": 0}, Game{}, ""},
		{"four", map[string]int{"opening_plies": 4}, Game{OpeningPlies: 4}, ""},
		{"max", map[string]int{"opening_plies": MaxOpeningPlies}, Game{OpeningPlies: MaxOpeningPlies}, ""},
		{"negative", map[string]int{"opening_plies": -1}, Game{}, "opening_plies is -1: want 0 to 12"},
		{"too many", map[string]int{"opening_plies": 13}, Game{}, "opening_plies is 13: want 0 to 12"},
		{"unknown", map[string]int{"rows": 4}, Game{}, `quatro has no option "rows": want opening_plies`},
		{"unknown first", map[string]int{"opening_plies": 2, "arcs": 1}, Game{}, `no option "arcs"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := Configure(c.options)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) || !strings.HasPrefix(err.Error(), "game_options: ") {
					t.Fatalf("Configure(%v) = %v, %v; want an error with %q", c.options, g, err, c.err)
				}
				return
			}
			if err != nil || g != c.want {
				t.Fatalf("Configure(%v) = %v, %v; want %v", c.options, g, err, c.want)
			}
			if got := g.(Game).Options()["opening_plies"]; got != c.want.OpeningPlies {
				t.Errorf("Options()[opening_plies] = %d, want %d", got, c.want.OpeningPlies)
			}
		})
	}
}

// TestOpening checks that opening plies are deterministic by seed, differ
// between seeds, alternate the side to move, leave Ply at 0 and end no
// game.
func TestOpening(t *testing.T) {
	for _, k := range []int{1, 4, 7, MaxOpeningPlies} {
		g := Game{OpeningPlies: k}
		distinct := map[string]bool{}
		for seed := range uint64(50) {
			a, b := g.New(seed).(*Position), g.New(seed).(*Position)
			if *a != *b {
				t.Fatalf("opening %d, seed %d: two calls differ:\n%s\n%s", k, seed, a, b)
			}
			distinct[a.String()] = true
			want := referee.White
			if k%2 == 1 {
				want = referee.Black
			}
			switch {
			case a.Ply() != 0:
				t.Errorf("opening %d, seed %d: Ply() = %d, want 0", k, seed, a.Ply())
			case a.Terminal():
				t.Errorf("opening %d, seed %d: the opening ended the game:\n%s", k, seed, a)
			case bits.OnesCount16(a.filled) != k || bits.OnesCount16(a.reserve) != Pieces-k:
				t.Errorf("opening %d, seed %d: %d pieces placed, %d in reserve", k, seed, bits.OnesCount16(a.filled), bits.OnesCount16(a.reserve))
			case a.ToMove() != want:
				t.Errorf("opening %d, seed %d: %v to move, want %v", k, seed, a.ToMove(), want)
			}
		}
		if len(distinct) < 40 {
			t.Errorf("opening %d: only %d distinct openings from 50 seeds", k, len(distinct))
		}
	}
	// Frozen: SplitMix64 and the order of Moves are frozen, so the
	// openings of a seed never change.
	for _, c := range []struct {
		seed  uint64
		cells map[string]string
	}{
		{1, map[string]string{"B2": "PRAO", "B3": "BQAO", "A4": "BQBO", "D4": "PQBC"}},
		{2026, map[string]string{"B2": "BQAC", "D2": "BQAO", "C3": "BRAO", "B4": "PQBO"}},
	} {
		q := Game{OpeningPlies: 4}.New(c.seed).(*Position)
		for cell := range Cells {
			if got, want := q.cellText(cell), c.cells[CellName(cell)]; got != want && (want != "" || got != "----") {
				t.Errorf("opening of seed %d: %s holds %s, want %q\n%s", c.seed, CellName(cell), got, want, q)
			}
		}
	}
}

// TestOpeningStopsShort checks the rule that the opening plays no move that
// ends the game, and stops when every move would.
func TestOpeningStopsShort(t *testing.T) {
	q := drawnBoard(t)
	// Take back the last two pieces: both cells and pieces are free again.
	var last []int
	for c := Cells - 1; c >= 0 && len(last) < 2; c-- {
		last = append(last, c)
	}
	for _, c := range last {
		q.filled &^= 1 << c
		q.reserve |= 1 << q.cell[c]
		q.toMove = q.toMove.Other()
	}
	before := q
	q.open(5, 7)
	if got := bits.OnesCount16(q.filled); got > 15 || q.Terminal() {
		t.Errorf("the opening filled %d cells or ended the game:\n%s\nfrom\n%s", got, &q, &before)
	}
}
