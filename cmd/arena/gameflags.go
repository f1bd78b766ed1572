package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
)

// gameFlags are the flags that choose the game of board, perft and play,
// as a league file's game and game_options do.
type gameFlags struct {
	name    string
	options map[string]int
}

// add defines the flags on f.
func (g *gameFlags) add(f *pflag.FlagSet) {
	f.StringVar(&g.name, "game", league.DefaultGame, strings.Join(games.Names(), ", "))
	f.StringToIntVar(&g.options, "game-options", nil, "the game's game_options (dots: rows=5,cols=6,opening_arcs=6)")
}

// rules returns the game the flags choose; a mistake is a usage error.
func (g *gameFlags) rules() (referee.Game, error) {
	rules, err := games.Configure(g.name, g.options)
	if err != nil {
		return nil, usage(fmt.Errorf("--game %s: %w", g.name, err))
	}
	return rules, nil
}
