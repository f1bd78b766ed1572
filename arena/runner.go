package arena

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/lispimage"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// Runner plays a league. Its fields are set by the caller before Run.
type Runner struct {
	Config *league.Config
	// Self is arena's own executable, which serves the built-in bots.
	Self string
	// DiscardResults discards the results of an earlier run in Config.Out.
	DiscardResults bool
	// Verbose lets go-plugin log to stderr.
	Verbose bool
	// Prestart starts the bots of each slot's next game while its
	// current game plays, stopped and charged nothing until their game
	// starts. It hides their start on a machine with cores to spare; on a
	// busy one the start slows the moves of the game playing (see
	// docs/performance.md).
	Prestart bool
	// Events, if set, is told of the run's start and of each game's start,
	// moves and end; calls are serialized.
	Events func(Event)
	// Dispatcher, if set, plays the games instead of the local pool: the
	// Runner still locks, checks, resumes and records as in a local run.
	Dispatcher Dispatcher
	// CheckBot, if set, is asked before each game whether bot b can start
	// here; an error is a start fault of that bot, as a bot that does not
	// start. A worker of a distributed league uses it to record a bot built
	// for another platform.
	CheckBot func(b league.BotConfig) error
	// LispImages, if set, starts each Lisp bot from its saved image,
	// built before its first game (see lispimage.Cache); a bot without one
	// loads its files, and a Warning event says why, once a run.
	LispImages *lispimage.Cache

	events sync.Mutex // serializes calls of Events
	// noImage are the bots whose lack of a saved image was told.
	noImage map[string]bool
}

// Dispatcher plays the games of a league elsewhere, e.g. on the workers of
// a distributed league.
type Dispatcher interface {
	// Dispatch has the games of pending played and calls record once for
	// each finished game, one call at a time. record ignores a game that is
	// already recorded, so Dispatch may pass one game twice. Dispatch
	// returns when every game of pending is recorded, when record fails
	// (with its error), or when ctx is done (with ctx's error).
	Dispatch(ctx context.Context, pending []tournament.Scheduled, record func(Played) error) error
}

// ErrDecided is what the record function of a Dispatcher returns once the
// league is decided: the game is recorded, and the league needs no more.
// The Dispatcher then hands out no more games, records those in play and
// returns ErrDecided, which the Runner takes as a normal end. One that
// returns it at once is not wrong either: its games in play are just not
// recorded.
var ErrDecided = errors.New("the league is decided: no more games are needed")

// Played is a finished game of a league: its journal line and its move log.
type Played struct {
	Entry results.Entry
	Moves []results.MoveLine
}

// Event reports progress: a warning, the start of a run (every pointer
// nil), the start of a game (Start), one of its moves (Move), or one
// finished game, recorded in the journal (Game). Warnings come before the
// start of the run, but for a Lisp bot that plays without its saved image
// (Runner.LispImages), told before its first game. A game that started and never ended was interrupted:
// it is played again on resume.
type Event struct {
	// Warning, when set, is something the user should know that does not
	// stop the run: a lock taken over from a dead run, a torn journal line
	// cut off, a bot whose games are forfeits. The other fields are zero.
	Warning string
	Start   *GameStart     // a game begins; Done and Total are zero
	Move    *MoveEvent     // a game's move was recorded; Done and Total are zero
	End     *results.Entry // a game ended and is in the journal
	Done    int            // games in the journal, this one included
	Total   int            // games in the schedule
}

// GameStart is the start of a scheduled game.
type GameStart struct {
	ID           string
	Round        int
	Seed         uint64
	White, Black string
	// Initial is the state the game starts from, a copy the listener may
	// keep and play on.
	Initial referee.State
}

// MoveEvent is one ply of a game in play, as the referee recorded it.
type MoveEvent struct {
	GameID string // the game's id
	Record referee.MoveRecord
}

// Summary is what a run did.
type Summary struct {
	Total   int           // games in the schedule
	Skipped int           // games already in the journal when the run started
	Played  int           // games played and journaled by this run
	Wall    time.Duration // the run's wall time
	BotTime time.Duration // time charged to bots in the games played
	AtOnce  int           // games played at once
	Out     string        // the results directory
	// Standings are the league's at the end of a run played out (see
	// Results.Standings), as written to the results directory.
	Standings results.Standings
}

// Run plays every scheduled game that the journal does not hold yet, up to
// Config.Concurrency at a time (or has the Dispatcher play them), then
// writes the standings and the crosstable. An SPRT match stops starting
// games once it is decided (see tournament.League.Decided).
//
// First it checks that the bots' sandbox can be made (ErrSandbox), which
// leaves nothing on disk; then it takes the results directory's lock (a
// *results.LockedError when another process holds it). Before the first
// game it checks every bot (a *BotsError unless the league says
// missing_bots: forfeit) and the journal (a *results.DamagedError when a
// line is damaged). When ctx is cancelled it stops the games in flight
// (they are played again on resume) and returns ctx's error with the
// summary so far. When it cannot write the results directory (a full
// disk) it stops likewise and returns a *resultsdir.WriteError.
func (r *Runner) Run(ctx context.Context) (Summary, error) {
	c := r.Config
	start := time.Now()
	sum := Summary{Out: c.Out}
	achieved, err := r.SurveySandbox(ctx)
	if err != nil {
		return sum, err
	}
	for _, w := range achieved.Unenforced() {
		r.warn(w)
	}
	if w := clockFallback(c, achieved); w != "" {
		r.warn(w)
	}
	lock, err := resultsdir.Lock(c.Out, r.warn)
	if err != nil {
		return sum, err
	}
	defer lock.Unlock()
	if err := r.preflight(); err != nil {
		return sum, err
	}
	if err := r.prepare(achieved); err != nil {
		return sum, resultsdir.WrapWrite(c.Out, err)
	}
	j, err := resultsdir.OpenJournal(c.Out, r.warn)
	if err != nil {
		return sum, err
	}
	defer j.Close()

	pending := r.pending(j)
	sum.Skipped = len(j.Games())
	sum.Total = max(tournament.Total(c.League()), sum.Skipped+len(pending))
	r.emit(Event{Done: sum.Skipped, Total: sum.Total})

	if c.League().Decided(j.Games()) {
		pending = nil // a decided SPRT match plays nothing more (tournament/sprt.go)
	}

	// add records a played game, once: its move logs, then its journal
	// line; then it counts. Another game under a recorded id ends the run.
	add := func(p Played) error {
		if j.Has(p.Entry.ID) {
			return sameGame(j.Games(), p.Entry)
		}
		if err := resultsdir.WriteGame(c.Out, j, p.Entry, p.Moves, c.Rules()); err != nil {
			return err
		}
		sum.Played++
		sum.Total = max(sum.Total, sum.Skipped+sum.Played)
		sum.BotTime += time.Duration(p.Entry.TimeMS[0]+p.Entry.TimeMS[1]) * time.Millisecond
		r.emit(Event{End: &p.Entry, Done: sum.Skipped + sum.Played, Total: sum.Total})
		if c.League().Decided(j.Games()) {
			return ErrDecided
		}
		return nil
	}
	// The engine pool of the bots kept across games (keep.go), for every
	// stage: it ends with the run.
	var kept Keeper
	defer kept.Close()
	// Each stage's games are played, then the schedule is asked again: a
	// Swiss or knockout knows its next games once these are played.
	for ; len(pending) > 0 && err == nil && ctx.Err() == nil; pending = r.pending(j) {
		// The games a stage makes known (a Swiss's round, a knockout's
		// tie-break boards, a playoff) count from then on.
		sum.Total = max(sum.Total, sum.Skipped+sum.Played+len(pending))
		before := sum.Played
		if r.Dispatcher != nil {
			err = r.Dispatcher.Dispatch(ctx, pending, add)
		} else {
			sum.AtOnce = max(sum.AtOnce, min(c.Concurrency, len(pending)))
			err = r.playAll(ctx, pending, min(c.Concurrency, len(pending)), &kept, add)
		}
		if err == nil && ctx.Err() == nil && sum.Played == before {
			err = fmt.Errorf("game %s and %d more were not played: the schedule cannot go on", pending[0].ID, len(pending)-1)
		}
	}
	sum.Wall = time.Since(start)
	if errors.Is(err, ErrDecided) {
		err = nil
	}
	if err != nil {
		return sum, err
	}
	if err := ctx.Err(); err != nil {
		return sum, err
	}
	res := &Results{Config: c, Games: j.Games()}
	sum.Standings = res.Standings()
	return sum, resultsdir.WrapWrite(c.Out, res.writeReports(sum.Standings))
}

// clockFallback says, when league c charges CPU time and no cgroup
// counts the bots' CPU time here (achieved, the sandbox's report), that
// each call is charged its wall time instead; "" otherwise.
func clockFallback(c *league.Config, achieved sandbox.Report) string {
	if c.Clock != league.ClockCPU || achieved.CPUCounted() {
		return ""
	}
	return fmt.Sprintf("no cgroup counts the bots' CPU time here (cpu_clock: %s): clock: cpu charges each call its wall time, as clock: wall does", achieved.CPUClock)
}

// pending returns the games of the schedule known from journal j's games
// that j does not hold yet.
func (r *Runner) pending(j *results.Journal) []tournament.Scheduled {
	var pending []tournament.Scheduled
	games := j.Games()
	played := scheduledIDs(games)
	for _, g := range tournament.Schedule(r.Config.League(), games) {
		if !played[g.ID] {
			pending = append(pending, g)
		}
	}
	return pending
}

// warn tells the user of a warning, if anyone listens.
func (r *Runner) warn(msg string) { r.emit(Event{Warning: msg}) }

// emit tells the listener of e, if there is one, one call at a time.
func (r *Runner) emit(e Event) {
	if r.Events == nil {
		return
	}
	r.events.Lock()
	defer r.events.Unlock()
	r.Events(e)
}

// preflight refuses a league some of whose bots cannot start, or, under
// missing_bots: forfeit, warns of each.
func (r *Runner) preflight() error {
	problems := r.Config.Preflight()
	if len(problems) > 0 && r.Config.MissingBots != "forfeit" {
		return &BotsError{File: r.Config.File(), Problems: problems}
	}
	for _, p := range problems {
		r.warn(p.Error() + "; its games are forfeits (reason start)")
	}
	return nil
}

// ErrSandbox says the kernel lacks what the league's strict sandbox needs.
var ErrSandbox = errors.New("the bots' sandbox cannot be made here")

// SurveySandbox checks that the league's sandbox can be made here, and
// returns what it achieves. Run calls it once before the first game; so
// does a worker of a distributed league before its first game of a league.
func (r *Runner) SurveySandbox(ctx context.Context) (sandbox.Report, error) {
	if r.Config.Sandbox == sandbox.Off {
		return sandbox.Resources(sandbox.Report{Mode: string(sandbox.Off)}, r.Config.Limits.ScratchMB), nil
	}
	rep, err := sandbox.Survey(ctx, host.SelfLauncher(r.Self), r.Config.Limits.ScratchMB)
	if err != nil {
		return rep, fmt.Errorf("%w: %v; set \"sandbox: off\" in the league file and run it with --allow-unsandboxed to run without it", ErrSandbox, err)
	}
	return rep, nil
}

// PlayScheduled plays s, a game of the league's schedule, and returns its
// journal line and move log, or nil for an interrupted game. A worker of a
// distributed league plays each game with it. The bots the league keeps
// across games (Config.Keeps) are taken from k, the run's engine pool
// shared by the games it plays at once, and handed back to it for the
// next game; the others, and all of them when k is nil, are fresh
// processes, stopped when the game ends.
func (r *Runner) PlayScheduled(ctx context.Context, s tournament.Scheduled, k *Keeper) (*Played, error) {
	r.started(s)
	return r.playWith(ctx, s, r.startBots(ctx, s, k != nil), k)
}

// started tells the listener that s begins: from the moment its bots are
// asked to start, which takes seconds for a Lisp bot, so that a page shows
// the game from then on, not from its first move.
func (r *Runner) started(s tournament.Scheduled) {
	if r.Events == nil {
		return
	}
	c := r.Config
	st := c.Rules().New(s.Seed)
	r.emit(Event{Start: &GameStart{ID: s.ID, Round: s.Round, Seed: s.Seed, White: c.Bots[s.White].Name, Black: c.Bots[s.Black].Name, Initial: st}})
}

// startBots starts the bots of s. A bot that CheckBot refuses is not
// started: it forfeits as a bot that does not start. With keeping, the bots
// the league keeps across games (Config.Keeps) are not started either:
// lineup.ready gives them a process, kept or fresh, when their game comes.
func (r *Runner) startBots(ctx context.Context, s tournament.Scheduled, keeping bool) *lineup {
	c := r.Config
	index := [2]int{s.White, s.Black}
	var seats [2]Seat
	kept := noneKept
	for i, bot := range index {
		b := c.Bots[bot]
		seats[i].Spec = r.imageSpec(ctx, b, r.spec(b))
		if r.CheckBot != nil {
			if err := r.CheckBot(b); err != nil {
				seats[i].Refused = referee.NewFault(referee.FaultStart, err)
			}
		}
		if keeping && c.Keeps(bot) {
			kept[i] = bot
		}
	}
	return startLineup(ctx, seats, kept)
}

// playWith plays s between b, the bots started for it and those k keeps
// (see keep.go; k nil: none), and stops them, but for those k keeps for
// the slot's next game. The caller has told the listener that s started
// (see started).
func (r *Runner) playWith(ctx context.Context, s tournament.Scheduled, b *lineup, k *Keeper) (*Played, error) {
	defer b.Close()
	if k != nil {
		b.ready(ctx, k, r.Config.GameName)
	}
	c := r.Config
	st := c.Rules().New(s.Seed)
	initial := st.Clone()
	white, black := c.Bots[s.White].Name, c.Bots[s.Black].Name
	opt := r.matchOptions()
	if r.Events != nil {
		opt.OnMove = func(mr referee.MoveRecord) { r.emit(Event{Move: &MoveEvent{GameID: s.ID, Record: mr}}) }
	}
	start := time.Now()
	rec := b.match(ctx, st, opt)
	end := time.Now()
	b.release(k, rec)
	b.end(&rec)
	if rec.Reason == referee.Interrupted {
		return nil, nil
	}
	g := results.FromRecord(s.ID, s.Round, s.Seed, white, black, rec, start, end)
	lines, err := results.MoveLines(g, initial, rec)
	if err != nil {
		return nil, fmt.Errorf("move log of %s: %w", s.ID, err)
	}
	return &Played{Entry: g, Moves: lines}, nil
}

// matchOptions are the league's options of a match.
func (r *Runner) matchOptions() referee.MatchOptions {
	c := r.Config
	return referee.MatchOptions{
		Clock:         c.MatchClock(),
		RefereeForced: c.ForcedMoves == "referee",
		OnTimeout:     policy(c.OnTimeout),
		OnIllegal:     policy(c.OnIllegal),
		OnCrash:       policy(c.OnCrash),
	}
}

func policy(s string) referee.Policy {
	if s == "adjudicate" {
		return referee.Adjudicate
	}
	return referee.Forfeit
}

// spec returns how to start bot b.
func (r *Runner) spec(b league.BotConfig) host.Spec {
	s := r.Config.BotSpec(r.Self, b)
	s.Verbose = r.Verbose
	return s
}

// imageSpec returns s, the spec of bot b, set to start from the bot's
// saved image when b is a Lisp bot and the run has LispImages (see
// lispimage.Cache.Apply); a bot without one is s as it is, and a Warning
// says why, the first time.
func (r *Runner) imageSpec(ctx context.Context, b league.BotConfig, s host.Spec) host.Spec {
	s, err := b.FromImage(ctx, r.LispImages, s)
	if err == nil || ctx.Err() != nil {
		return s
	}
	r.events.Lock()
	told := r.noImage[b.Name]
	if r.noImage == nil {
		r.noImage = map[string]bool{}
	}
	r.noImage[b.Name] = true
	r.events.Unlock()
	if !told {
		r.emit(Event{Warning: fmt.Sprintf("lisp: %s: no saved image (%s): loading the files", b.Name, err)})
	}
	return s
}
