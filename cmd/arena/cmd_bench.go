package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena/bench"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/sandbox"
)

// benchOptions are the flags of `arena bench`.
type benchOptions struct {
	games, concurrency, moves int
	bot                       string
	sandbox                   sandbox.Mode
	prestart                  bool
}

func newBenchCmd() *cobra.Command {
	var o benchOptions
	cmd := &cobra.Command{
		Use:   "bench [--games N] [--concurrency N]",
		Short: "Measure a game's fixed cost, games/s and the clock's overcharge on this machine",
		Long: `Bench plays leagues of fast bots (built-in greedy and random, and the test bot as an
external bot) at concurrency 1 and at --concurrency, tempo 100 ms, and prints games/s and
the fixed cost of a game: the slots' time outside the bots' calls. It plays greedy against
random with restart on and off side by side, at tempo 10 ms and under a clock of 1000+10,
then round robins of three and of six built-in bots at tempo 10 ms, restart on and off,
and prints how much lower the fixed cost is with the bots kept. Then it plays --moves moves
of a punctual test bot answering at 95 % of its tempo (margin 10 ms) and prints what the
clock charged beyond the bot's own time (p50, p99) and the false timeouts.

The test bot is built with the go command, so run bench inside arena's sources, or give
a built test bot (go build ./host/internal/testbot) with --bot.`,
		Args: nArgs(),
		RunE: func(c *cobra.Command, _ []string) error {
			if o.games == 0 || o.concurrency < 0 {
				return usage(fmt.Errorf("--games must not be 0 and --concurrency not negative (got %d and %d)", o.games, o.concurrency))
			}
			self, err := host.Self()
			if err != nil {
				return err
			}
			if o.bot == "" {
				dir, err := os.MkdirTemp("", "arena-bench-bot-")
				if err != nil {
					return err
				}
				defer os.RemoveAll(dir)
				if o.bot, err = bench.BuildTestBot(c.Context(), dir); err != nil {
					return err
				}
			}
			errOut := c.ErrOrStderr()
			rep, err := bench.Run(c.Context(), bench.Options{
				Self: self, TestBot: o.bot, Games: o.games, Concurrency: o.concurrency, Moves: o.moves, Sandbox: o.sandbox, Prestart: o.prestart,
				Progress: func(msg string) { fmt.Fprintln(errOut, "bench:", msg) },
			})
			if err != nil {
				return err
			}
			return rep.Write(c.OutOrStdout())
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.games, "games", bench.DefaultGames, "games per throughput measure; -1 leaves them out")
	f.IntVar(&o.concurrency, "concurrency", 0, "the high concurrency (default: the number of cores)")
	f.IntVar(&o.moves, "moves", bench.DefaultMoves, "punctual moves for the overcharge; -1 leaves it out")
	f.StringVar(&o.bot, "bot", "", "the test bot's binary (default: built from the sources)")
	f.BoolVar(&o.prestart, "prestart", false, "start each game's bots while the game before plays")
	addSandboxFlag(f, &o.sandbox)
	return cmd
}
