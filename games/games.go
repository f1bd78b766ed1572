package games

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
)

// All returns the table of games arena knows, by name. It is the one place a
// new game is registered.
func All() map[string]referee.Game {
	return map[string]referee.Game{
		cavalo.Game{}.Name(): cavalo.Game{},
		dots.Name:            dots.Game{},
	}
}

// Lookup returns the game called name.
func Lookup(name string) (referee.Game, error) {
	all := All()
	g, ok := all[name]
	if !ok {
		known := slices.Sorted(maps.Keys(all))
		return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(known, ", "))
	}
	return g, nil
}
