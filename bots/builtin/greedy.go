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
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
)

// greedy looks one move ahead: it takes the move that scores the most
// points now, and among equals the one that leaves the opponent the fewest
// replies (a forced pass counts as none), then the one whose best reply
// scores the least for the opponent (in Dots and Boxes, where every arc
// leaves as many replies: the arc that makes no box of three sides); the
// first in move order breaks any tie left. It plays every game. It has no
// options.
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
	return bots.Info{Name: "greedy", Author: "arena", Version: "1", Games: games.Names()}
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
	bestMove, bestGain, bestReplies, bestThreat := moves[0], -1, 0, -1
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
		better := gain > bestGain || gain == bestGain && n < bestReplies
		threat := -1 // computed only to break a tie
		if !better && gain == bestGain && n == bestReplies {
			if bestThreat < 0 {
				bestThreat = threatOf(best, me)
			}
			threat = threatOf(child, me)
			nodes += int64(n)
			better = threat < bestThreat
		}
		if better {
			best, bestMove, bestGain, bestReplies, bestThreat = child, m, gain, n, threat
		}
	}
	move := st.FormatMove(bestMove)
	return bots.Answer{
		Move:  move,
		State: best,
		Stats: referee.Stats{Nodes: nodes, Depth: 1, Eval: float64(bestGain), PV: []string{move}},
	}, nil
}

// threatOf returns the most the opponent of side me scores with one move in
// st, 0 when it is not the opponent's turn.
func threatOf(st referee.State, me int) int {
	if st.ToMove().Index() == me {
		return 0
	}
	var buf [referee.MaxMoves]referee.Move
	opp := 1 - me
	before, most := st.Scores()[opp], 0
	for _, r := range st.Moves(buf[:0]) {
		next := st.Clone()
		next.Play(r)
		most = max(most, next.Scores()[opp]-before)
	}
	return most
}
