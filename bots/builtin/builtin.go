// Package builtin holds the bots that ship inside arena. They are served as
// real processes: arena re-executes its own binary as
// `arena bot serve builtin:NAME [key=value ...]`.
package builtin

import (
	"fmt"
	"sort"
	"strings"

	"github.com/arenabots/arena/bots"
)

// Options are a bot's settings from the league file (options: {depth: 4}).
type Options map[string]string

// Factory makes a built-in bot from its options, rejecting unknown keys.
type Factory func(Options) (bots.Bot, error)

// table is the one place a built-in bot is registered.
func table() map[string]Factory {
	return map[string]Factory{
		"alphabeta": newAlphaBeta,
		"classic":   newClassic,
		"greedy":    newGreedy,
		"random":    newRandom,
	}
}

// Lookup returns the factory of the built-in bot called name.
func Lookup(name string) (Factory, error) {
	f, ok := table()[name]
	if !ok {
		return nil, fmt.Errorf("unknown built-in bot %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	return f, nil
}

// Names returns the names of the built-in bots, sorted.
func Names() []string {
	var names []string
	for n := range table() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
