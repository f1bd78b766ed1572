// Package builtin holds the bots that ship inside arena. They are served as
// real processes: arena re-executes its own binary as
// `arena bot serve builtin:NAME [key=value ...]`, which calls Serve.
package builtin

import (
	"fmt"
	"sort"
	"strings"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
)

// Options are a bot's settings from the league file (options: {depth: 4}).
type Options map[string]string

// ParseOptions reads options written KEY=VALUE, as a bot reference
// (builtin:NAME,KEY=VALUE) and a built-in bot's command line give them.
func ParseOptions(kvs []string) (Options, error) {
	opts := Options{}
	for _, kv := range kvs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("option %q is not KEY=VALUE", kv)
		}
		opts[k] = v
	}
	return opts, nil
}

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

// Serve serves the built-in bot called name, with its options written
// KEY=VALUE, as a bot process (bots.Serve) until arena stops it. It returns
// early with an error, a user's mistake, when no bot is called name or an
// option is bad.
func Serve(name string, options []string) error {
	opts, err := ParseOptions(options)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	factory, err := Lookup(name)
	if err != nil {
		return err
	}
	bot, err := factory(opts)
	if err != nil {
		return err
	}
	bots.Serve(bot)
	return nil
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

// gamesWith returns the names of the games of the table (package games)
// that have what a bot needs, as has reports it, sorted.
func gamesWith(has func(referee.Game) bool) []string {
	var names []string
	for _, n := range games.Names() {
		if g, err := games.Lookup(n); err == nil && has(g) {
			names = append(names, n)
		}
	}
	return names
}
