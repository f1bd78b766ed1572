package arena

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/arenabots/arena/bots/host"
	"github.com/arenabots/arena/referee"
)

// PlayGame plays st to its end between fresh processes started from specs
// (White's, then Black's) and stops them, whatever happened. A bot that
// fails to start forfeits (both failing: a loss for both). started, if not
// nil, is called once both starts are over, with nil for a bot that did not
// start.
func PlayGame(ctx context.Context, st referee.State, specs [2]host.Spec, opt referee.MatchOptions, started func([2]*host.Process)) referee.Record {
	var (
		procs [2]*host.Process
		errs  [2]error
		wg    sync.WaitGroup
	)
	for i := range specs {
		wg.Go(func() { procs[i], errs[i] = host.Start(ctx, specs[i]) })
	}
	wg.Wait()
	defer func() {
		for _, p := range procs {
			if p != nil {
				wg.Go(func() { p.Close() })
			}
		}
		wg.Wait()
	}()
	if started != nil {
		started(procs)
	}
	if ctx.Err() != nil {
		return referee.Unplayed(st, 0, referee.Interrupted, ctx.Err().Error())
	}
	for i, p := range procs {
		if p != nil && errs[i] == nil {
			errs[i] = checkPlays(specs[i].Name, p.Info().Games, st.Game().Name())
		}
	}
	if errs[0] != nil || errs[1] != nil {
		return unstarted(st, errs)
	}
	return referee.Match(ctx, st, [2]referee.Player{procs[0], procs[1]}, opt)
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
