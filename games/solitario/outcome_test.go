package solitario_test

import (
	"context"
	"testing"

	"github.com/arenabots/arena/games/solitario"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/judgetest"
)

// capped is a position one ply before the move cap, White to move, no peg
// near an opponent's start hole, White two captures ahead: whatever White
// plays, the game ends at the cap with no winner.
const capped = `{"game": "solitario", "to_move": 1, "ply": 9, "max_plies": 10, "moved": [true, true], "scores": [2, 0],
 "board": [[null,null,0,0,0,null,null],
           [null,null,1,1,1,null,null],
           [0,0,0,0,0,0,0],
           [0,0,0,0,0,0,0],
           [0,0,0,0,0,0,0],
           [null,null,2,2,2,null,null],
           [null,null,0,0,2,null,null]]}`

// TestCappedGameIsADraw plays the last ply of a game through the referee:
// solitario2.md calls a game that ends without a peg on an opponent's
// start hole a draw, whatever the captures, which stay its scores (the
// standings' tie-break).
func TestCappedGameIsADraw(t *testing.T) {
	st, err := solitario.Game{}.Decode([]byte(capped))
	if err != nil {
		t.Fatal(err)
	}
	players := [2]referee.Player{judgetest.FirstLegal{}, judgetest.FirstLegal{}}
	rec := referee.Match(context.Background(), st, players, referee.MatchOptions{Clock: referee.Clock{Tempo: 1 << 30}})
	if rec.Reason != referee.Normal || len(rec.Moves) != 1 {
		t.Fatalf("got reason %v after %d moves (%s); want a normal end after 1", rec.Reason, len(rec.Moves), rec.Detail)
	}
	if rec.Winner != 0 || rec.Scores != [2]int{2, 0} {
		t.Errorf("got winner %v, scores %v; want a draw, scores [2 0]", rec.Winner, rec.Scores)
	}
}

// TestOutcome checks over random games that the side on an opponent's
// start hole wins, always ahead on points, and that any other end is a
// draw, among them games where one side captured more.
func TestOutcome(t *testing.T) {
	var buf [referee.MaxMoves]referee.Move
	unequalDraws := 0
	for seed := range uint64(300) {
		st := solitario.Game{}.New(0)
		r := referee.SplitMix64{State: seed}
		for moves := st.Moves(buf[:0]); len(moves) > 0; moves = st.Moves(buf[:0]) {
			st.Play(moves[r.Below(uint64(len(moves)))])
		}
		p := st.(*solitario.Position)
		sc := p.Scores()
		switch w := referee.Outcome(p); {
		case w != p.Winner():
			t.Fatalf("seed %d: outcome %v, want the side on the start holes (%v)\n%s", seed, w, p.Winner(), p)
		case w != 0 && referee.Winner(sc) != w:
			t.Fatalf("seed %d: %v won with scores %v: a winner is ahead\n%s", seed, w, sc, p)
		case w == 0 && sc[0] != sc[1]:
			unequalDraws++
		}
	}
	if unequalDraws == 0 {
		t.Error("no random game ended without a winner on unequal captures: the test shows nothing")
	}
}

// TestEvaluateDraw checks that the evaluation of a game ended at the cap
// is exact and a draw's, the captures its tie-break.
func TestEvaluateDraw(t *testing.T) {
	st, err := solitario.Game{}.Decode([]byte(capped))
	if err != nil {
		t.Fatal(err)
	}
	var buf [referee.MaxMoves]referee.Move
	st.Play(st.Moves(buf[:0])[0])
	if !st.Terminal() {
		t.Fatal("the game goes on after the cap")
	}
	v, exact := solitario.NewEvaluator().Evaluate(st)
	// Black to move, two captures behind.
	if !exact || referee.IsDecided(v) || v != -2*referee.Unit {
		t.Errorf("a drawn game 2 captures behind is worth %d (exact %v), want %d, exact, not decided", v, exact, -2*referee.Unit)
	}
}
