package main

import (
	"fmt"
	"strings"

	"github.com/arenabots/arena/bots/builtin"
	"github.com/arenabots/arena/bots/host"
)

// botProcess runs arena as a built-in bot's process, which arena starts for
// every built-in bot of every game: `arena bot serve builtin:NAME
// [KEY=VALUE...]` (see host.BuiltinSpec). It skips the CLI: no command tree
// is built, no signal is caught. ok is false for any other command line,
// which the CLI runs. (The launcher, `arena bot launch ARGS...`, never gets
// here: package launch runs it from its init.)
func botProcess(args []string) (ok bool, err error) {
	if len(args) < 2 || args[0] != "bot" {
		return false, nil
	}
	switch {
	case len(args) > 2 && args[1] == "serve" && strings.HasPrefix(args[2], host.BuiltinPrefix):
		if err := builtin.Serve(strings.TrimPrefix(args[2], host.BuiltinPrefix), args[3:]); err != nil {
			return true, usage(fmt.Errorf("bot serve: %w", err))
		}
		return true, nil
	}
	return false, nil
}
