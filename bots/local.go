package bots

import (
	"context"

	"github.com/arenabots/arena/referee"
)

// Local returns b as a referee.Player that calls it in this process, with
// no process and no transport between them: to play a Go bot in a test or
// a tool as the host would play its binary. An error of b's is the
// Player's, which the referee judges by referee.FaultOf.
func Local(b Bot) referee.Player { return local{b} }

// local is Local's Player.
type local struct{ bot Bot }

// Jogar asks the bot for a move in req.State.
func (p local) Jogar(ctx context.Context, req referee.Request) (referee.Reply, error) {
	if req.Clocks != nil {
		ctx = WithClocks(ctx, req.Clocks)
	}
	a, err := p.bot.Jogar(ctx, req.State, req.Tempo)
	if err != nil {
		return referee.Reply{}, err
	}
	return referee.Reply{Move: a.Move, Claim: a.State, Stats: a.Stats}, nil
}
