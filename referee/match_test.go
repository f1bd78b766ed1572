package referee_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/arenabots/arena/games/cavalo"
	. "github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/judgetest"
)

// firstLegal answers the first legal move.
var firstLegal = judgetest.FirstLegal{}.Jogar

// answer always answers text.
func answer(text string) PlayerFunc {
	return func(context.Context, Request) (Reply, error) { return Reply{Move: text}, nil }
}

// fail always fails with err, answering text.
func fail(text string, err error) PlayerFunc {
	return func(context.Context, Request) (Reply, error) { return Reply{Move: text}, err }
}

// counted counts p's calls in n.
func counted(p Player, n *atomic.Int64) PlayerFunc {
	return func(ctx context.Context, req Request) (Reply, error) {
		n.Add(1)
		return p.Jogar(ctx, req)
	}
}

// roomy is a clock no well-behaved fake comes near.
var roomy = Clock{Tempo: 10 * time.Second, Margin: time.Second}

func TestMatchNormal(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, 2026} {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			var calls atomic.Int64
			p := counted(PlayerFunc(firstLegal), &calls)
			var seen []MoveRecord
			rec := Match(context.Background(), cavalo.Game{}.New(seed), [2]Player{p, p}, MatchOptions{
				Clock:  roomy,
				OnMove: func(mr MoveRecord) { seen = append(seen, mr) },
			})
			// The same game, played without the match loop.
			want := cavalo.Game{}.New(seed)
			var buf [MaxMoves]Move
			plies := 0
			for moves := want.Moves(buf[:0]); len(moves) > 0; moves = want.Moves(buf[:0]) {
				want.Play(moves[0])
				plies++
			}
			if rec.Reason != Normal || rec.Loser != 0 || rec.Detail != "" {
				t.Errorf("got reason %v, loser %v, detail %q; want normal, 0, \"\"", rec.Reason, rec.Loser, rec.Detail)
			}
			if rec.Scores != want.Scores() {
				t.Errorf("scores: got %v, want %v", rec.Scores, want.Scores())
			}
			if got, w := rec.Winner, Winner(want.Scores()); got != w {
				t.Errorf("winner: got %v, want %v (scores %v)", got, w, rec.Scores)
			}
			if len(rec.Moves) != plies {
				t.Errorf("moves recorded: got %d, want %d", len(rec.Moves), plies)
			}
			if !slices.EqualFunc(seen, rec.Moves, func(a, b MoveRecord) bool { return a.Ply == b.Ply && a.Move == b.Move }) {
				t.Errorf("OnMove saw %d moves, want the record's %d in order", len(seen), len(rec.Moves))
			}
			passes := 0
			for i, mr := range rec.Moves {
				if mr.Ply != i+1 || mr.Side == 0 || mr.Move == "" {
					t.Errorf("move %d: got ply %d, side %v, move %q", i, mr.Ply, mr.Side, mr.Move)
				}
				if mr.Move == "pass" {
					passes++
				}
			}
			if got := int(calls.Load()); got != plies-passes {
				t.Errorf("calls: got %d, want %d (one per ply but passes)", got, plies-passes)
			}
			if rec.Time[0] <= 0 || rec.Time[1] <= 0 {
				t.Errorf("time charged: got %v, want both positive", rec.Time)
			}
		})
	}
}

// moveTwice plays the first legal move on its first call, then behaves as p.
func moveTwice(p Player) PlayerFunc {
	var calls atomic.Int64
	return func(ctx context.Context, req Request) (Reply, error) {
		if calls.Add(1) == 1 {
			return firstLegal(ctx, req)
		}
		return p.Jogar(ctx, req)
	}
}

// TestMatchFaults covers what judgetest's table, run through Match in
// TestMatchJudgesTheTable, does not: the call's deadline, capping, and
// faults after the first move.
func TestMatchFaults(t *testing.T) {
	long := strings.Repeat("é", MaxAnswer) // 2 bytes each
	tests := []struct {
		name   string
		white  Player
		black  Player
		clock  Clock
		reason Reason
		loser  Side
		answer string // want the last move's Answer
		detail string // want a substring of Detail
	}{
		{
			name: "deadline passed",
			white: PlayerFunc(func(ctx context.Context, _ Request) (Reply, error) {
				<-ctx.Done()
				return Reply{}, ctx.Err()
			}),
			clock:  Clock{Tempo: 5 * time.Millisecond, Margin: 5 * time.Millisecond},
			reason: Timeout, loser: White, detail: "deadline exceeded",
		},
		{
			name:   "long answer is capped",
			white:  answer(long + "x"),
			reason: Illegal, loser: White, answer: long[:MaxAnswer] + fmt.Sprintf("…(%d bytes)", 2*MaxAnswer+1),
		},
		{
			name:   "900 KB answer is kept as its first KiB and its length",
			white:  answer(strings.Repeat("x", 900_000)),
			reason: Illegal, loser: White, answer: strings.Repeat("x", MaxAnswer) + "…(900000 bytes)",
			detail: "bad move",
		},
		{
			name:   "black crashes after a move",
			white:  PlayerFunc(firstLegal),
			black:  moveTwice(fail("", NewFault(FaultCrash, io.EOF))),
			reason: Crash, loser: Black,
		},
		{
			name:   "illegal double after a move",
			white:  moveTwice(answer("A1xA1")),
			black:  PlayerFunc(firstLegal),
			reason: Illegal, loser: White, answer: "A1xA1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			black := tt.black
			if black == nil {
				black = PlayerFunc(firstLegal)
			}
			clock := tt.clock
			if clock == (Clock{}) {
				clock = roomy
			}
			rec := Match(context.Background(), cavalo.Game{}.New(7), [2]Player{tt.white, black}, MatchOptions{Clock: clock})
			if rec.Reason != tt.reason || rec.Loser != tt.loser || rec.Winner != tt.loser.Other() {
				t.Errorf("got reason %v, loser %v, winner %v; want %v, %v, %v", rec.Reason, rec.Loser, rec.Winner, tt.reason, tt.loser, tt.loser.Other())
			}
			if !strings.Contains(rec.Detail, tt.detail) || !strings.HasPrefix(rec.Detail, tt.loser.String()) {
				t.Errorf("detail: got %q, want %q first and %q in it", rec.Detail, tt.loser, tt.detail)
			}
			if len(rec.Detail) > MaxDetail+len("…(1234567 bytes)") {
				t.Errorf("detail: got %d bytes, want at most %d and the length", len(rec.Detail), MaxDetail)
			}
			if len(rec.Moves) == 0 {
				t.Fatal("no moves recorded, want the faulty call")
			}
			last := rec.Moves[len(rec.Moves)-1]
			if last.Side != tt.loser || last.Move != "" {
				t.Errorf("last move: got side %v, move %q; want %v and no move", last.Side, last.Move, tt.loser)
			}
			if last.Answer != tt.answer {
				t.Errorf("answer: got %q, want %q", last.Answer, tt.answer)
			}
			if !utf8.ValidString(last.Answer) && utf8.ValidString(tt.answer) {
				t.Errorf("answer %q is not valid UTF-8", last.Answer)
			}
		})
	}
}

func TestMatchPolicy(t *testing.T) {
	// White leads 100-0 and has two moves, so it is always asked.
	board := `{"board":[[-1,null,null,null,null,null,null,null,null,null],[null,null,30,null,null,null,null,null,null,null],` +
		`[null,20,null,null,null,null,null,null,null,null],` + emptyRows(6) + `,[null,null,null,null,null,null,null,null,null,-2]],"scores":[100,0],"to_move":1}`
	tests := []struct {
		name   string
		white  Player
		opt    MatchOptions
		reason Reason
		winner Side
	}{
		{"crash forfeited", fail("", NewFault(FaultCrash, io.EOF)), MatchOptions{}, Crash, Black},
		{"crash adjudicated", fail("", NewFault(FaultCrash, io.EOF)), MatchOptions{OnCrash: Adjudicate}, Crash, White},
		{"timeout forfeited", fail("", NewFault(FaultTimeout, io.EOF)), MatchOptions{OnCrash: Adjudicate}, Timeout, Black},
		{"timeout adjudicated", fail("", NewFault(FaultTimeout, io.EOF)), MatchOptions{OnTimeout: Adjudicate}, Timeout, White},
		{"illegal forfeited", answer("A1"), MatchOptions{OnTimeout: Adjudicate, OnCrash: Adjudicate}, Illegal, Black},
		{"illegal adjudicated", answer("A1"), MatchOptions{OnIllegal: Adjudicate}, Illegal, White},
		{"protocol adjudicated", fail("", NewFault(FaultProtocol, io.EOF)), MatchOptions{OnIllegal: Adjudicate}, Illegal, White},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := cavalo.Game{}.Decode([]byte(board))
			if err != nil {
				t.Fatal(err)
			}
			tt.opt.Clock = roomy
			rec := Match(context.Background(), st, [2]Player{tt.white, PlayerFunc(firstLegal)}, tt.opt)
			if rec.Reason != tt.reason || rec.Winner != tt.winner || rec.Loser != White {
				t.Errorf("got reason %v, winner %v, loser %v; want %v, %v, white", rec.Reason, rec.Winner, rec.Loser, tt.reason, tt.winner)
			}
			if rec.Scores != [2]int{100, 0} {
				t.Errorf("scores: got %v, want [100 0]", rec.Scores)
			}
		})
	}
}

// emptyRows returns n empty rows of a Cavalo position file, joined by commas.
func emptyRows(n int) string {
	row := "[null,null,null,null,null,null,null,null,null,null]"
	return strings.TrimSuffix(strings.Repeat(row+",", n), ",")
}

func TestMatchInterrupted(t *testing.T) {
	tests := []struct {
		name  string
		play  func(cancel context.CancelFunc) PlayerFunc
		moves int // want this many move records
	}{
		{
			name:  "cancelled before the game",
			play:  func(cancel context.CancelFunc) PlayerFunc { cancel(); return firstLegal },
			moves: 0,
		},
		{
			name: "cancelled during a call",
			play: func(cancel context.CancelFunc) PlayerFunc {
				return func(ctx context.Context, _ Request) (Reply, error) {
					cancel()
					<-ctx.Done()
					return Reply{}, ctx.Err()
				}
			},
			moves: 1,
		},
		{
			name: "cancelled after an answer",
			play: func(cancel context.CancelFunc) PlayerFunc {
				return func(ctx context.Context, req Request) (Reply, error) {
					cancel()
					return firstLegal(ctx, req)
				}
			},
			moves: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			p := tt.play(cancel)
			rec := Match(ctx, cavalo.Game{}.New(3), [2]Player{p, p}, MatchOptions{Clock: roomy})
			if rec.Reason != Interrupted || rec.Winner != 0 || rec.Loser != 0 {
				t.Errorf("got reason %v, winner %v, loser %v; want interrupted, 0, 0", rec.Reason, rec.Winner, rec.Loser)
			}
			if len(rec.Moves) != tt.moves {
				t.Errorf("moves: got %d, want %d", len(rec.Moves), tt.moves)
			}
			if !strings.Contains(rec.Detail, "canceled") {
				t.Errorf("detail: got %q, want the context's error", rec.Detail)
			}
		})
	}
}

func TestMatchForcedMoves(t *testing.T) {
	for _, refereeForced := range []bool{false, true} {
		for _, seed := range []uint64{0, 1, 42, 2026, 5} {
			var calls atomic.Int64
			p := counted(PlayerFunc(func(ctx context.Context, req Request) (Reply, error) {
				if slices.Contains(req.Legal, Pass) {
					t.Errorf("seed %d: a pass was sent to a player: %v", seed, req.Legal)
				}
				if got, want := req.Forced, len(req.Legal) == 1; got != want {
					t.Errorf("seed %d: Request.Forced = %v with %d legal moves", seed, got, len(req.Legal))
				}
				if refereeForced && req.Forced {
					t.Errorf("seed %d: a forced move was sent to a player with RefereeForced", seed)
				}
				return firstLegal(ctx, req)
			}), &calls)
			rec := Match(context.Background(), cavalo.Game{}.New(seed), [2]Player{p, p}, MatchOptions{Clock: roomy, RefereeForced: refereeForced})
			if rec.Reason != Normal {
				t.Fatalf("seed %d: got reason %v (%s), want normal", seed, rec.Reason, rec.Detail)
			}
			// Replay the record and check which moves were forced.
			st := cavalo.Game{}.New(seed)
			var buf [MaxMoves]Move
			asked := 0
			for _, mr := range rec.Moves {
				moves := st.Moves(buf[:0])
				wantForced := moves[0] == Pass || refereeForced && len(moves) == 1
				if mr.Forced != wantForced {
					t.Errorf("seed %d, ply %d (%s, %d legal): Forced = %v, want %v", seed, mr.Ply, mr.Move, len(moves), mr.Forced, wantForced)
				}
				if !mr.Forced {
					asked++
				} else if mr.Elapsed != 0 {
					t.Errorf("seed %d, ply %d: forced move charged %v", seed, mr.Ply, mr.Elapsed)
				}
				m, err := st.ParseMove(mr.Move)
				if err != nil || !Legal(st, m) {
					t.Fatalf("seed %d, ply %d: recorded move %q is not legal", seed, mr.Ply, mr.Move)
				}
				st.Play(m)
			}
			if got := int(calls.Load()); got != asked {
				t.Errorf("seed %d, RefereeForced %v: got %d calls, want %d", seed, refereeForced, got, asked)
			}
		}
	}
}

func TestMatchPassIsNotSent(t *testing.T) {
	// White must pass; Black has one move, then neither can move.
	board := `{"board":[[-1,null,null,null,null,null,null,null,null,null],` + emptyRows(2) +
		`,[null,null,null,-2,null,null,null,null,null,null],` + emptyRows(1) +
		`,[null,null,null,null,40,null,null,null,null,null],` + emptyRows(4) + `],"scores":[0,0],"to_move":1}`
	st, err := cavalo.Game{}.Decode([]byte(board))
	if err != nil {
		t.Fatal(err)
	}
	var calls [2]atomic.Int64
	white := counted(answer("pass"), &calls[0])
	black := counted(PlayerFunc(firstLegal), &calls[1])
	rec := Match(context.Background(), st, [2]Player{white, black}, MatchOptions{Clock: roomy})
	got := make([]string, len(rec.Moves))
	for i, mr := range rec.Moves {
		got[i] = mr.Move
	}
	if want := []string{"pass", "E6"}; !slices.Equal(got, want) {
		t.Errorf("moves: got %q, want %q", got, want)
	}
	if !rec.Moves[0].Forced {
		t.Errorf("the pass is not marked forced")
	}
	if calls[0].Load() != 0 || calls[1].Load() != 1 {
		t.Errorf("calls: got white %d, black %d; want 0, 1", calls[0].Load(), calls[1].Load())
	}
	if rec.Reason != Normal || rec.Winner != Black || rec.Scores != [2]int{0, 40} {
		t.Errorf("got %v, winner %v, scores %v; want normal, black, [0 40]", rec.Reason, rec.Winner, rec.Scores)
	}
}

// withScores returns s with its scores replaced, or nil (no claim, which
// fails the case that wants a discrepancy) if s does not survive the trip.
func withScores(s State, scores [2]int) State {
	data, err := s.Encode()
	if err != nil {
		return nil
	}
	var f map[string]any
	if json.Unmarshal(data, &f) != nil {
		return nil
	}
	f["scores"] = scores
	if data, err = json.Marshal(f); err != nil {
		return nil
	}
	out, err := s.Game().Decode(data)
	if err != nil {
		return nil
	}
	return out
}

func TestMatchClaim(t *testing.T) {
	tests := []struct {
		name  string
		claim func(req Request, m Move) State
		want  string // a substring of Discrepancy; "" wants none
	}{
		{"no claim", func(Request, Move) State { return nil }, ""},
		{"right claim", func(req Request, m Move) State { s := req.State.Clone(); s.Play(m); return s }, ""},
		{"board before the move", func(req Request, _ Move) State { return req.State.Clone() }, "claimed"},
		{"wrong score", func(req Request, m Move) State {
			s := req.State.Clone()
			s.Play(m)
			return withScores(s, [2]int{1000, 0})
		}, "scores are"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := PlayerFunc(func(_ context.Context, req Request) (Reply, error) {
				m := req.Legal[0]
				return Reply{Move: req.State.FormatMove(m), Claim: tt.claim(req, m)}, nil
			})
			rec := Match(context.Background(), cavalo.Game{}.New(11), [2]Player{p, p}, MatchOptions{Clock: roomy})
			if rec.Reason != Normal || len(rec.Moves) == 0 {
				t.Fatalf("got reason %v with %d moves, want a normal game", rec.Reason, len(rec.Moves))
			}
			for _, mr := range rec.Moves {
				if mr.Forced { // a pass: no call, no claim
					continue
				}
				if tt.want == "" && mr.Discrepancy != "" || !strings.Contains(mr.Discrepancy, tt.want) {
					t.Fatalf("ply %d: got discrepancy %q, want %q", mr.Ply, mr.Discrepancy, tt.want)
				}
			}
		})
	}
}

func TestMatchZeroClock(t *testing.T) {
	slow := PlayerFunc(func(ctx context.Context, req Request) (Reply, error) {
		if _, ok := ctx.Deadline(); ok {
			t.Errorf("a call under the zero Clock has a deadline")
		}
		time.Sleep(time.Millisecond)
		return firstLegal(ctx, req)
	})
	rec := Match(context.Background(), cavalo.Game{}.New(9), [2]Player{slow, slow}, MatchOptions{})
	if rec.Reason != Normal {
		t.Errorf("got reason %v (%s), want normal", rec.Reason, rec.Detail)
	}
}

// TestMatchOwnClock gives White no limit and Black a tight one: White's
// calls have no deadline and are never late, Black's are cut off.
func TestMatchOwnClock(t *testing.T) {
	white := PlayerFunc(func(ctx context.Context, req Request) (Reply, error) {
		if _, ok := ctx.Deadline(); ok || req.Tempo != 0 {
			t.Errorf("White's call has a deadline or a tempo (%v), want none", req.Tempo)
		}
		return firstLegal(ctx, req)
	})
	black := PlayerFunc(func(ctx context.Context, _ Request) (Reply, error) {
		<-ctx.Done()
		return Reply{}, ctx.Err()
	})
	tight := Clock{Tempo: time.Millisecond, Margin: time.Millisecond}
	rec := Match(context.Background(), cavalo.Game{}.New(9), [2]Player{white, black},
		MatchOptions{Clock: tight, Own: [2]*Clock{{}, nil}})
	if rec.Reason != Timeout || rec.Loser != Black {
		t.Errorf("got reason %v, loser %v (%s); want timeout, black", rec.Reason, rec.Loser, rec.Detail)
	}
}

func TestUnplayed(t *testing.T) {
	tests := []struct {
		loser  Side
		winner Side
	}{
		{White, Black},
		{Black, White},
		{0, 0},
	}
	for _, tt := range tests {
		rec := Unplayed(cavalo.Game{}.New(1), tt.loser, Start, "no binary")
		if rec.Winner != tt.winner || rec.Loser != tt.loser || rec.Reason != Start || rec.Detail != "no binary" || len(rec.Moves) != 0 {
			t.Errorf("Unplayed(loser %v): got %+v, want winner %v", tt.loser, rec, tt.winner)
		}
	}
}

func TestReasonText(t *testing.T) {
	for r := Normal; r <= Interrupted; r++ {
		text, err := r.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Reason
		if err := back.UnmarshalText(text); err != nil || back != r {
			t.Errorf("%v: got %v, %v back from %q", r, back, err, text)
		}
	}
	var r Reason
	if err := r.UnmarshalText([]byte("invalid")); err == nil {
		t.Errorf("UnmarshalText(\"invalid\"): got no error, want one")
	}
}

// TestAskCharges checks what Ask charges: the player's own measure of the
// call (Reply.Elapsed) when it gives one within the call, its whole Play
// otherwise.
func TestAskCharges(t *testing.T) {
	const pause = 5 * time.Millisecond
	for _, tc := range []struct {
		name     string
		measured time.Duration // Reply.Elapsed
		own      bool          // the player's measure is charged
	}{
		{"player's measure", time.Millisecond, true},
		{"no measure", 0, false},
		{"a measure longer than the call", time.Hour, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := cavalo.New(3)
			p := PlayerFunc(func(_ context.Context, req Request) (Reply, error) {
				time.Sleep(pause) // what the player does around the call
				return Reply{Move: req.State.FormatMove(req.Legal[0]), Elapsed: tc.measured}, nil
			})
			var buf [MaxMoves]Move
			call := Ask(context.Background(), p, &st, st.Moves(buf[:0]), roomy)
			switch {
			case tc.own && call.Elapsed != tc.measured:
				t.Errorf("charged %v, want the player's %v", call.Elapsed, tc.measured)
			case !tc.own && (call.Elapsed < pause || call.Elapsed >= time.Hour):
				t.Errorf("charged %v, want the whole call (at least %v)", call.Elapsed, pause)
			}
		})
	}
}
