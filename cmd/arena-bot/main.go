// Command arena-bot is arena's built-in bots alone (package builtin): `arena-bot
// NAME [KEY=VALUE...]` serves the built-in bot NAME as a bot process, as
// `arena bot serve builtin:NAME [KEY=VALUE...]` does. arena starts every
// built-in bot of every game as a process of its own, and uses this binary
// when it finds it beside its own executable (arena/botkind): it holds
// the SDK, the games and the engine, not arena's CLI, web page, NATS server
// and table printer, and starts in about two thirds of the CPU time. Build
// it with arena:
//
//	go build -o bin/ ./cmd/arena ./cmd/arena-launch ./cmd/arena-bot
//
// A mistake (no such bot, a bad option) is one line on stderr and exit
// status 2.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/arenabots/arena/bots/builtin"
)

func main() {
	err := errors.New("usage: arena-bot NAME [KEY=VALUE...]")
	if len(os.Args) > 1 {
		err = builtin.Serve(os.Args[1], os.Args[2:])
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "arena-bot: %v\n", err)
		os.Exit(2)
	}
}
