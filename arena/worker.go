package arena

import (
	"context"
	"sync"
	"time"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// The game's path. A worker starts a game's bots, plays the game and stops
// the bots, and hands the finished game to the recorder, which writes its
// move logs, then its journal line (fsync'd), and only then counts it,
// while the worker goes on. The bots are stopped before the next game's
// start: stopping them in the background was measured to slow the next
// game's first moves on a busy machine (the end of a sandboxed bot, its
// namespaces torn down, is work for the kernel). With Runner.Prestart the
// bots of the worker's next game start while its current game plays
// (StartBots: they stay stopped, charged nothing, until their game asks
// them for a move).

// prepared is a scheduled game whose bots were started ahead of it.
type prepared struct {
	s    Scheduled
	bots *Bots
}

// finished is a played game, for the recorder.
type finished struct {
	s          Scheduled
	initial    referee.State // the state it started from
	rec        referee.Record
	start, end time.Time
}

// playAll plays pending, sum.Workers games at a time, and records them,
// adding to sum what it recorded. It returns the first error of recording,
// after which no game is recorded or started; games already playing end as
// they will. When ctx is cancelled the games in flight are interrupted and
// not recorded. It returns once every bot it started is stopped.
func (r *Runner) playAll(ctx context.Context, pending []Scheduled, j *results.Journal, sum *Summary) error {
	var (
		jobs     = make(chan Scheduled)
		played   = make(chan finished, sum.Workers)
		stopping = make(chan struct{}) // closed on the first recording error
		workers  sync.WaitGroup
		recorded = make(chan error, 1)
	)
	go func() { recorded <- r.record(played, j, sum, stopping) }()
	for range sum.Workers {
		workers.Go(func() { r.work(ctx, jobs, played) })
	}
feed:
	for _, s := range pending {
		select {
		case jobs <- s:
		case <-ctx.Done():
			break feed
		case <-stopping:
			break feed
		}
	}
	close(jobs)
	workers.Wait()
	close(played)
	return <-recorded
}

// work plays the games of jobs one after another and sends the games
// played to played. With r.Prestart it starts each game's bots while the
// game before plays, and starts again, on the game's path, a bot whose
// early start failed: a start slowed down by the game playing meanwhile
// is not the bot's fault.
func (r *Runner) work(ctx context.Context, jobs <-chan Scheduled, played chan<- finished) {
	take := func() <-chan prepared {
		s, ok := <-jobs
		if !ok {
			return nil
		}
		next := make(chan prepared, 1)
		go func() { next <- prepared{s, StartBots(ctx, r.specs(s))} }()
		return next
	}
	for next := take(); next != nil; {
		g := <-next
		next = nil
		if r.Prestart {
			next = take()
			if g.bots.failed() {
				g.bots.Close()
				g.bots = StartBots(ctx, r.specs(g.s))
			}
		}
		st := r.Config.Rules().New(g.s.Seed)
		initial := st.Clone()
		start := time.Now()
		rec := g.bots.Play(ctx, st, r.matchOptions())
		end := time.Now()
		g.bots.Close()
		if rec.Reason != referee.Interrupted {
			played <- finished{g.s, initial, rec, start, end}
		}
		if next == nil {
			next = take()
		}
	}
}

// record writes each played game's move logs and then its journal line, and
// counts it in sum, telling Events. On the first error it closes stopping
// and records no more, and returns the error once played is closed.
func (r *Runner) record(played <-chan finished, j *results.Journal, sum *Summary, stopping chan<- struct{}) error {
	c := r.Config
	var first error
	for f := range played {
		if first != nil {
			continue
		}
		g := results.FromRecord(f.s.ID, f.s.Round, f.s.Seed, c.Bots[f.s.White].Name, c.Bots[f.s.Black].Name, f.rec, f.start, f.end)
		err := results.WriteGameLog(c.Out, g, f.initial, f.rec)
		if err == nil {
			err = j.Append(g)
		}
		if err != nil {
			first = err
			close(stopping)
			continue
		}
		sum.Played++
		sum.BotTime += time.Duration(g.TimeMS[0]+g.TimeMS[1]) * time.Millisecond
		if r.Events != nil {
			r.Events(Event{Game: &g, Done: sum.Skipped + sum.Played, Total: sum.Total})
		}
	}
	return first
}
