// Command arena runs championships between turn-based board-game bots.
//
// This package is the CLI only: flags, wiring and output. Errors are turned
// into one line on stderr and an exit code here, in main: 2 for a usage
// mistake (bad flag, bad file, bad config), 1 for anything else.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := newRootCmd().ExecuteContext(ctx)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "arena:", err)
		var u usageError
		if errors.As(err, &u) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// usageError marks a user mistake: exit status 2.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

// usage wraps err as a user mistake; nil stays nil.
func usage(err error) error {
	if err == nil {
		return nil
	}
	return usageError{err}
}

// nArgs accepts exactly n positional arguments named by names, as a usage
// error otherwise.
func nArgs(names ...string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != len(names) {
			return usage(fmt.Errorf("%s wants %d argument(s), %s; got %d (see '%s --help')", c.CommandPath(), len(names), strings.Join(names, " "), len(args), c.CommandPath()))
		}
		return nil
	}
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "arena",
		Short:         "Run championships between turn-based board-game bots",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usage(fmt.Errorf("%w (see '%s --help')", err, c.CommandPath()))
	})
	root.AddCommand(
		newRunCmd(),
		newScheduleCmd(),
		newStandingsCmd(),
		newCrosstableCmd(),
		newReplayCmd(),
		newJournalCmd(),
		newPlayCmd(),
		newBotCmd(),
		newBoardCmd(),
		newPerftCmd(),
	)
	return root
}
