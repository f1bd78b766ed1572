package builtin

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
)

// random plays a uniformly drawn legal move. Its draws come from a PCG
// stream seeded by option seed (default 1), so a game between seeded bots
// replays exactly.
type random struct {
	seed uint64
	rng  *rand.Rand
}

// newRandom makes the random bot. Options: seed (a whole number ≥ 0).
func newRandom(opts Options) (bots.Bot, error) {
	seed := uint64(1)
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		if k != "seed" {
			return nil, fmt.Errorf("random: unknown option %s (known: seed)", k)
		}
		n, err := strconv.ParseUint(opts[k], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("random: option seed is %q: want a whole number ≥ 0", opts[k])
		}
		seed = n
	}
	r := &random{seed: seed}
	r.NewGame(context.Background())
	return r, nil
}

// NewGame starts the draws again from the seed, as a fresh process would.
func (r *random) NewGame(context.Context) error {
	r.rng = rand.New(rand.NewPCG(r.seed, r.seed^0x9E3779B97F4A7C15))
	return nil
}

// Info describes random.
func (*random) Info() bots.Info {
	return bots.Info{Name: "random", Author: "arena", Version: "1", Games: games.Names()}
}

// Jogar draws one of the legal moves of st.
func (r *random) Jogar(_ context.Context, st referee.State, _ time.Duration) (bots.Answer, error) {
	var buf [referee.MaxMoves]referee.Move
	moves := st.Moves(buf[:0])
	if len(moves) == 0 {
		return bots.Answer{}, errors.New("random: asked for a move in a finished game")
	}
	m := moves[r.rng.IntN(len(moves))]
	after := st.Clone()
	after.Play(m)
	move := st.FormatMove(m)
	return bots.Answer{
		Move:  move,
		State: after,
		Stats: referee.Stats{Nodes: int64(len(moves)), PV: []string{move}},
	}, nil
}
