package bots

import (
	"context"
	"time"

	"github.com/arenabots/arena/referee"
)

// Bot is the brain of a bot: what a bot author writes and passes to Serve.
// Jogar must answer before tempo runs out; when ctx is done the answer is no
// longer wanted. The state is the referee's copy: the bot may play on it.
type Bot interface {
	Info() Info
	Jogar(ctx context.Context, st referee.State, tempo time.Duration) (Answer, error)
}

// NewGamer is a Bot that keeps something from one game to the next (a
// transposition table, a random generator) and must forget it when a new
// game starts. arena keeps a bot's process across games only when a league
// says restart: off; it then calls NewGame before every game but the first,
// outside any clock, within the bot's start timeout. After NewGame the bot
// must play as a fresh process would: deterministic bots then play the same
// games with restart on and off. An error ends the process; arena starts a
// fresh one for the game. A Bot without NewGame is kept as it is.
type NewGamer interface {
	NewGame(ctx context.Context) error
}

// Info describes a bot.
type Info struct {
	Name    string
	Author  string
	Version string
	Games   []string // the games it plays, e.g. ["cavalo"]
}

// Answer is a bot's move, with what it optionally reports besides.
type Answer struct {
	Move  string        // in the game's notation, e.g. "E5" or "C4xH8"
	State referee.State // the state the bot believes the move leads to; may be nil
	Stats referee.Stats
}
