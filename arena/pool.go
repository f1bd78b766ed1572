package arena

import (
	"context"
	"errors"
	"slices"
	"sync"

	"github.com/arenabots/arena/arena/tournament"
)

// The game's path. A slot starts a game's bots, plays the game and stops
// the bots (as PlayScheduled does), and hands the finished game to the
// recorder, which writes its move logs, then its journal line (fsync'd),
// and only then counts it, while the slot goes on. The bots are stopped
// before the next game's start: stopping them in the background was measured to slow the next
// game's first moves on a busy machine (the end of a sandboxed bot, its
// namespaces torn down, is work for the kernel). With Runner.Prestart the
// bots of the slot's next game start while its current game plays
// (startLineup: they stay stopped, charged nothing, until their game asks
// them for a move).

// finished is a played game, or why it could not be logged, for the
// recorder.
type finished struct {
	p   *Played
	err error
}

// playAll plays pending, slots games at a time, and hands each game
// played to add, one call at a time. It returns add's first error, after
// which no game is added or started, and the games in flight are
// interrupted (they are played again on resume): a full disk stops the
// league at once. After add returns ErrDecided no game is started, the
// games in flight are added as they end, and playAll returns ErrDecided.
// When ctx is cancelled the games in flight are interrupted and not added.
// The bots of restart: off are taken from k and handed back to it (keep.go).
// It returns once every bot it started is stopped, but those k keeps.
func (r *Runner) playAll(ctx context.Context, pending []tournament.Scheduled, slots int, k *Keeper, add func(Played) error) error {
	ctx, stop := context.WithCancel(ctx) // stopped on the first error
	defer stop()
	var (
		played   = make(chan finished, slots)
		decided  = make(chan struct{}) // closed when add returns ErrDecided
		wg       sync.WaitGroup
		recorded = make(chan error, 1)
	)
	go func() { recorded <- recordAll(played, add, stop, decided) }()
	f := &feeder{ctx: ctx, decided: decided, queue: slices.Clone(pending), busy: r.inPlay(slots)}
	for range slots {
		wg.Go(func() { r.work(ctx, f, k, played) })
	}
	wg.Wait()
	close(played)
	return <-recorded
}

// feeder hands the pending games of playAll to its slots, each when the
// slot asks for its next: in the schedule's order, or, for a league that
// keeps bots across games, the first that needs no new process of a bot in
// play (inPlay), chosen at the moment a slot is free.
type feeder struct {
	ctx     context.Context
	decided <-chan struct{}
	mu      sync.Mutex
	queue   []tournament.Scheduled
	busy    *inPlay
}

// next returns the game a free slot plays next; false once none is left,
// ctx is done or the league is decided.
func (f *feeder) next() (tournament.Scheduled, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	select {
	case <-f.decided:
		return tournament.Scheduled{}, false
	default:
	}
	if len(f.queue) == 0 || f.ctx.Err() != nil {
		return tournament.Scheduled{}, false
	}
	i := f.busy.pick(f.queue)
	s := f.queue[i]
	f.queue = slices.Delete(f.queue, i, i+1)
	f.busy.add(s)
	return s, true
}

// done tells f that s is over: its kept bots are back in the pool.
func (f *feeder) done(s tournament.Scheduled) { f.busy.done(s) }

// work plays the games f hands it one after another and sends the games
// played to played. With r.Prestart it starts each game's bots while the
// game before plays, and starts again, on the game's path, a bot whose
// early start failed: a start slowed down by the game playing meanwhile
// is not the bot's fault. The bots of restart: off come from k, the engine
// pool all slots share, and go back to it (keep.go).
func (r *Runner) work(ctx context.Context, f *feeder, k *Keeper, played chan<- finished) {
	// ahead receives the bots of the game after s, started while s plays.
	var ahead <-chan *lineup
	for s, ok := f.next(); ok; {
		// The listener hears that s started when it becomes the slot's
		// game, before its own bots are asked to start (Runner.started).
		r.started(s)
		var bots *lineup
		if ahead != nil {
			bots, ahead = <-ahead, nil
		} else {
			bots = r.startBots(ctx, s, true)
		}
		var next tournament.Scheduled
		more := false
		if r.Prestart {
			if next, more = f.next(); more {
				ch := make(chan *lineup, 1)
				go func(n tournament.Scheduled) { ch <- r.startBots(ctx, n, true) }(next)
				ahead = ch
			}
			if bots.failed() {
				bots.Close()
				bots = r.startBots(ctx, s, true)
			}
		}
		p, err := r.playWith(ctx, s, bots, k)
		f.done(s)
		if err != nil || p != nil {
			played <- finished{p, err}
		}
		if !r.Prestart {
			next, more = f.next()
		}
		s, ok = next, more
	}
}

// inPlay counts, for the feeder of a league that keeps bots across games
// (keep.go) and plays several games at once, the games of each kept bot
// handed out and not over, and the most it had at once (about the
// processes the pool has of it), so that the feeder hands a free slot
// the first pending game that needs no new process of a bot in play, when
// there is one: in a round robin, consecutive games often share a bot, which would
// then need a second process. Only the order of play changes, not the
// schedule: the games, their ids and seeds are the same. A nil inPlay
// keeps the schedule's order.
type inPlay struct {
	keeps func(int) bool
	mu    sync.Mutex
	games map[int]int // by bot index
	peak  map[int]int // by bot index: the most games at once so far
}

// inPlay returns the counter of a league that keeps a bot and plays
// slots games at once; nil otherwise.
func (r *Runner) inPlay(slots int) *inPlay {
	c := r.Config
	for i := range c.Bots {
		if slots > 1 && c.Keeps(i) {
			return &inPlay{keeps: c.Keeps, games: map[int]int{}, peak: map[int]int{}}
		}
	}
	return nil
}

// pick returns the index in queue of the first game none of whose kept
// bots is in play as many times as it ever was (it would need a new
// process); 0 when there is none, or b is nil.
func (b *inPlay) pick(queue []tournament.Scheduled) int {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for i, s := range queue {
		if !b.full(s.White) && !b.full(s.Black) {
			return i
		}
	}
	return 0
}

// full reports whether bot is kept and in play in as many games as it
// ever was at once: one game more would start a process; b.mu is held.
func (b *inPlay) full(bot int) bool {
	n := b.games[bot]
	return b.keeps(bot) && n > 0 && n >= b.peak[bot]
}

// add counts s's bots in play, from the moment a slot takes s.
func (b *inPlay) add(s tournament.Scheduled) { b.count(s, 1) }

// done counts s's bots out of play: its game is over, its kept bots back
// in the pool.
func (b *inPlay) done(s tournament.Scheduled) { b.count(s, -1) }

func (b *inPlay) count(s tournament.Scheduled, n int) {
	if b == nil {
		return
	}
	b.mu.Lock()
	for _, bot := range []int{s.White, s.Black} {
		b.games[bot] += n
		b.peak[bot] = max(b.peak[bot], b.games[bot])
	}
	b.mu.Unlock()
}

// recordAll hands each played game to add. On the first error it calls
// stop and adds no more, and returns the error once played is closed.
// When add returns ErrDecided it closes decided, goes on adding the games
// in flight as they end, and returns ErrDecided unless an error came.
func recordAll(played <-chan finished, add func(Played) error, stop func(), decided chan<- struct{}) error {
	var first error
	isDecided := false
	for f := range played {
		if first != nil {
			continue
		}
		if first = f.err; first == nil {
			first = add(*f.p)
		}
		if errors.Is(first, ErrDecided) {
			first = nil
			if !isDecided {
				isDecided = true
				close(decided)
			}
		}
		if first != nil {
			stop()
		}
	}
	if first == nil && isDecided {
		return ErrDecided
	}
	return first
}
