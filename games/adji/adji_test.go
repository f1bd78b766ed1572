package adji

import (
	"slices"
	"testing"

	"github.com/arenabots/arena/referee"
)

// build returns a position of the default rules with board, Black's score
// black and White's the seeds left over, side to move and left plies
// before the cap.
func build(board [2][6]uint8, black int, side referee.Side, left int) Position {
	p := Start()
	on := 0
	for r := range 2 {
		for c := range Cols {
			p.holes[r*Cols+c] = board[r][c]
			on += int(board[r][c])
		}
	}
	p.score = [2]uint8{uint8(Seeds - on - black), uint8(black)}
	p.toMove, p.left = side, int16(left)
	return p
}

// holes returns the board of p as two rows.
func holes(p *Position) [2][6]uint8 {
	var b [2][6]uint8
	for h, n := range p.holes {
		b[h/Cols][h%Cols] = n
	}
	return b
}

// moveTexts returns p's legal moves in the notation, in Moves order.
func moveTexts(p *Position) []string {
	var buf [referee.MaxMoves]referee.Move
	var out []string
	for _, m := range p.Moves(buf[:0]) {
		out = append(out, p.FormatMove(m))
	}
	return out
}

// TestSowExample checks the rules file's example: from all 8s, sowing
// (0 0) gives ((0 8 8 8 9 9) (9 9 9 9 9 9)).
func TestSowExample(t *testing.T) {
	p := Start()
	m, err := p.ParseMove("(0 0)")
	if err != nil {
		t.Fatal(err)
	}
	p.Play(m)
	want := [2][6]uint8{{0, 8, 8, 8, 9, 9}, {9, 9, 9, 9, 9, 9}}
	if got := holes(&p); got != want {
		t.Errorf("got %v, want %v", got, want)
	}
	if p.Scores() != [2]int{} || p.ToMove() != referee.Black || p.Ply() != 1 || p.PliesLeft() != DefaultMaxPlies-1 {
		t.Errorf("scores %v, %v to move, ply %d, %d left; want 0-0, black, 1, %d", p.Scores(), p.ToMove(), p.Ply(), p.PliesLeft(), DefaultMaxPlies-1)
	}
}

// TestRules plays one move on hand-built positions (default rules: White
// on row 0) and checks the board and the scores after it.
func TestRules(t *testing.T) {
	tests := []struct {
		name    string
		board   [2][6]uint8
		side    referee.Side
		sowOrig bool
		play    string
		want    [2][6]uint8
		gained  int // seeds the mover captures
	}{
		{"capture 1", [2][6]uint8{{1, 4}, {0, 2}}, referee.White, false, "r0c0",
			[2][6]uint8{{0, 4}, {0, 2}}, 1},
		{"capture 3", [2][6]uint8{{1, 4}, {2, 2}}, referee.White, false, "r0c0",
			[2][6]uint8{{0, 4}, {0, 2}}, 3},
		{"capture 5", [2][6]uint8{{1, 4}, {4, 2}}, referee.White, false, "r0c0",
			[2][6]uint8{{0, 4}, {0, 2}}, 5},
		{"no capture of 2", [2][6]uint8{{1, 4}, {1, 2}}, referee.White, false, "r0c0",
			[2][6]uint8{{0, 4}, {2, 2}}, 0},
		{"no capture of 7", [2][6]uint8{{1, 4}, {6, 2}}, referee.White, false, "r0c0",
			[2][6]uint8{{0, 4}, {7, 2}}, 0},
		{"only the last hole", [2][6]uint8{{2, 4}, {0, 2}}, referee.White, false, "r0c0",
			[2][6]uint8{{0, 4}, {1, 0}}, 3},
		{"nothing on the own row", [2][6]uint8{{0, 0, 0, 1}, {3}}, referee.White, false, "r0c3",
			[2][6]uint8{{0, 0, 1, 0}, {3}}, 0},
		{"black sows up to row 0", [2][6]uint8{{0, 0, 0, 0, 0, 2}, {0, 0, 0, 0, 0, 1}}, referee.Black, false, "r1c5",
			[2][6]uint8{{0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}}, 3},
		{"black along row 1", [2][6]uint8{{4}, {0, 3, 0, 0, 0, 0}}, referee.Black, false, "r1c1",
			[2][6]uint8{{4}, {0, 0, 1, 1, 1, 0}}, 0},
		{"white round the corner", [2][6]uint8{{0, 3, 0, 0, 0, 0}, {2}}, referee.White, false, "r0c1",
			[2][6]uint8{{1, 0, 0, 0, 0, 0}, {3, 0}}, 1},
		{"last seed on the own row", [2][6]uint8{{0, 0, 0, 0, 0, 2}, {0, 0, 0, 0, 0, 0}}, referee.White, false, "r0c5",
			[2][6]uint8{{0, 0, 0, 1, 1, 0}, {}}, 0},
		{"12 seeds skip the origin", [2][6]uint8{{12, 1}, {1}}, referee.White, false, "r0c0",
			[2][6]uint8{{0, 2, 1, 1, 1, 1}, {0, 1, 1, 1, 1, 1}}, 3},
		{"12 seeds sow the origin", [2][6]uint8{{12, 1}, {1}}, referee.White, true, "r0c0",
			[2][6]uint8{{1, 2, 1, 1, 1, 1}, {2, 1, 1, 1, 1, 1}}, 0},
		{"23 seeds skip the origin twice", [2][6]uint8{{23}, {}}, referee.White, false, "r0c0",
			[2][6]uint8{{0, 2, 2, 2, 2, 2}, {0, 2, 2, 2, 2, 2}}, 3},
		{"23 seeds end on the own row", [2][6]uint8{{0, 0, 23}, {}}, referee.White, false, "r0c2",
			[2][6]uint8{{2, 3, 0, 2, 2, 2}, {2, 2, 2, 2, 2, 2}}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := build(tt.board, 0, tt.side, 100)
			p.skip = !tt.sowOrig
			before := p.Scores()
			m, err := p.ParseMove(tt.play)
			if err != nil {
				t.Fatal(err)
			}
			if !referee.Legal(&p, m) {
				t.Fatalf("%s is not legal (legal: %v)", tt.play, moveTexts(&p))
			}
			p.Play(m)
			if got := holes(&p); got != tt.want {
				t.Errorf("board: got %v, want %v", got, tt.want)
			}
			if got := p.Scores()[tt.side.Index()] - before[tt.side.Index()]; got != tt.gained {
				t.Errorf("captured %d, want %d", got, tt.gained)
			}
			if p.ToMove() != tt.side.Other() {
				t.Errorf("%v to move, want %v", p.ToMove(), tt.side.Other())
			}
		})
	}
}

// TestMovesAndEnd checks the legal moves: own row only, passes, and the
// ends of the game.
func TestMovesAndEnd(t *testing.T) {
	mixed := [2][6]uint8{{0, 3, 0, 1, 0, 0}, {5, 0, 0, 0, 0, 2}}
	tests := []struct {
		name     string
		p        Position
		want     []string
		terminal bool
	}{
		{"white sows row 0", build(mixed, 0, referee.White, 100), []string{"r0c1", "r0c3"}, false},
		{"black sows row 1", build(mixed, 0, referee.Black, 100), []string{"r1c0", "r1c5"}, false},
		{"an empty row passes", build([2][6]uint8{{}, {1}}, 0, referee.White, 100), []string{"pass"}, false},
		{"the last ply is played", build(mixed, 0, referee.White, 1), []string{"r0c1", "r0c3"}, false},
		{"no pass on the last ply", build([2][6]uint8{{}, {1}}, 0, referee.White, 1), nil, true},
		{"a pass before the last ply", build([2][6]uint8{{}, {1}}, 0, referee.White, 2), []string{"pass"}, false},
		{"the cap is reached", build(mixed, 0, referee.White, 0), nil, true},
		{"the board is empty", build([2][6]uint8{}, 48, referee.White, 100), nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := moveTexts(&tt.p); !slices.Equal(got, tt.want) {
				t.Errorf("moves %q, want %q", got, tt.want)
			}
			if got := tt.p.Terminal(); got != tt.terminal {
				t.Errorf("Terminal() = %v, want %v", got, tt.terminal)
			}
		})
	}
	p := Start()
	p.first = 1
	if got, want := moveTexts(&p), []string{"r1c0", "r1c1", "r1c2", "r1c3", "r1c4", "r1c5"}; !slices.Equal(got, want) {
		t.Errorf("first_row 1: white's moves %q, want %q", got, want)
	}
}

// TestPass checks that a pass hands the turn over and changes nothing else.
func TestPass(t *testing.T) {
	p := build([2][6]uint8{{}, {1, 2}}, 10, referee.White, 50)
	before := p
	p.Play(referee.Pass)
	if p.ToMove() != referee.Black || p.holes != before.holes || p.score != before.score || p.Ply() != 1 || p.PliesLeft() != 49 {
		t.Errorf("after a pass: %s, ply %d", p.String(), p.Ply())
	}
}

// TestFullGame plays the first move every time from the start to the end:
// the game ends, the scores never exceed the seeds, and the board and the
// scores always hold 96.
func TestFullGame(t *testing.T) {
	for _, g := range []Game{{}, {SowOrigin: true}, {FirstRow: 1}, {MaxPlies: 5}} {
		p := g.start()
		var buf [referee.MaxMoves]referee.Move
		plies := 0
		for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
			p.Play(moves[len(moves)-1])
			plies++
			on := 0
			for _, n := range p.holes {
				on += int(n)
			}
			if sc := p.Scores(); on+sc[0]+sc[1] != Seeds {
				t.Fatalf("%+v ply %d: %d on the board, scores %v", g, plies, on, sc)
			}
		}
		if plies > g.maxPlies() {
			t.Errorf("%+v: %d plies, past the cap %d", g, plies, g.maxPlies())
		}
	}
}
