// Command arena-launch is arena's bot launcher alone (package launch): the
// program that sets a bot's limits and sandbox and then becomes the bot.
// arena starts it for every bot of every game, twice with the sandbox, and
// uses it when it finds it beside its own executable: a few MB against
// arena's 45, it starts in about a third of the CPU time of `arena bot
// launch`, which arena uses otherwise. Build it with arena:
//
//	go build -o bin/ ./cmd/arena ./cmd/arena-launch
//
// Its arguments are the launcher's (launch.Options.Args); it is not meant
// to be run by hand.
package main

import (
	"fmt"
	"os"

	"github.com/arenabots/arena/host/sandbox/launch"
)

func main() {
	err := launch.Run(os.Args[1:])
	fmt.Fprintf(os.Stderr, "%s: %v\n", launch.Binary, err)
	os.Exit(1)
}
