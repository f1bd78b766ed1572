package games

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/arenabots/arena/games/adji"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/games/quatro"
	"github.com/arenabots/arena/games/solitario"
	"github.com/arenabots/arena/referee"
)

// Default is the game of a league or command that names none.
const Default = cavalo.Name

// configure returns a game with a league's settings: game_options, keys of
// the game's own (e.g. rows and cols).
type configure func(options map[string]int) (referee.Game, error)

// table is the table of the games arena knows, by name: the one place a new
// game is registered.
func table() map[string]configure {
	return map[string]configure{
		adji.Name:      adji.Configure,
		cavalo.Name:    cavalo.Configure,
		dots.Name:      dots.Configure,
		quatro.Name:    quatro.Configure,
		solitario.Name: solitario.Configure,
	}
}

// Names returns the names of the games arena knows, sorted.
func Names() []string { return slices.Sorted(maps.Keys(table())) }

// Lookup returns the game called name with its default options.
func Lookup(name string) (referee.Game, error) { return Configure(name, nil) }

// Configure returns the game called name with a league's game_options
// applied. Its errors start with the key at fault.
func Configure(name string, options map[string]int) (referee.Game, error) {
	c, ok := table()[name]
	if !ok {
		return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	return c(options)
}
