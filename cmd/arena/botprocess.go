package main

import (
	"fmt"
	"strings"

	"github.com/arenabots/arena/bots/builtin"
	"github.com/arenabots/arena/bots/host"
)

// botProcess runs arena as one of a bot's own processes, which arena starts
// for every bot of every game: the launcher, `arena bot launch ARGS...`
// (host.Launch), and a built-in bot, `arena bot serve builtin:NAME
// [KEY=VALUE...]` (see host.BuiltinSpec). They skip the CLI: no command
// tree is built, no signal is caught. ok is false for any other command
// line, which the CLI runs.
func botProcess(args []string) (ok bool, err error) {
	if len(args) < 2 || args[0] != "bot" {
		return false, nil
	}
	switch {
	case args[1] == "launch":
		return true, host.Launch(args[2:])
	case len(args) > 2 && args[1] == "serve" && strings.HasPrefix(args[2], host.BuiltinPrefix):
		if err := builtin.Serve(strings.TrimPrefix(args[2], host.BuiltinPrefix), args[3:]); err != nil {
			return true, usage(fmt.Errorf("bot serve: %w", err))
		}
		return true, nil
	}
	return false, nil
}
