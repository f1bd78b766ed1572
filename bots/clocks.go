package bots

import (
	"context"

	"github.com/arenabots/arena/referee"
)

// clocksKey is the context key of a call's game clocks.
type clocksKey struct{}

// WithClocks returns ctx carrying c, both game clocks of a call of Jogar
// (what Serve does under a league's time_control).
func WithClocks(ctx context.Context, c *referee.ClockState) context.Context {
	return context.WithValue(ctx, clocksKey{}, c)
}

// Clocks returns both game clocks of the call whose context is ctx: under
// a league's time_control, the time left of White and Black before this
// move, the increment and the moves to the end of the bot's period
// (Side is the bot's side). tempo is then the budget arena allots from the
// bot's clock; a bot may spend more, but loses on time when its answer
// comes later than its time left plus the margin. ok is false under a
// fixed tempo per move.
func Clocks(ctx context.Context) (c referee.ClockState, ok bool) {
	p, ok := ctx.Value(clocksKey{}).(*referee.ClockState)
	if !ok || p == nil {
		return referee.ClockState{}, false
	}
	return *p, true
}
