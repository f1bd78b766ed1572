package builtin

import (
	"context"
	"sync"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/search"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
)

// alphaBeta is the full engine of package search with its evaluation of
// each game (search.CavaloEval, search.DotsEval): iterative deepening under
// the time budget, or a fixed node budget for reproducible games.
type alphaBeta struct {
	ttMB   int
	nodes  int64
	safety float64

	mu     sync.Mutex // one search at a time: the searchers are not reentrant
	cavalo *search.CavaloSearcher
	dots   *search.DotsSearcher
}

// Defaults of alphabeta's options.
const (
	alphaBetaTTMB = 16
	// alphaBetaSafety is the share of tempo kept back: the search stops at
	// the rest, and answers with the last finished iteration.
	alphaBetaSafety = 0.3
)

// newAlphaBeta makes the alphabeta bot. Options: tt_mb (transposition table
// size, default 16), nodes (node budget per move instead of time; 0, the
// default, uses the time), safety (share of tempo kept in reserve, default
// 0.3).
func newAlphaBeta(opts Options) (bots.Bot, error) {
	v, err := searchBotOptions("alphabeta", opts, []searchBotOption{
		{key: "tt_mb", def: alphaBetaTTMB, min: 1, max: 4096},
		{key: "nodes", def: 0, min: 0, max: 1e15},
		{key: "safety", def: alphaBetaSafety, min: 0, max: 0.95},
	})
	if err != nil {
		return nil, err
	}
	return &alphaBeta{ttMB: int(v[0]), nodes: int64(v[1]), safety: v[2]}, nil
}

// Info describes alphabeta.
func (b *alphaBeta) Info() bots.Info {
	return bots.Info{Name: "alphabeta", Author: "arena", Version: "1", Games: []string{cavalo.Name, dots.Name}}
}

// NewGame forgets what the searches of the game before learnt.
func (b *alphaBeta) NewGame(context.Context) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.cavalo != nil {
		b.cavalo.Reset()
	}
	if b.dots != nil {
		b.dots.Reset()
	}
	return nil
}

// Jogar searches st until (1-safety) of tempo has passed, or for the node
// budget, and answers with the best move, the state it leads to and the
// search's statistics.
func (b *alphaBeta) Jogar(ctx context.Context, st referee.State, tempo time.Duration) (bots.Answer, error) {
	start := time.Now()
	b.mu.Lock()
	defer b.mu.Unlock()
	lim := search.Limits{Nodes: b.nodes}
	if b.nodes == 0 {
		lim.Time = max(time.Until(searchBotDeadline(ctx, start, tempo, 1-b.safety)), time.Nanosecond)
	}
	// The tables are allocated on the first move of their game, so that
	// checking a league's options costs nothing.
	var r search.Result
	switch p := st.(type) {
	case *cavalo.Position:
		if p == nil {
			break
		}
		if b.cavalo == nil {
			b.cavalo = search.NewCavalo(b.ttMB)
		}
		r = b.cavalo.Search(ctx, p, lim)
	case *dots.Position:
		if p == nil {
			break
		}
		if b.dots == nil {
			b.dots = search.NewDots(b.ttMB)
		}
		r = b.dots.Search(ctx, p, lim)
	}
	if r.Nodes == 0 {
		return bots.Answer{}, errOtherGame("alphabeta", st, cavalo.Name, dots.Name)
	}
	if r.Legal == 0 {
		return bots.Answer{}, errGameOver("alphabeta")
	}
	stats := referee.Stats{
		Nodes: r.Nodes,
		Cuts:  r.Cuts.Total(),
		Depth: int32(r.Depth),
		Eval:  search.Points(r.Score),
	}
	return searchBotAnswer(st, r.Move, r.PV, stats), nil
}
