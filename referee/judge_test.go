package referee_test

import (
	"context"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/judgetest"
)

// TestMatchJudgesTheTable plays judgetest's table through Match: White's
// first call is the case's, and the game goes on when it is accepted.
func TestMatchJudgesTheTable(t *testing.T) {
	for _, c := range judgetest.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			players := [2]referee.Player{c.Bot.Player(), judgetest.FirstLegal{}}
			rec := referee.Match(context.Background(), judgetest.State(t), players, referee.MatchOptions{Clock: c.Clock})
			if len(rec.Moves) == 0 {
				t.Fatalf("no moves recorded; reason %v, detail %q", rec.Reason, rec.Detail)
			}
			first := rec.Moves[0]
			if first.Move != c.Move || first.Answer != c.Answer {
				t.Errorf("first move: got move %q, answer %q; want %q, %q", first.Move, first.Answer, c.Move, c.Answer)
			}
			if c.Discrepancy == "" && first.Discrepancy != "" || !strings.Contains(first.Discrepancy, c.Discrepancy) {
				t.Errorf("discrepancy: got %q, want %q", first.Discrepancy, c.Discrepancy)
			}
			if c.Reason == 0 {
				if rec.Reason != referee.Normal {
					t.Errorf("got reason %v (%s), want the game played to its end", rec.Reason, rec.Detail)
				}
				return
			}
			if rec.Reason != c.Reason || rec.Loser != referee.White || len(rec.Moves) != 1 {
				t.Errorf("got reason %v, loser %v after %d moves; want %v, white, 1", rec.Reason, rec.Loser, len(rec.Moves), c.Reason)
			}
			if !strings.HasPrefix(rec.Detail, "white: ") || !strings.Contains(rec.Detail, c.Detail) {
				t.Errorf("detail: got %q, want \"white: \" first and %q in it", rec.Detail, c.Detail)
			}
		})
	}
}
