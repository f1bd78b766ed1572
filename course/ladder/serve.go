package ladder

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
)

// The scheduler: while the ladder runs, every slot plays game pairs. A
// free slot asks next for its pair: first a new version's match against
// its previous one, when that match has no pair in play and the matches
// hold less than half the slots; else the active
// version with the fewest games (games in play counted), the newest
// upload first among equals, then the widest rating interval, against an
// opponent near in rating (wide_pick of the picks: any other group) with
// the fewest games, a game pair on one seeded opening. A new upload, a disabled group or a
// finished game wakes the slots that wait; a group's new version replaces
// the old one at the next pick, and a pair in play finishes for the
// versions it started with.

// sched is the state of the scheduler shared by the slots.
type sched struct {
	mu       sync.Mutex
	inPlay   map[int64]int  // version id → games in play
	matching map[int64]bool // new version ids whose match has a pair in play
	league   *ladderLeague
	key      string // the version ids league was built for
	rnd      *rand.Rand
}

func (l *Ladder) run(ctx context.Context) error {
	if err := l.sweep(); err != nil {
		return err
	}
	probe := &arena.Runner{Config: &league.Config{Sandbox: l.cfg.Sandbox}, Self: l.opt.Self}
	if _, err := probe.SurveySandbox(ctx); err != nil {
		return err
	}
	s := &sched{inPlay: map[int64]int{}, matching: map[int64]bool{}, rnd: rand.New(rand.NewPCG(uint64(l.opt.Now().UnixNano()), 1))}
	if l.opt.Dispatcher != nil {
		return l.dispatchAll(ctx, s)
	}
	return playSlots(ctx, l.opt.Slots, func(ctx context.Context) error { return l.slot(ctx, s) })
}

// playSlots runs slot n times at once until ctx ends or one of them
// fails: the first error ends the others' context (their games in play
// are dropped) and is returned, as dispatchAll returns its own.
func playSlots(ctx context.Context, n int, slot func(context.Context) error) error {
	play, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			if err := slot(play); err != nil && play.Err() == nil {
				stop(err)
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	return context.Cause(play)
}

// slot plays the pairs next gives it until ctx ends.
func (l *Ladder) slot(ctx context.Context, s *sched) error {
	for ctx.Err() == nil {
		changes := l.changes()
		p, lg, err := l.next(s)
		if err != nil {
			return err
		}
		if lg == nil {
			select {
			case <-ctx.Done():
			case <-changes:
			}
			continue
		}
		l.setBusy(+1)
		_, err = l.playPair(ctx, lg, p)
		l.setBusy(-1)
		l.done(s, p)
		if err != nil && ctx.Err() == nil {
			return err
		}
	}
	return nil
}

func (l *Ladder) setBusy(d int) {
	l.mu.Lock()
	l.busy += d
	l.mu.Unlock()
}

// done frees the versions of p in the scheduler.
func (l *Ladder) done(s *sched, p pair) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inPlay[p.a] -= len(p.colours)
	s.inPlay[p.b] -= len(p.colours)
	if p.kind == "match" {
		delete(s.matching, p.a)
	}
}

// next returns the pair a free slot plays next, and the league it is
// played in; a nil league when there is none to play now.
func (l *Ladder) next(s *sched) (pair, *ladderLeague, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	act, err := l.active()
	if err != nil {
		return pair{}, nil, err
	}
	matches, err := l.openMatches(act)
	if err != nil {
		return pair{}, nil, err
	}
	players := slices.Clone(act)
	for _, m := range matches {
		players = append(players, m.prev)
	}
	lg, err := l.leagueOf(s, players)
	if err != nil || lg == nil {
		return pair{}, nil, err
	}
	// The matches take at most half the slots (one at least): the
	// ladder goes on beside them.
	for _, m := range matches {
		if s.matching[m.next.id] || len(s.matching) >= max(1, l.opt.Slots/2) {
			continue
		}
		p, err := l.newPair("match", m.next.id, m.prev.id, 0, 1)
		if err != nil {
			return pair{}, nil, err
		}
		p.round = m.round
		s.matching[m.next.id] = true
		s.inPlay[p.a] += 2
		s.inPlay[p.b] += 2
		return p, lg, nil
	}
	if len(act) < 2 {
		return pair{}, nil, nil
	}
	c, err := l.rated()
	if err != nil {
		return pair{}, nil, err
	}
	games := func(v verRow) int { return c.rows[botName(v.id)].Games + s.inPlay[v.id] }
	margin := func(v verRow) float64 {
		if r, ok := c.rows[botName(v.id)]; ok && r.Rated {
			return r.EloMargin
		}
		return math.Inf(1)
	}
	seed := slices.MinFunc(act, func(a, b verRow) int {
		if d := games(a) - games(b); d != 0 {
			return d
		}
		if !a.Uploaded.Equal(b.Uploaded) {
			return b.Uploaded.Compare(a.Uploaded)
		}
		switch ma, mb := margin(a), margin(b); {
		case ma > mb:
			return -1
		case ma < mb:
			return 1
		}
		return strings.Compare(a.Group, b.Group)
	})
	opp := l.opponent(s, c, seed, act, games)
	colours := make([]int, 0, 2*l.cfg.GamesPerPairing)
	for range l.cfg.GamesPerPairing {
		colours = append(colours, 0, 1)
	}
	p, err := l.newPair("ladder", seed.id, opp.id, colours...)
	if err != nil {
		return pair{}, nil, err
	}
	s.inPlay[p.a] += len(colours)
	s.inPlay[p.b] += len(colours)
	return p, lg, nil
}

// opponent picks seed's opponent among the other groups of act: of the
// three nearest in rating, or, wide_pick of the time, of all, one with
// the fewest games.
func (l *Ladder) opponent(s *sched, c *standingsCache, seed verRow, act []verRow, games func(verRow) int) verRow {
	others := slices.DeleteFunc(slices.Clone(act), func(v verRow) bool { return v.Group == seed.Group })
	if s.rnd.Float64() >= l.cfg.WidePick {
		r := c.rows[botName(seed.id)].Elo
		slices.SortFunc(others, func(a, b verRow) int {
			da, db := math.Abs(c.rows[botName(a.id)].Elo-r), math.Abs(c.rows[botName(b.id)].Elo-r)
			switch {
			case da < db:
				return -1
			case da > db:
				return 1
			}
			return strings.Compare(a.Group, b.Group)
		})
		others = others[:min(3, len(others))]
	}
	// Of those, one with the fewest games (in play counted), drawn among
	// equals: the games spread evenly.
	least := slices.MinFunc(others, func(a, b verRow) int { return games(a) - games(b) })
	others = slices.DeleteFunc(others, func(v verRow) bool { return games(v) > games(least) })
	return others[s.rnd.IntN(len(others))]
}

// leagueOf returns the league of players, built again when they changed;
// nil when there are none.
func (l *Ladder) leagueOf(s *sched, players []verRow) (*ladderLeague, error) {
	if len(players) == 0 {
		return nil, nil
	}
	ids := make([]string, len(players))
	for i, v := range players {
		ids[i] = botName(v.id)
	}
	slices.Sort(ids)
	key := strings.Join(slices.Compact(ids), ",")
	if key == s.key && s.league != nil {
		return s.league, nil
	}
	lg, err := l.newLeague(players)
	if err != nil {
		return nil, err
	}
	s.league, s.key = lg, key
	return lg, nil
}
