package builtin

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/referee"
)

// greedy looks one move ahead: it takes the move that scores the most
// points now, and among equals the one that leaves the opponent the fewest
// replies (a forced pass counts as none); the first in move order breaks
// any tie left. It has no options.
type greedy struct{}

// newGreedy makes the greedy bot.
func newGreedy(opts Options) (bots.Bot, error) {
	if len(opts) > 0 {
		keys := strings.Join(slices.Sorted(maps.Keys(opts)), ", ")
		return nil, fmt.Errorf("greedy: unknown option %s (greedy has none)", keys)
	}
	return greedy{}, nil
}

// Info describes greedy.
func (greedy) Info() bots.Info {
	return bots.Info{Name: "greedy", Author: "arena", Version: "1", Games: []string{"cavalo"}}
}

// Jogar picks greedy's move in st.
func (greedy) Jogar(_ context.Context, st referee.State, _ time.Duration) (bots.Answer, error) {
	var buf, replyBuf [referee.MaxMoves]referee.Move
	moves := st.Moves(buf[:0])
	if len(moves) == 0 {
		return bots.Answer{}, errors.New("greedy: asked for a move in a finished game")
	}
	me := st.ToMove().Index()
	before := st.Scores()[me]
	var best referee.State
	bestMove, bestGain, bestReplies := moves[0], -1, 0
	nodes := int64(0)
	for _, m := range moves {
		child := st.Clone()
		child.Play(m)
		gain := child.Scores()[me] - before
		replies := child.Moves(replyBuf[:0])
		nodes += 1 + int64(len(replies))
		n := len(replies)
		if n == 1 && replies[0] == referee.Pass {
			n = 0
		}
		if gain > bestGain || gain == bestGain && n < bestReplies {
			best, bestMove, bestGain, bestReplies = child, m, gain, n
		}
	}
	move := st.FormatMove(bestMove)
	return bots.Answer{
		Move:  move,
		State: best,
		Stats: referee.Stats{Nodes: nodes, Depth: 1, Eval: float64(bestGain), PV: []string{move}},
	}, nil
}
