package solitario

import (
	"testing"

	"github.com/arenabots/arena/referee"
)

func TestWhyIllegal(t *testing.T) {
	mid := build(t, [7]string{"  ...  ", "  .1.  ", "...2...", "..11...", ".......", "  ...  ", "  .2.  "}, 1, started, "")
	tests := []struct {
		name string
		p    Position
		move string
		want string
	}{
		{"no peg", New(200), "b3-3", "row 3 col 3 holds no peg of yours (white)"},
		{"opponent's peg", New(200), "c6-3", "row 6 col 3 holds no peg of yours (white)"},
		{"off the board", New(200), "b1-1", "row 1 col 1 is off the board"},
		{"first move from row 1", New(200), "b1-3", "the first move must be b from row 2"},
		{"first move sideways", New(200), "e2-3", "the first move must be b from row 2"},
		{"jump onto a peg", mid, "cb2-4", "row 4 col 4, where the peg would land, is not empty"},
		{"black's first move", blackFirst(), "b6-4", "the first move must be c from row 6"},
		{"step onto a peg later", mid, "d4-3", "row 4 col 4, where the peg would land, is not empty"},
		{"a legal step", mid, "e4-3", ""},
		{"jump over nothing", mid, "cc4-3", "a jump passes over an opponent's peg, and row 3 col 3 holds nothing"},
		{"jump over one's own", mid, "cd4-3", "a jump passes over an opponent's peg, and row 4 col 4 holds your own peg"},
		{"jump off the board", edge(t), "ce3-2", "a jump left from row 3 col 2 leaves the board"},
		{"step off the edge", edge(t), "c3-2", "moving up from row 3 col 2 leaves the board"},
		{"pass with a move", New(200), "pass", "white has a move, and passes only when it has none"},
		{"pass when blocked", build(t, blocked, 1, started, ""), "pass", ""},
		{"game won", build(t, [7]string{"  ...  ", "  ...  ", ".......", "...2...", ".......", "  .1.  ", "  ...  "}, 2, started, `"scores":[10,0]`), "c4-4", "the game is over: white has reached black's start holes"},
		{"cap", build(t, startRows, 1, [2]bool{}, `"ply":20,"max_plies":20`), "b2-3", "the game is over: the move cap of 20 plies is reached"},
		{"blocked", build(t, blocked, 1, [2]bool{true, false}, ""), "pass", "the game is over: neither side can move"},
		{"blocked at the cap", build(t, blocked, 1, started, `"ply":19,"max_plies":20`), "pass", "the game is over: white cannot move, and a pass would reach the move cap of 20 plies"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ParseMove(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			if legal := referee.Legal(&tc.p, m); legal != (tc.want == "") {
				t.Fatalf("Legal(%s) = %v, want %v (moves %q)", tc.move, legal, tc.want == "", moveTexts(&tc.p))
			}
			if got := tc.p.WhyIllegal(m); got != tc.want {
				t.Errorf("WhyIllegal(%s) = %q, want %q", tc.move, got, tc.want)
			}
		})
	}
	p := New(200)
	if got := p.WhyIllegal(referee.Move(1 << 20)); got != "the move is not in the game's encoding" {
		t.Errorf("WhyIllegal of no move = %q", got)
	}
}

// blackFirst is the start after White's first move.
func blackFirst() Position {
	p := New(200)
	m, _ := ParseMove("b2-4")
	p.Play(m)
	return p
}

// edge has a white peg in row 3 col 2, beside the left edge, next to a
// black peg in row 3 col 1.
func edge(t *testing.T) Position {
	return build(t, [7]string{"  ...  ", "  ...  ", "21.....", ".......", ".......", "  ...  ", "  .2.  "}, 1, started, "")
}

// TestWhyIllegalExplainsEveryIllegalMove checks, over random games, that
// WhyIllegal is empty exactly for the legal moves of the whole encoding.
func TestWhyIllegalExplainsEveryIllegalMove(t *testing.T) {
	var buf [referee.MaxMoves]referee.Move
	for seed := range uint64(15) {
		p := New(DefaultMaxPlies)
		r := referee.SplitMix64{State: seed}
		for {
			for op := range ops {
				for sq := range cells {
					m := move(op, sq)
					if legal, why := referee.Legal(&p, m), p.WhyIllegal(m); legal != (why == "") {
						t.Fatalf("seed %d: %s: Legal %v, WhyIllegal %q\n%s", seed, FormatMove(m), legal, why, &p)
					}
				}
			}
			if legal, why := referee.Legal(&p, referee.Pass), p.WhyIllegal(referee.Pass); legal != (why == "") {
				t.Fatalf("seed %d: pass: Legal %v, WhyIllegal %q\n%s", seed, legal, why, &p)
			}
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.Play(moves[r.Below(uint64(len(moves)))])
		}
	}
}
