package arena

import (
	"context"
	"slices"
	"sync"

	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/referee"
)

// Engines kept across games (restart: off, docs/config.md). A fresh
// process per game is the rule of a championship, and the default; a bot
// whose league or entry says restart: off is instead kept running by the
// worker that played it, for the worker's next game that has it: arena
// tells it a new game starts (host.Process.NewGame) and it plays on,
// skipping the process's start, the handshake and the sandbox's making.
// A worker keeps at most the bots of its last game; a bot that faulted
// (crash, timeout, illegal move: any verdict against it), a game that was
// interrupted, and a bot that fails to ready for the new game are closed,
// and a fresh process is started on the next game's path. Nothing of the
// start or the new-game call is charged to the bot. A kept bot is never
// started ahead of its game (Runner.Prestart): it is either kept or
// started when its game comes.

// Keeper holds one worker's kept processes between its games, by bot
// index: a local worker's (Run), or a distributed worker's, one per game
// it plays at once (see Runner.PlayScheduled). It is used by one goroutine
// at a time. Its zero value holds nothing; Close ends what it holds.
type Keeper struct {
	procs map[int]*host.Process
}

// take returns the kept process of bot, if there is one, and forgets it.
func (k *Keeper) take(bot int) *host.Process {
	p := k.procs[bot]
	delete(k.procs, bot)
	return p
}

// keep holds p, bot's process, for the worker's next game.
func (k *Keeper) keep(bot int, p *host.Process) {
	if k.procs == nil {
		k.procs = map[int]*host.Process{}
	}
	k.procs[bot] = p
}

// closeExcept closes the kept processes of every bot but those of bots,
// in parallel, and returns once nothing of them is left.
func (k *Keeper) closeExcept(bots ...int) {
	var wg sync.WaitGroup
	for bot, p := range k.procs {
		if !slices.Contains(bots, bot) {
			delete(k.procs, bot)
			wg.Go(func() { p.Close() })
		}
	}
	wg.Wait()
}

// Close closes every kept process, and returns once nothing of them is
// left.
func (k *Keeper) Close() { k.closeExcept() }

// noneKept is the kept of a lineup whose bots are all fresh processes.
var noneKept = [2]int{-1, -1}

// ready gives each seat of b whose bot is kept across games its process, in parallel: k's process of the bot, told that a game of
// game starts, or a fresh one when k has none or the kept one fails to
// ready (it is closed). It returns once both seats are ready or failed.
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
		k.keep(bot, b.procs[i])
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
