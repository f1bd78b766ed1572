package arena

import (
	"context"
	"sync"

	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/referee"
)

// Engines kept across games (restart: off, docs/config.md). A fresh
// process per game is the rule of a championship, and the default; a bot
// whose league or entry says restart: off is instead kept running by the
// run that played it, in an engine pool (as fastchess keeps an engine
// cache per engine): the engine pool holds the idle processes of each bot,
// and a game takes one of its bots' idle processes when there is one
// (arena tells it a new game starts, host.Process.NewGame) and starts one
// only when none is idle. So a round robin, whose consecutive games rarely
// share both bots, skips most process starts, handshakes and sandboxes
// too. A bot never has more processes than the games that use it at once;
// idle processes are stopped between calls (SIGSTOP) and cost no CPU. A
// local run that plays several games at once hands a free slot the first
// pending game that needs no new process of a kept bot in play (pool.go's
// inPlay), so that few bots need a second process.
//
// A bot that faulted (crash, timeout, illegal move: any verdict against
// it), a game that was interrupted, and a bot that fails to ready for the
// new game are closed, and a fresh process is started on the next game's
// path. Nothing of the start or the new-game call is charged to the bot.
// A kept bot is never started ahead of its game (Runner.Prestart): it is
// either taken from the engine pool or started when its game comes.

// DefaultMaxIdle is the most idle processes a Keeper holds, every bot
// together, unless its MaxIdle says otherwise: enough for a round robin
// of a dozen bots at two games at once, few enough that a league of
// heavy bots (an SBCL image is some 100 MB) does not fill the memory.
const DefaultMaxIdle = 24

// Keeper is one run's engine pool: the idle processes of the bots its
// league keeps across games (Config.Keeps), by bot index, shared by the
// games its slots play at once (a local run's pool, pool.go, or a
// distributed worker's slots; see Runner.PlayScheduled). It is safe for
// concurrent use. Its zero value is an empty engine pool of
// DefaultMaxIdle; Close ends what it holds.
type Keeper struct {
	// MaxIdle caps the idle processes held, every bot together: when a
	// game hands back one more, the one idle the longest is closed. Zero
	// means DefaultMaxIdle.
	MaxIdle int

	mu     sync.Mutex
	idle   map[int][]idler // by bot, the most recently handed back last
	n      int             // idle processes, every bot together
	seq    uint64          // counts hand-backs, to find the oldest
	closed bool            // Close was called: nothing more is held
	// end closes a process; nil: host.Process.Close. Tests count with it.
	end func(*host.Process)
}

// idler is an idle process of a Keeper, with when it was handed back.
type idler struct {
	p   *host.Process
	seq uint64
}

// take returns an idle process of bot, the one handed back last, and
// forgets it; nil when none is idle.
func (k *Keeper) take(bot int) *host.Process {
	k.mu.Lock()
	defer k.mu.Unlock()
	ps := k.idle[bot]
	if len(ps) == 0 {
		return nil
	}
	last := ps[len(ps)-1]
	k.idle[bot] = ps[:len(ps)-1]
	k.n--
	return last.p
}

// give holds p, an idle process of bot, for the run's next game of bot;
// it closes p instead once the Keeper is closed, and the process idle the
// longest when the Keeper holds more than MaxIdle.
func (k *Keeper) give(bot int, p *host.Process) {
	k.mu.Lock()
	if k.closed {
		k.mu.Unlock()
		k.close(p)
		return
	}
	if k.idle == nil {
		k.idle = map[int][]idler{}
	}
	k.seq++
	k.idle[bot] = append(k.idle[bot], idler{p, k.seq})
	k.n++
	var old *host.Process
	if k.n > k.maxIdle() {
		old = k.evict()
	}
	k.mu.Unlock()
	if old != nil {
		k.close(old)
	}
}

// close ends p, an idle process k no longer holds.
func (k *Keeper) close(p *host.Process) {
	if k.end != nil {
		k.end(p)
		return
	}
	p.Close()
}

// maxIdle is MaxIdle or its default.
func (k *Keeper) maxIdle() int {
	if k.MaxIdle > 0 {
		return k.MaxIdle
	}
	return DefaultMaxIdle
}

// evict forgets the process idle the longest and returns it; k.mu is
// held.
func (k *Keeper) evict() *host.Process {
	oldest := -1
	for bot, ps := range k.idle {
		if len(ps) > 0 && (oldest < 0 || ps[0].seq < k.idle[oldest][0].seq) {
			oldest = bot
		}
	}
	if oldest < 0 {
		return nil
	}
	p := k.idle[oldest][0].p
	k.idle[oldest] = k.idle[oldest][1:]
	k.n--
	return p
}

// Idle returns how many idle processes k holds, every bot together.
func (k *Keeper) Idle() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.n
}

// Drain closes the idle processes k holds, in parallel, and returns once
// nothing of them is left; k goes on keeping the processes games hand
// back. A distributed worker drains its engine pool when no game came for
// a while, or a game of another league came.
func (k *Keeper) Drain() { k.drain(false) }

// Close closes the idle processes k holds, as Drain, and every process a
// game hands back from then on.
func (k *Keeper) Close() { k.drain(true) }

// drain closes the idle processes, and marks k closed with closing.
func (k *Keeper) drain(closing bool) {
	k.mu.Lock()
	idle := k.idle
	k.idle, k.n = nil, 0
	k.closed = k.closed || closing
	k.mu.Unlock()
	var wg sync.WaitGroup
	for _, ps := range idle {
		for _, i := range ps {
			wg.Go(func() { k.close(i.p) })
		}
	}
	wg.Wait()
}

// noneKept is the kept of a lineup whose bots are all fresh processes.
var noneKept = [2]int{-1, -1}

// ready gives each seat of b whose bot is kept across games its process,
// in parallel: an idle process of the bot from k, told that a game of
// game starts, or a fresh one when k has none idle or the idle one fails
// to ready (it is closed). It returns once both seats are ready or failed.
func (b *lineup) ready(ctx context.Context, k *Keeper, game string) {
	if b.failed() {
		return
	}
	var wg sync.WaitGroup
	for i, bot := range b.kept {
		if bot < 0 || b.procs[i] != nil {
			continue
		}
		p, spec := k.take(bot), b.seats[i].Spec
		wg.Go(func() {
			if p != nil {
				if p.NewGame(ctx, game) == nil {
					b.procs[i] = p
					return
				}
				p.Close()
			}
			b.procs[i], b.errs[i] = host.Start(ctx, spec)
		})
	}
	wg.Wait()
}

// release hands k the processes of b's kept seats that rec, the game they
// played, finds no fault of; Close then stops the others. A nil k keeps
// nothing.
func (b *lineup) release(k *Keeper, rec referee.Record) {
	if k == nil {
		return
	}
	for i, bot := range b.kept {
		if bot < 0 || b.procs[i] == nil || faulted(rec, referee.Side(i+1)) {
			continue
		}
		k.give(bot, b.procs[i])
		b.procs[i] = nil
	}
}

// faulted reports whether rec ended with a verdict against side (or was
// interrupted): its process is not kept.
func faulted(rec referee.Record, side referee.Side) bool {
	switch rec.Reason {
	case referee.Normal, referee.Resigned:
		return false
	}
	return rec.Loser == 0 || rec.Loser == side
}
