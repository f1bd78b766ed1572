package referee_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
	. "github.com/arenabots/arena/referee"
)

// TestGameClocksAddUp plays whole games under game clocks and checks, after
// every move, that each side's clock is its base, plus its increments and
// its periods' bases, less the time charged, and that each request carried
// both clocks and the budget allotted from them.
func TestGameClocksAddUp(t *testing.T) {
	for _, tc := range []struct {
		name string
		tc   TimeControl
	}{
		{"sudden death", TimeControl{Base: 10 * time.Second}},
		{"increment", TimeControl{Base: 10 * time.Second, Inc: 50 * time.Millisecond}},
		{"periods of 3", TimeControl{Base: 10 * time.Second, Inc: 7 * time.Millisecond, Moves: 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var asked []Request
			p := PlayerFunc(func(ctx context.Context, req Request) (Reply, error) {
				asked = append(asked, req)
				return firstLegal(ctx, req)
			})
			rec := Match(context.Background(), cavalo.Game{}.New(7), [2]Player{p, p}, MatchOptions{
				Clock: Clock{Margin: time.Second, Control: &tc.tc},
			})
			if rec.Reason != Normal {
				t.Fatalf("reason %v (%s), want normal", rec.Reason, rec.Detail)
			}
			var charged [2]time.Duration
			var made [2]int
			call := 0
			for _, mr := range rec.Moves {
				i := mr.Side.Index()
				if mr.Clocks == nil {
					t.Fatalf("ply %d: no clocks recorded", mr.Ply)
				}
				if !mr.Forced {
					req := asked[call]
					call++
					if req.Clocks == nil {
						t.Fatalf("ply %d: request without clocks", mr.Ply)
					}
					wantLeft := tc.tc.Base + time.Duration(made[i])*tc.tc.Inc - charged[i]
					if tc.tc.Moves > 0 {
						wantLeft += time.Duration(made[i]/tc.tc.Moves) * tc.tc.Base
					}
					if got := req.Clocks.Remaining[i]; got != wantLeft {
						t.Errorf("ply %d: request says %v left, want %v", mr.Ply, got, wantLeft)
					}
					if req.Clocks.Side != mr.Side || req.Clocks.Inc != tc.tc.Inc {
						t.Errorf("ply %d: request clocks side %v inc %v, want %v %v", mr.Ply, req.Clocks.Side, req.Clocks.Inc, mr.Side, tc.tc.Inc)
					}
					wantToGo := 0
					if m := tc.tc.Moves; m > 0 {
						wantToGo = m - made[i]%m
					}
					if req.Clocks.MovesToGo != wantToGo {
						t.Errorf("ply %d: moves to go %d, want %d", mr.Ply, req.Clocks.MovesToGo, wantToGo)
					}
					if want := req.Clocks.Budget(); req.Tempo != want || want > wantLeft || want <= 0 {
						t.Errorf("ply %d: tempo %v, budget %v, left %v", mr.Ply, req.Tempo, want, wantLeft)
					}
					charged[i] += mr.Elapsed
					made[i]++
				}
				for s := range 2 {
					want := tc.tc.Base + time.Duration(made[s])*tc.tc.Inc - charged[s]
					if tc.tc.Moves > 0 {
						want += time.Duration(made[s]/tc.tc.Moves) * tc.tc.Base
					}
					if mr.Clocks[s] != want {
						t.Errorf("ply %d: side %d's clock %v, want base+incs-charged = %v", mr.Ply, s+1, mr.Clocks[s], want)
					}
				}
			}
			if charged != rec.Time {
				t.Errorf("charged %v, record's time %v", charged, rec.Time)
			}
		})
	}
}

// TestBudget checks the budget allotted from a clock.
func TestBudget(t *testing.T) {
	for _, tc := range []struct {
		s    ClockState
		want time.Duration
	}{
		{ClockState{Side: White, Remaining: [2]time.Duration{3 * time.Second, 0}}, 100 * time.Millisecond},
		{ClockState{Side: Black, Remaining: [2]time.Duration{0, 3 * time.Second}, Inc: 50 * time.Millisecond}, 150 * time.Millisecond},
		{ClockState{Side: White, Remaining: [2]time.Duration{time.Second, 0}, MovesToGo: 4}, 250 * time.Millisecond},
		{ClockState{Side: White, Remaining: [2]time.Duration{10 * time.Millisecond, 0}, Inc: 50 * time.Millisecond}, 10 * time.Millisecond},
	} {
		if got := tc.s.Budget(); got != tc.want {
			t.Errorf("%+v: budget %v, want %v", tc.s, got, tc.want)
		}
	}
}

// TestLossOnTime: a bot that takes 30 ms a move whatever its clock says
// runs out of a 100 ms clock by its fourth move and loses on time; its
// opponent, answering at once, does not.
func TestLossOnTime(t *testing.T) {
	slow := PlayerFunc(func(ctx context.Context, req Request) (Reply, error) {
		select {
		case <-ctx.Done():
			return Reply{}, ctx.Err()
		case <-time.After(30 * time.Millisecond):
		}
		return firstLegal(ctx, req)
	})
	for _, tc := range []struct {
		name   string
		policy Policy
	}{{"forfeit", Forfeit}, {"adjudicate", Adjudicate}} {
		t.Run(tc.name, func(t *testing.T) {
			rec := Match(context.Background(), cavalo.Game{}.New(7), [2]Player{slow, PlayerFunc(firstLegal)}, MatchOptions{
				Clock:     Clock{Margin: 10 * time.Millisecond, Control: &TimeControl{Base: 100 * time.Millisecond}},
				OnTimeout: tc.policy,
			})
			if rec.Reason != Timeout || rec.Loser != White || !strings.Contains(rec.Detail, "clock ran out") {
				t.Fatalf("got reason %v, loser %v, detail %q; want a timeout of White, clock ran out", rec.Reason, rec.Loser, rec.Detail)
			}
			if tc.policy == Forfeit && rec.Winner != Black {
				t.Errorf("winner %v, want Black", rec.Winner)
			}
			white := 0
			for _, mr := range rec.Moves {
				if mr.Side == White && !mr.Forced {
					white++
				}
			}
			if white > 4 {
				t.Errorf("White was asked %d times on a 100 ms clock at 30 ms a move", white)
			}
		})
	}
}

// TestFixedTempoRecordsNoClocks: without a time control nothing changes:
// no clocks in the records or the requests.
func TestFixedTempoRecordsNoClocks(t *testing.T) {
	p := PlayerFunc(func(ctx context.Context, req Request) (Reply, error) {
		if req.Clocks != nil || req.Tempo != roomy.Tempo {
			t.Errorf("request: clocks %v, tempo %v under a fixed tempo", req.Clocks, req.Tempo)
		}
		return firstLegal(ctx, req)
	})
	rec := Match(context.Background(), cavalo.Game{}.New(7), [2]Player{p, p}, MatchOptions{Clock: roomy})
	for _, mr := range rec.Moves {
		if mr.Clocks != nil {
			t.Fatalf("ply %d: clocks %v recorded under a fixed tempo", mr.Ply, *mr.Clocks)
		}
	}
}
