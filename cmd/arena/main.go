// Command arena runs championships between turn-based board-game bots.
//
// This package is the CLI only: flags, wiring and output. Errors are turned
// into one line on stderr and an exit code here, in main: 2 for a usage
// mistake (bad flag, bad file, bad config), 3 when arena could not write
// its results (a full disk: nothing half-written counts, and the same
// command again resumes), 1 for anything else.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/arenabots/arena/arena/botkind"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/internal/inert"
)

func main() {
	// arena's executable is also a bot's process (`arena bot serve ...`):
	// that skips the CLI, no command tree is built, no signal is caught.
	ok, err := botkind.Serve(context.Background(), os.Args[1:], os.Stderr)
	if _, bad := errors.AsType[*botkind.ArgsError](err); bad {
		err = usage(err)
	}
	if !ok {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err = newRootCmd().ExecuteContext(ctx)
		stop()
	}
	if err != nil {
		// An error may quote what a bot wrote: shown inert. It stays one
		// line, however long: a diagnostic (arena: ...) is one line for
		// scripts and for grep, the one exception to maxWidth.
		fmt.Fprintln(os.Stderr, "arena:", inert.Text(err.Error()))
		os.Exit(exitStatus(err))
	}
}

// exitStatus is the exit status for err: 2 for a user mistake, 3 for
// results that could not be written, 1 for any other failure, 0 for none.
func exitStatus(err error) int {
	var (
		u usageError
		w *resultsdir.WriteError
	)
	switch {
	case err == nil:
		return 0
	case errors.As(err, &u):
		return 2
	case errors.As(err, &w):
		return exitWrite
	}
	return 1
}

// exitWrite is the exit status of a run that could not write its results.
const exitWrite = 3

// maxWidth is the most columns a command prints in a line when its output
// is not a terminal (a file, a pipe, a test): tables wrap their widest
// cells and text wraps at spaces (see wrapText). At a terminal, its width
// rules instead (outputWidth).
const maxWidth = defaultWidth

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

// group makes c, a command that only holds subcommands, refuse an unknown
// subcommand as a usage mistake in one line (cobra alone exits 0 with the
// help, or prints a multi-line suggestion), and print its help when called
// alone.
func group(c *cobra.Command) {
	c.SuggestionsMinimumDistance = 2
	c.Args = func(c *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		msg := fmt.Sprintf("unknown command %q for %q", args[0], c.CommandPath())
		if s := c.SuggestionsFor(args[0]); len(s) > 0 {
			msg += fmt.Sprintf("; did you mean %q?", s[0])
		}
		return usage(fmt.Errorf("%s (see '%s --help')", msg, c.CommandPath()))
	}
	c.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "arena",
		Short:         "Run championships between turn-based board-game bots",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	group(root)
	fitHelp(root)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usage(fmt.Errorf("%w (see '%s --help')", err, c.CommandPath()))
	})
	root.AddCommand(
		newRunCmd(),
		newWorkerCmd(),
		newScheduleCmd(),
		newStandingsCmd(),
		newCrosstableCmd(),
		newReplayCmd(),
		newServeCmd(),
		newReportCmd(),
		newGradesCmd(),
		newJournalCmd(),
		newPlayCmd(),
		newIntakeCmd(),
		newLadderCmd(),
		newSimilarityCmd(),
		newBotCmd(),
		newBoardCmd(),
		newPerftCmd(),
		newBenchCmd(),
	)
	return root
}

// fitHelp makes the help of root and its commands fit the output's width
// (outputWidth): the long text reflowed, the flags wrapped by pflag, and
// any other line wider than that (a command's summary, a usage line)
// wrapped under its second column.
func fitHelp(root *cobra.Command) {
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		out := c.OutOrStdout()
		width := outputWidth(out)
		long, tpl := c.Long, c.UsageTemplate()
		var b strings.Builder
		c.Long = reflow(long, width)
		c.SetUsageTemplate(strings.ReplaceAll(tpl, ".FlagUsages ", fmt.Sprintf(".FlagUsagesWrapped %d ", width)))
		c.SetOut(&b)
		help(c, args)
		c.Long = long
		c.SetUsageTemplate(tpl)
		c.SetOut(out)
		for line := range strings.Lines(b.String()) {
			fmt.Fprint(out, wrapText(line, width, hangingIndent(line)))
		}
	})
}
