package builtin

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/search"
	"github.com/arenabots/arena/referee"
)

// alphaBeta is the full engine of package search with each game's own
// evaluation (the games that implement search.Game): iterative deepening
// under the time budget, or a fixed node budget for reproducible games.
type alphaBeta struct {
	ttMB   int
	nodes  int64
	safety float64

	mu        sync.Mutex                  // one search at a time: the searchers are not reentrant
	searchers map[string]*search.Searcher // by game name, made on the game's first move
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
	return &alphaBeta{ttMB: int(v[0]), nodes: int64(v[1]), safety: v[2], searchers: map[string]*search.Searcher{}}, nil
}

// Info describes alphabeta: it plays the games the engine can search.
func (b *alphaBeta) Info() bots.Info {
	return bots.Info{Name: "alphabeta", Author: "arena", Version: "1", Games: gamesWith(func(g referee.Game) bool {
		_, ok := g.(search.Game)
		return ok
	})}
}

// NewGame forgets what the searches of the game before learnt.
func (b *alphaBeta) NewGame(context.Context) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, s := range b.searchers {
		s.Reset()
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
	s, pos, err := b.searcher(st)
	if err != nil {
		return bots.Answer{}, err
	}
	lim := search.Limits{Nodes: b.nodes}
	if b.nodes == 0 {
		lim.Time = max(time.Until(searchBotDeadline(ctx, start, tempo, 1-b.safety)), time.Nanosecond)
	}
	r := s.Search(ctx, pos, lim)
	if r.Legal == 0 {
		return bots.Answer{}, errGameOver("alphabeta")
	}
	stats := referee.Stats{
		Nodes: r.Nodes,
		Cuts:  r.Cuts.Total(),
		Depth: int32(r.Depth),
		Eval:  referee.Points(r.Score),
	}
	return searchBotAnswer(st, r.Move, r.PV, stats), nil
}

// searcher returns the searcher of st's game and st as a position it
// searches. The searchers are made on their game's first move, so that
// checking a league's options costs nothing.
func (b *alphaBeta) searcher(st referee.State) (*search.Searcher, search.Position, error) {
	pos, ok := st.(search.Position)
	if st == nil || !ok {
		return nil, nil, errOtherGame("alphabeta", st, b.Info().Games...)
	}
	name := st.Game().Name()
	s, ok := b.searchers[name]
	if !ok {
		var err error
		if s, err = search.For(st.Game(), b.ttMB); err != nil {
			return nil, nil, fmt.Errorf("alphabeta: %w", err)
		}
		b.searchers[name] = s
	}
	return s, pos, nil
}
