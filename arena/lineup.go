package arena

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/referee"
)

// Seat is one side of a game: a bot, started from Spec as a fresh process,
// or Player, who needs no process, such as a person (see web/human).
type Seat struct {
	Spec   host.Spec
	Player referee.Player // when set, plays this side; Spec is unused
	// Refused, when set, is why the bot may not start here (a start
	// fault): it forfeits as a bot that does not start.
	Refused error
}

// Match plays st to its end between seats (White's, then Black's): it starts
// a fresh process for each bot and stops them, whatever happened. A bot that
// fails to start forfeits (both failing: a loss for both). started, if not
// nil, is called once the starts are over, with nil for a bot that did not
// start and for a seat's Player.
func Match(ctx context.Context, st referee.State, seats [2]Seat, opt referee.MatchOptions, started func([2]*host.Process)) referee.Record {
	b := startLineup(ctx, seats, noneKept)
	defer b.Close()
	if started != nil {
		started(b.procs)
	}
	rec := b.match(ctx, st, opt)
	b.end(&rec)
	return rec
}

// lineup is the two sides of one game, White's and Black's, with the
// processes of the bots started before it: a league may start the bots of
// a slot's next game while its current game plays. Until the game asks
// them for moves they are stopped (SIGSTOP) and count against nothing: no
// clock runs, no time is charged.
type lineup struct {
	seats [2]Seat
	procs [2]*host.Process // nil for a Player and a bot that did not start
	errs  [2]error         // why a bot did not start
	// kept is, for a seat whose bot a run keeps across games (see
	// keep.go), the bot's index in the league; -1 for the others.
	kept [2]int
}

// startLineup starts the bots of seats, in parallel, and returns once both
// starts are over, failed or not; when a seat is refused it starts
// neither. The seats kept names (see lineup.kept) are not started: ready
// gives them their process. Close must be called on the result.
func startLineup(ctx context.Context, seats [2]Seat, kept [2]int) *lineup {
	b := &lineup{seats: seats, kept: kept}
	b.errs = [2]error{seats[0].Refused, seats[1].Refused}
	if b.failed() {
		return b
	}
	var wg sync.WaitGroup
	for i, s := range seats {
		if s.Player == nil && kept[i] < 0 {
			wg.Go(func() { b.procs[i], b.errs[i] = host.Start(ctx, s.Spec) })
		}
	}
	wg.Wait()
	return b
}

// match plays st to its end between b's sides; a bot that did not start, or
// does not play st's game, forfeits (both: a loss for both). It does not
// stop the bots: see Close.
func (b *lineup) match(ctx context.Context, st referee.State, opt referee.MatchOptions) referee.Record {
	if ctx.Err() != nil {
		return referee.Unplayed(st, 0, referee.Interrupted, ctx.Err().Error())
	}
	errs := b.errs
	var players [2]referee.Player
	for i, p := range b.procs {
		players[i] = b.seats[i].Player
		if p != nil && errs[i] == nil {
			players[i] = p
			errs[i] = checkPlays(b.seats[i].Spec.Name, p.Info().Games, st.Game().Name())
		}
	}
	if errs[0] != nil || errs[1] != nil {
		return unstarted(st, errs)
	}
	return referee.Match(ctx, st, players, opt)
}

// failed reports whether a bot did not start.
func (b *lineup) failed() bool { return b.errs[0] != nil || b.errs[1] != nil }

// Close stops both bots, in parallel, and returns once nothing of them is
// left (see host.Process.Close).
func (b *lineup) Close() {
	var wg sync.WaitGroup
	for _, p := range b.procs {
		if p != nil {
			wg.Go(func() { p.Close() })
		}
	}
	wg.Wait()
}

// end stops the bots still in b (see Close) and records in rec what each
// wrote after its last answer, to its end (host.Process.EndLog).
func (b *lineup) end(rec *referee.Record) {
	b.Close()
	for i, p := range b.procs {
		if p != nil {
			rec.After[i] = p.EndLog()
		}
	}
}

// checkPlays returns a start fault unless a bot whose Info lists games
// plays game.
func checkPlays(bot string, games []string, game string) error {
	if slices.Contains(games, game) {
		return nil
	}
	plays := "no game"
	if len(games) > 0 {
		plays = strings.Join(games, ", ")
	}
	return referee.NewFault(referee.FaultStart, fmt.Errorf("bot %s plays %s, not %s", bot, plays, game))
}

// unstarted is the record of a game whose bots did not both start.
func unstarted(st referee.State, errs [2]error) referee.Record {
	var loser referee.Side
	var details []string
	for i, err := range errs {
		if err == nil {
			continue
		}
		side := referee.Side(i + 1)
		details = append(details, fmt.Sprintf("%s: %v", side, err))
		if loser == 0 {
			loser = side
		} else {
			loser = 0 // both
		}
	}
	reason := referee.Start
	if k := referee.FaultOf(errors.Join(errs[0], errs[1])); k == referee.FaultCrash || k == referee.FaultMemory {
		reason = referee.Crash
	}
	return referee.Unplayed(st, loser, reason, strings.Join(details, "; "))
}
