package referee_test

import (
	"context"
	"errors"
	"testing"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
)

func TestPerftState(t *testing.T) {
	for _, st := range []referee.State{cavalo.Game{}.New(42), dots.Game{}.New(42)} {
		t.Run(st.Game().Name(), func(t *testing.T) {
			for depth := 1; depth <= 3; depth++ {
				got, err := referee.PerftState(context.Background(), st, depth)
				if want := st.(referee.Perfter).Perft(depth); err != nil || got != want {
					t.Errorf("PerftState(depth %d) = %d, %v; want %d", depth, got, err, want)
				}
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := referee.PerftState(ctx, st, 3); !errors.Is(err, context.Canceled) {
				t.Errorf("PerftState, cancelled: %v, want context.Canceled", err)
			}
		})
	}
}
