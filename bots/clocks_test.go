package bots_test

import (
	"context"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

// clockReader records what bots.Clocks says in its Jogar.
type clockReader struct {
	got referee.ClockState
	ok  bool
}

func (b *clockReader) Info() bots.Info { return bots.Info{Name: "clocks"} }

func (b *clockReader) Jogar(ctx context.Context, st referee.State, _ time.Duration) (bots.Answer, error) {
	b.got, b.ok = bots.Clocks(ctx)
	var buf [referee.MaxMoves]referee.Move
	return bots.Answer{Move: st.FormatMove(st.Moves(buf[:0])[0])}, nil
}

// TestClocksReachTheBot: a bot asked under a game clock finds both clocks
// with bots.Clocks; under a fixed tempo it finds none.
func TestClocksReachTheBot(t *testing.T) {
	st := cavalo.Game{}.New(1)
	want := referee.ClockState{Side: referee.White, Remaining: [2]time.Duration{time.Second, 2 * time.Second}, Inc: 5 * time.Millisecond, MovesToGo: 3}
	for _, c := range []*referee.ClockState{nil, &want} {
		b := &clockReader{}
		if _, err := bots.Local(b).Jogar(context.Background(), referee.Request{State: st, Tempo: time.Second, Clocks: c}); err != nil {
			t.Fatal(err)
		}
		if b.ok != (c != nil) || c != nil && b.got != *c {
			t.Errorf("sent %+v, the bot found %+v, %v", c, b.got, b.ok)
		}
	}
}
