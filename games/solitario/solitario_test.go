package solitario

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

func TestGameContract(t *testing.T) {
	seeds := []uint64{0, 1, 2, 42, 2026}
	if testing.Short() {
		seeds = seeds[:2]
	}
	for _, g := range []Game{{}, {OpeningPlies: 6}, {MaxPlies: 20, OpeningPlies: 3}, {MaxPlies: 1}} {
		if err := gametest.TestGame(g, seeds); err != nil {
			t.Errorf("%+v: %v", g, err)
		}
	}
}

// build decodes the position of rows (row 1 first, 7 characters each: a
// blank off the board, . empty, 1 or 2 a peg) with the other fields of a
// position file in extra (a JSON object's members, e.g. `"ply": 3`).
func build(t *testing.T, rows [7]string, toMove int, moved [2]bool, extra string) Position {
	t.Helper()
	board := make([][]*int, 7)
	for r, row := range rows {
		board[r] = make([]*int, 7)
		for c, ch := range row {
			if ch != ' ' {
				v := 0
				if ch != '.' {
					v = int(ch - '0')
				}
				board[r][c] = &v
			}
		}
	}
	b, _ := json.Marshal(board)
	mv, _ := json.Marshal(moved)
	data := `{"game":"solitario","board":` + string(b) + `,"to_move":` + string(rune('0'+toMove)) + `,"moved":` + string(mv)
	if extra != "" {
		data += "," + extra
	}
	p, err := Decode([]byte(data + "}"))
	if err != nil {
		t.Fatalf("bad test position: %v", err)
	}
	return p
}

// moveTexts returns p's moves in the notation, in Moves order.
func moveTexts(p *Position) []string {
	var buf [referee.MaxMoves]referee.Move
	var out []string
	for _, m := range p.Moves(buf[:0]) {
		out = append(out, FormatMove(m))
	}
	return out
}

var started = [2]bool{true, true}

// blocked is a board where White's only peg, in row 3 col 1, cannot move:
// Black's pegs stand beside it and behind them.
var blocked = [7]string{"  ...  ", "  ...  ", "122....", "2......", "2......", "  ...  ", "  ...  "}

// TestRules plays one move on hand-built positions and checks the legal
// moves before it, the scores after it and whether the game is over.
func TestRules(t *testing.T) {
	tests := []struct {
		name   string
		rows   [7]string
		toMove int
		moved  [2]bool
		extra  string
		moves  []string // want the legal moves, in Moves order
		play   string   // then play this one ("" for none)
		scores [2]int   // want these scores after it
		over   bool     // want the game over after it
		next   []string // want these moves for the opponent; nil: not checked
	}{
		{
			name: "start: b from row 2 only", rows: startRows, toMove: 1,
			moves: []string{"b2-3", "b2-4", "b2-5"}, play: "b2-4",
			next: []string{"c6-3", "c6-4", "c6-5"},
		},
		{
			name:   "black's first move: c from row 6 only, no jump",
			rows:   [7]string{"  ...  ", "  ...  ", ".......", ".......", "..1....", "  222  ", "  ...  "},
			toMove: 2, moved: [2]bool{true, false},
			moves: []string{"c6-4", "c6-5"}, play: "c6-4",
			next: []string{"c5-3", "e5-3", "cb5-3", "cd5-3"},
		},
		{
			name:   "steps and a jump over an opponent's peg",
			rows:   [7]string{"  ...  ", "  ...  ", "...1...", "..12...", "...2...", "  ...  ", "  ..2  "},
			toMove: 1, moved: started,
			moves: []string{"c3-4", "e3-4", "d3-4", "c4-3", "b4-3", "e4-3", "cd4-3"},
			play:  "cd4-3", scores: [2]int{1, 0},
		},
		{
			name:   "a step onto the opponent's start holes wins at once: captures plus 10",
			rows:   [7]string{"  ...  ", "  ...  ", ".......", ".......", "...1...", "  ...  ", "  .2.  "},
			toMove: 1, moved: started, extra: `"scores":[5,0]`,
			moves: []string{"c5-4", "b5-4", "e5-4", "d5-4"},
			play:  "b5-4", scores: [2]int{15, 0}, over: true,
		},
		{
			name: "a blocked side passes while the other can move", rows: blocked, toMove: 1, moved: started,
			moves: []string{"pass"}, play: "pass",
			next: []string{"b3-2", "c3-3", "b3-3", "d3-3", "d4-1", "d5-1"},
		},
		{
			name:   "white has won: no moves",
			rows:   [7]string{"  ...  ", "  ...  ", ".......", "...2...", ".......", "  .1.  ", "  ...  "},
			toMove: 2, moved: started, extra: `"scores":[10,0]`,
		},
		{
			name: "neither side can move: over", rows: blocked, toMove: 1, moved: [2]bool{true, false},
		},
		{
			name: "the cap ends the game", rows: startRows, toMove: 1, extra: `"ply":20,"max_plies":20`,
		},
		{
			name: "the last ply before the cap", rows: startRows, toMove: 1, extra: `"ply":19,"max_plies":20`,
			moves: []string{"b2-3", "b2-4", "b2-5"}, play: "b2-5", over: true,
		},
		{
			name: "blocked one ply before the cap: over, not a pass", rows: blocked, toMove: 1, moved: started,
			extra: `"ply":19,"max_plies":20`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := build(t, tc.rows, tc.toMove, tc.moved, tc.extra)
			if got := moveTexts(&p); !slices.Equal(got, tc.moves) {
				t.Fatalf("moves %q, want %q\n%s", got, tc.moves, &p)
			}
			if got := p.Terminal(); got != (len(tc.moves) == 0) {
				t.Errorf("Terminal() = %v with moves %q", got, tc.moves)
			}
			if tc.play == "" {
				return
			}
			m, err := ParseMove(tc.play)
			if err != nil {
				t.Fatal(err)
			}
			p.Play(m)
			if got := p.Scores(); got != tc.scores {
				t.Errorf("scores %v after %s, want %v", got, tc.play, tc.scores)
			}
			if got := p.Terminal(); got != tc.over {
				t.Errorf("Terminal() = %v after %s, want %v", got, tc.play, tc.over)
			}
			if tc.next != nil {
				if got := moveTexts(&p); !slices.Equal(got, tc.next) {
					t.Errorf("then moves %q, want %q\n%s", got, tc.next, &p)
				}
			}
		})
	}
}

var startRows = [7]string{"  111  ", "  111  ", ".......", ".......", ".......", "  222  ", "  222  "}

// TestWinOnJump checks the end of a jump onto the start holes: the
// captured peg counts, the bonus is added, the game is over and the
// jumper wins.
func TestWinOnJump(t *testing.T) {
	p := build(t, [7]string{"  ...  ", "  ...  ", ".......", ".......", "...1...", "  .2.  ", "  ...  "}, 1, started, "")
	m, _ := ParseMove("cb5-4")
	if !referee.Legal(&p, m) {
		t.Fatalf("cb5-4 is not legal: moves %q", moveTexts(&p))
	}
	p.Play(m)
	if got, want := p.Scores(), [2]int{1 + WinBonus, 0}; got != want || !p.Terminal() || p.Winner() != referee.White {
		t.Errorf("after cb5-4: scores %v (want %v), Terminal %v, Winner %v\n%s", got, want, p.Terminal(), p.Winner(), &p)
	}
	if got := referee.Winner(p.Scores()); got != referee.White {
		t.Errorf("referee.Winner = %v, want white", got)
	}
}

// TestWinnerAlwaysAhead plays random games and checks that a side on the
// opponent's start holes always has more points, and that a game without
// one is decided by the captures.
func TestStringShowsBoard(t *testing.T) {
	p := New(DefaultMaxPlies)
	want := strings.Join([]string{
		"   1 2 3 4 5 6 7",
		"1      1 1 1",
		"2      1 1 1",
		"3  . . . . . . .",
		"4  . . . . . . .",
		"5  . . . . . . .",
		"6      2 2 2",
		"7      2 2 2",
		"white 0, black 0, white to move, ply 0 of 200",
	}, "\n")
	if got := p.String(); got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
}
