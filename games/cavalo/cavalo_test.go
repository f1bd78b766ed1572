package cavalo

import (
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
)

// decodeRows builds a position with position and decodes it.
func decodeRows(t *testing.T, rows [10]string, scores [2]int, toMove referee.Side) Position {
	t.Helper()
	c, err := Decode([]byte(position(rows, scores, int(toMove))))
	if err != nil {
		t.Fatalf("bad test position: %v", err)
	}
	return c
}

// moveTexts returns c's legal moves in the notation, in Moves order.
func moveTexts(c *Position) []string {
	var buf [referee.MaxMoves]referee.Move
	var out []string
	for _, m := range c.Moves(buf[:0]) {
		out = append(out, c.FormatMove(m))
	}
	return out
}

// numbers returns the numbers on the board, in increasing order.
func numbers(c *Position) []int {
	var out []int
	for n := range Squares {
		if c.where[n] >= 0 {
			out = append(out, n)
		}
	}
	return out
}

// rows builds a board from the given rows (row 1 first), padding each with
// empty cells on the right; rows not given are empty.
func rows(r ...string) [10]string {
	b := emptyRows
	for i, row := range r {
		cells := strings.Fields(row)
		for len(cells) < 10 {
			cells = append(cells, ".")
		}
		b[i] = strings.Join(cells, " ")
	}
	return b
}

// TestRules plays one move on hand-built positions and checks the legal
// moves before it, what it removes, the scores, and the opponent's moves
// after it.
func TestRules(t *testing.T) {
	const far = ". . . . . . . . . B" // Black's knight on J10, out of the way
	tests := []struct {
		name   string
		board  [10]string
		toMove referee.Side
		moves  []string // want the legal moves, in Moves order
		play   string   // then play this one
		gone   []int    // want these numbers to leave the board, landing included
		scores [2]int   // want these scores after it
		next   []string // want these moves for the opponent after it; nil: not checked
	}{
		{
			name:  "05 removes 50",
			board: rows("W", ". . . . . . . . . .", ". 05 . . . . . . . .", "", "", "50 51 15 . . . . . . .", "", "", "", far),
			moves: []string{"B3"}, play: "B3", gone: []int{5, 50}, scores: [2]int{5, 0},
		},
		{
			name:  "50 removes 05",
			board: rows("W", "", ". 50 . . . . . . . .", "", "", "05 51 15 . . . . . . .", "", "", "", far),
			moves: []string{"B3"}, play: "B3", gone: []int{5, 50}, scores: [2]int{50, 0},
		},
		{
			name:  "10 removes 01",
			board: rows("W", "", ". 10 . . . . . . . .", "", "", "01 11 . . . . . . . .", "", "", "", far),
			moves: []string{"B3"}, play: "B3", gone: []int{1, 10}, scores: [2]int{10, 0},
		},
		{
			name:  "01 removes 10",
			board: rows("W", "", ". 01 . . . . . . . .", "", "", "10 11 . . . . . . . .", "", "", "", far),
			moves: []string{"B3"}, play: "B3", gone: []int{1, 10}, scores: [2]int{1, 0},
		},
		{
			name:  "symmetric already gone",
			board: rows("W", "", ". 12 . . . . . . . .", "", "", "13 31 . . . . . . . .", "", "", "", far),
			moves: []string{"B3"}, play: "B3", gone: []int{12}, scores: [2]int{12, 0},
		},
		{
			name:  "symmetric removed on an attacked square",
			board: rows("W", "", ". 34 . . . . . . . .", "", "", "", "", ". . . . . . . . 43 .", "", far),
			moves: []string{"B3"}, play: "B3", gone: []int{34, 43}, scores: [2]int{34, 0},
		},
		{
			name:  "double with no other double removes nothing",
			board: rows("W", "", ". 33 . . . . . . . .", "", "", "34 43 . . . . . . . .", "", "", "", far),
			moves: []string{"B3"}, play: "B3", gone: []int{33}, scores: [2]int{33, 0},
		},
		{
			name:  "double: one move per other double, highest first",
			board: rows("W", "", ". 33 . . . . . . . .", "", "", "00 77 . . . . . . . .", "", ". . . . . . . . 99 .", "", far),
			moves: []string{"B3xI8", "B3xB6", "B3xA6"}, play: "B3xB6", gone: []int{33, 77}, scores: [2]int{33, 0},
		},
		{
			name:  "00 is a double",
			board: rows("W", "", ". 00 . . . . . . . .", "", "", "11 . . . . . . . . .", "", "", "", far),
			moves: []string{"B3xA6"}, play: "B3xA6", gone: []int{0, 11}, scores: [2]int{0, 0},
		},
		{
			name:  "00 can be removed",
			board: rows("W", "", ". 11 . . . . . . . .", "", "", "00 . . . . . . . . .", "", "", "", far),
			moves: []string{"B3xA6"}, play: "B3xA6", gone: []int{0, 11}, scores: [2]int{11, 0},
		},
		{
			name:  "attacked square is excluded",
			board: rows("W", ". . 30 . . . . . . .", ". 20 . . . . . . . .", "", ". . B . . . . . . ."),
			moves: []string{"C2"}, play: "C2", gone: []int{30}, scores: [2]int{30, 0},
		},
		{
			name:  "pass when only the opponent can move",
			board: rows("W", ". . 30 . . . . . . .", ". 20 . . . . . . . .", ". . . B . . . . . .", "", ". . . . 40 . . . . ."),
			moves: []string{"pass"}, play: "pass", scores: [2]int{0, 0},
			next: []string{"E6"},
		},
		{
			name:  "pass when the home row is empty",
			board: rows("", "", "", "", "", "", "", ". . . . . . . . 40 .", "", far),
			moves: []string{"pass"}, play: "pass", scores: [2]int{0, 0}, next: []string{"I8"},
		},
		{
			name:   "a jump that leaves the opponent only a pass",
			board:  rows("W", ". . 30", ". 20", ". . . 40", ". . . . . B", ". . . . 41"),
			toMove: referee.Black,
			moves:  []string{"D4"}, play: "D4", gone: []int{40}, scores: [2]int{0, 40},
			next: []string{"pass"},
		},
		{
			name:  "white places on the highest number of row 1",
			board: rows("10 45 07 . . . . . . .", "", "", "", "54 . . . . . . . . .", "", "", "", "", "90 80 . . . . . . . ."),
			moves: []string{"B1"}, play: "B1", gone: []int{45, 54}, scores: [2]int{45, 0},
			next: []string{"A10"},
		},
		{
			name:  "placement on a double gets the choice",
			board: rows("88 10 . . . . . . . .", "", "", "", ". . . . 22 00 . . . .", "", "", "", "", "90 . . . . . . . . ."),
			moves: []string{"A1xE5", "A1xF5"}, play: "A1xF5", gone: []int{0, 88}, scores: [2]int{88, 0},
		},
		{
			name:  "black places on the highest number left by white's symmetric",
			board: rows("98 03 . . . . . . . .", "", "", "", "", "", "", "", "", "89 80 70 . . . . . . ."),
			moves: []string{"A1"}, play: "A1", gone: []int{89, 98}, scores: [2]int{98, 0},
			next: []string{"B10"},
		},
		{
			name:  "black places on the highest number left by white's double",
			board: rows("77 03 . . . . . . . .", "", "", "", "", "", "", "", "", "99 50 . . . . . . . ."),
			moves: []string{"A1xA10"}, play: "A1xA10", gone: []int{77, 99}, scores: [2]int{77, 0},
			next: []string{"B10"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			side := tt.toMove
			if side == 0 {
				side = referee.White
			}
			c := decodeRows(t, tt.board, [2]int{}, side)
			if got := moveTexts(&c); !slices.Equal(got, tt.moves) {
				t.Fatalf("moves: got %q, want %q", got, tt.moves)
			}
			m, err := c.ParseMove(tt.play)
			if err != nil || !referee.Legal(&c, m) {
				t.Fatalf("ParseMove(%q): got %v, %v, legal %v; want a legal move", tt.play, m, err, referee.Legal(&c, m))
			}
			before := numbers(&c)
			c.Play(m)
			after := numbers(&c)
			var gone []int
			for _, n := range before {
				if !slices.Contains(after, n) {
					gone = append(gone, n)
				}
			}
			if !slices.Equal(gone, tt.gone) {
				t.Errorf("numbers gone: got %v, want %v", gone, tt.gone)
			}
			if got := c.Scores(); got != tt.scores {
				t.Errorf("scores: got %v, want %v", got, tt.scores)
			}
			if got, want := c.ToMove(), side.Other(); got != want {
				t.Errorf("to move: got %v, want %v", got, want)
			}
			if got := c.Ply(); got != 1 {
				t.Errorf("ply: got %d, want 1", got)
			}
			if tt.next != nil {
				if got := moveTexts(&c); !slices.Equal(got, tt.next) {
					t.Errorf("opponent's moves: got %q, want %q", got, tt.next)
				}
			}
		})
	}
}

func TestTerminal(t *testing.T) {
	tests := []struct {
		name     string
		board    [10]string
		terminal bool
	}{
		{"no numbers left", rows("W", "", "", "B"), true},
		{"numbers out of reach", rows("W", "", "", ". . . B . . . . . .", "", "", "", "", "", ". . . . . . . . . 40"), true},
		{"only attacked numbers", rows("W", ". . 30 . . . . . . .", ". 20 . . . . . . . .", ". . . B . . . . . ."), true},
		{"white can move", rows("W", ". . 30"), false},
		{"only black can move", rows("W", "", "", ". . . B", "", ". . . . 40"), false},
		{"black to place", rows("W"), true}, // row 10 is empty: no placement
		{"both to place", rows("", "", "", "", "", "", "", "", "", "40"), false},
	}
	for _, tt := range tests {
		for _, side := range []referee.Side{referee.White, referee.Black} {
			t.Run(tt.name+"/"+side.String(), func(t *testing.T) {
				c := decodeRows(t, tt.board, [2]int{}, side)
				if got := c.Terminal(); got != tt.terminal {
					t.Errorf("Terminal(): got %v, want %v", got, tt.terminal)
				}
				var buf [referee.MaxMoves]referee.Move
				if got := len(c.Moves(buf[:0])) == 0; got != tt.terminal {
					t.Errorf("no moves: got %v, want %v (moves %q)", got, tt.terminal, moveTexts(&c))
				}
			})
		}
	}
}

func TestJumpLeavesSquareEmpty(t *testing.T) {
	c := decodeRows(t, rows("W", "", ". 20 . . . . . . . .", "", ". . . . . . . . 40 ."), [2]int{}, referee.White)
	c.Play(referee.Move(21)) // B3
	if got := c.Knight(referee.White); got != 21 {
		t.Errorf("white knight: got %s, want B3", SquareName(got))
	}
	if got := c.Cell(0); got != -1 {
		t.Errorf("A1 after the jump: got %d, want -1 (empty)", got)
	}
	if got := c.Cell(21); got != -1 {
		t.Errorf("B3 under the knight: got %d, want -1", got)
	}
	data, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if back.Knight(referee.White) != 21 || back.Cell(0) != -1 {
		t.Errorf("Encode after the jump:\n%s\nwant WN on B3 and A1 empty", back.String())
	}
}

func TestInitialPlacements(t *testing.T) {
	for seed := range uint64(50) {
		c := New(seed)
		board := Board(seed)
		for _, side := range []referee.Side{referee.White, referee.Black} {
			home := 0
			if side == referee.Black {
				home = 90
			}
			best := home
			for sq := home; sq < home+10; sq++ {
				if c.Cell(sq) > c.Cell(best) {
					best = sq
				}
			}
			var buf [referee.MaxMoves]referee.Move
			moves := c.Moves(buf[:0])
			if len(moves) == 0 {
				t.Fatalf("seed %d: %v has no placement", seed, side)
			}
			for _, m := range moves {
				if int(m&moveTo) != best {
					t.Errorf("seed %d: %v places on %s, want %s (the highest of its row, %d)", seed, side, SquareName(int(m&moveTo)), SquareName(best), c.Cell(best))
				}
			}
			c.Play(moves[0])
		}
		if c.Knight(referee.White) < 0 || c.Knight(referee.Black) < 0 || c.Scores()[0] != int(board[c.Knight(referee.White)]) {
			t.Errorf("seed %d: after both placements got knights %d, %d and scores %v", seed, c.Knight(referee.White), c.Knight(referee.Black), c.Scores())
		}
	}
}

func TestMobility(t *testing.T) {
	c := decodeRows(t, rows("W", ". . 30 . . . . . . .", ". 20 . . . . . . . .", "", ". . B . . . . . . .", "", ". . . . . . . 10 . ."), [2]int{}, referee.White)
	tests := []struct {
		side referee.Side
		want int
	}{
		{referee.White, 1}, // B3 is attacked by Black
		{referee.Black, 0}, // B3 is attacked by White
	}
	for _, tt := range tests {
		if got := c.Mobility(tt.side); got != tt.want {
			t.Errorf("Mobility(%v): got %d, want %d", tt.side, got, tt.want)
		}
	}
}

func TestCompleteDefaultsToHighestDouble(t *testing.T) {
	// White on A1; C2 holds 33; the doubles 00, 22, 44 (E5) and 99 (J10) remain.
	pos := `{"board":[[-1,1,2,3,4,5,6,7,8,9],[10,12,33,13,14,15,16,17,18,19],[20,21,22,23,24,25,26,27,28,29],[30,31,32,34,35,36,37,38,39,40],[41,42,43,45,44,46,47,48,49,50],[51,52,53,54,56,57,58,59,60,61],[62,63,64,65,67,68,69,70,71,72],[73,74,75,76,78,79,80,81,82,83],[84,85,86,87,89,90,91,92,93,94],[95,96,97,98,-2,0,null,null,null,99]],"scores":[0,0],"to_move":1}`
	c, err := Decode([]byte(pos))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{"C2", "C2xJ10"},   // bare landing on 33: the highest other double, 99
		{"C2xE5", "C2xE5"}, // an explicit choice stays
		{"B3", "B3"},       // 21 is not a double
		{"pass", "pass"},
	} {
		m, err := ParseMove(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := FormatMove(c.Complete(m)); got != tc.want {
			t.Errorf("Complete(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
	if m, _ := ParseMove("C2"); !referee.Legal(&c, c.Complete(m)) {
		t.Error("completed C2 is not legal")
	}
}
