package lisp

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

// TestCavaloShapes plays testdata/shapes.lisp, which answers in every
// shape course bots use (tempo selects it), on positions with either side
// to move: each answer with a board is read as the move the bot meant (the
// one it also writes in notation by default), and the others are judged
// illegal, quoting the answer's shape.
func TestCavaloShapes(t *testing.T) {
	a, log := startAdapter(t, Config{Files: []string{"testdata/shapes.lisp"}, TempoScale: 1000})
	tests := []struct {
		ms      int
		name    string
		verdict string // "": the bot's move; else in the illegal verdict
		note    string // in the log
		stats   referee.Stats
	}{
		{1, "(board)", "", "", referee.Stats{}},
		{2, "(new-state depth value time expanded generated cuts)", "", "", referee.Stats{Depth: 3, Eval: -5, Nodes: 5000, Cuts: 7}},
		{3, "(jogada ((board)))", "", "", referee.Stats{}},
		{4, "(values move (board (points)))", "", "", referee.Stats{}},
		{5, "a move in notation that differs", "", "is not the move its board shows", referee.Stats{}},
		{6, "no board", `bad move "42"`, "no board of the league's size in it", referee.Stats{}},
		{7, "the board before", `bad move "(((board 10×10) `, "did not move on a returned board", referee.Stats{Depth: 3, Eval: -5}},
		{8, "two boards, the first before", "", "", referee.Stats{}},
	}
	positions, _ := gamePositions(5)
	for _, before := range positions[2:4] {
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		base, err := a.Jogar(ctx, &before, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range tests {
			t.Run(fmt.Sprintf("%s/%s", before.ToMove(), tc.name), func(t *testing.T) {
				mark := len(log.String())
				ans, err := a.Jogar(ctx, &before, time.Duration(tc.ms)*time.Millisecond)
				if err != nil {
					t.Fatalf("Jogar: %v; want an answer for the referee", err)
				}
				logged := log.String()[mark:]
				j := referee.Judge(&before, referee.Clock{}, referee.Call{Reply: referee.Reply{Move: ans.Move, Claim: ans.State}})
				if tc.verdict == "" {
					if j.Verdict != nil || ans.Move != base.Move || j.Discrepancy != "" {
						t.Errorf("Jogar = %q (%+v, discrepancy %q), want %s\nlog: %s", ans.Move, j.Verdict, j.Discrepancy, base.Move, logged)
					}
				} else if j.Verdict == nil || j.Verdict.Reason != referee.Illegal || !strings.Contains(j.Verdict.Detail, tc.verdict) {
					t.Errorf("the referee's judgement of %q: %+v, want illegal mentioning %q", ans.Move, j.Verdict, tc.verdict)
				}
				if fmt.Sprint(ans.Stats) != fmt.Sprint(tc.stats) {
					t.Errorf("Jogar's statistics %+v, want %+v", ans.Stats, tc.stats)
				}
				if !strings.Contains(logged, tc.note) || tc.note == "" && strings.Contains(logged, "lisp: ") {
					t.Errorf("log %q, want it to mention %q", logged, tc.note)
				}
			})
		}
	}
}

// TestSideKnight plays testdata/knightside.lisp, whose estado gives the
// player as its knight's code: under side: knight it plays a whole game;
// told 1 or 2 it answers NIL, an illegal move.
func TestSideKnight(t *testing.T) {
	a, _ := startAdapter(t, Config{Files: []string{"testdata/knightside.lisp"}, Side: SideKnight})
	rec := playGame(t, 3, greedy{}, bots.Local(a))
	t.Logf("knightside as black: %d-%d in %d plies", rec.Scores[0], rec.Scores[1], len(rec.Moves))

	b, _ := startAdapter(t, Config{Files: []string{"testdata/knightside.lisp"}})
	st := cavalo.New(3)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rec = referee.Match(ctx, &st, [2]referee.Player{bots.Local(b), greedy{}}, referee.MatchOptions{Clock: testClock})
	if rec.Reason != referee.Illegal || !strings.Contains(rec.Detail, `bad move "NIL"`) {
		t.Errorf("side: number: game ended with %s: %s; want illegal, quoting NIL", rec.Reason, rec.Detail)
	}
}
