package ladder

import (
	"context"
	"fmt"
	"strings"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// validate plays v's validation games, a game against itself and one
// against the built-in random, each on a seeded opening, through the
// ladder's runner. Their faults are warnings on v ("yes, but": the
// course admits such a group), each with its game, ply, position and the
// bot's output; the games are kept for their replay.
func (l *Ladder) validate(ctx context.Context, v *verRow, progress func(Stage)) error {
	lg, err := l.newLeague([]verRow{*v})
	if err != nil {
		return err
	}
	for i, opp := range []int64{v.id, 0} {
		what := "against itself"
		if opp == 0 {
			what = "against random"
		}
		progress(Stage{Name: "validating", Detail: fmt.Sprintf("game %d of 2, %s", i+1, what)})
		if err := l.playValidation(ctx, lg, v, opp, 0, "in its validation game "+what+": "); err != nil {
			return err
		}
	}
	return nil
}

// playValidation plays v against opp (a version id, 0: random) in lg, in
// the colour given (0: v White), and adds v's fault in the game, if any,
// to its warnings, its text after prefix.
func (l *Ladder) playValidation(ctx context.Context, lg *ladderLeague, v *verRow, opp int64, colour int, prefix string) error {
	p, err := l.newPair("validation", v.id, opp, colour)
	if err != nil {
		return err
	}
	gs, err := l.playPair(ctx, lg, p)
	if err != nil {
		return err
	}
	for _, g := range gs {
		if w, ok := l.fault(g, botName(v.id)); ok {
			w.Text = prefix + w.Text
			v.Warnings = append(v.Warnings, w)
		}
	}
	return nil
}

// failingGame plays, for v refused on a move in intake's probe, one game
// against random on a seeded opening, v on side (the side it failed
// for) with the closest conventions intake found. What a student needs
// is the fault as a championship game would meet it, in the viewer, not
// the probe's position alone: the game is a warning on v, replayed to its
// fault, with the board there and what the bot wrote. A game v plays
// through is kept, without a warning.
func (l *Ladder) failingGame(ctx context.Context, v *verRow, side string) error {
	lg, err := l.newLeague([]verRow{*v})
	if err != nil {
		return err
	}
	colour := 0 // v White
	if side == referee.Black.String() {
		colour = 1
	}
	return l.playValidation(ctx, lg, v, 0, colour, "against random, ")
}

// fault returns the warning of game g when bot (a league name) is at
// fault in it.
func (l *Ladder) fault(g Game, bot string) (Warning, bool) {
	e, lines, err := l.entry(g.ID)
	if err != nil || e.Reason == referee.Normal || (e.Loser != bot && e.Loser != results.BothAtFault) {
		return Warning{}, false
	}
	w := Warning{GameID: g.ID, Ply: e.Plies + 1, Text: fmt.Sprintf("%s at ply %d: %s", e.Reason, e.Plies+1, e.Detail)}
	if n := len(lines); n > 0 {
		w.Position = string(lines[n-1].Position)
		last := lines[n-1]
		w.Output = strings.TrimSpace(last.Answer + "\n" + last.Log)
	}
	return w, true
}
