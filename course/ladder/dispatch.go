package ladder

import (
	"context"
	"fmt"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/tournament"
)

// dispatchAll is the scheduler when a Dispatcher plays the games (arena
// workers over NATS): it takes up to Slots pairs of one league from next,
// has their games played at once, records each game as its result comes
// back (once: the key pair, colour), and goes on until ctx ends.
func (l *Ladder) dispatchAll(ctx context.Context, s *sched) error {
	for ctx.Err() == nil {
		changes := l.changes()
		var (
			lg    *ladderLeague
			batch []pair
			games = map[string]slotGame{}
			sched []tournament.Scheduled
		)
		for len(batch) < l.opt.Slots {
			p, plg, err := l.next(s)
			if err != nil {
				return err
			}
			if plg == nil {
				break
			}
			if lg != nil && plg != lg { // a new version came: the next batch
				l.done(s, p)
				break
			}
			gs, err := plg.schedule(p)
			if err != nil {
				return err
			}
			lg, batch = plg, append(batch, p)
			for _, g := range gs {
				games[g.ID] = g
				sched = append(sched, g.Scheduled)
			}
		}
		if len(batch) == 0 {
			select {
			case <-ctx.Done():
			case <-changes:
			}
			continue
		}
		l.setBusy(len(batch))
		err := l.opt.Dispatcher(lg.cfg).Dispatch(ctx, sched, func(p arena.Played) error {
			g, ok := games[p.Entry.ID]
			if !ok {
				return fmt.Errorf("ladder: a result for game %q, which was not dispatched", p.Entry.ID)
			}
			_, err := l.record(g, &p)
			return err
		})
		l.setBusy(-len(batch))
		for _, p := range batch {
			l.done(s, p)
		}
		if err != nil && ctx.Err() == nil {
			return err
		}
	}
	return ctx.Err()
}
