package main

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/arenabots/arena/referee"
	"github.com/spf13/cobra"
)

// maxPerftDepth bounds --depth: deeper counts take hours.
const maxPerftDepth = 12

// newPerftCmd is `arena perft`: the number of move sequences of each length
// from a position, to check a rules engine against the referee's.
func newPerftCmd() *cobra.Command {
	var (
		file  string
		seed  uint64
		depth int
		game  gameFlags
	)
	cmd := &cobra.Command{
		Use:   "perft (--position FILE | --seed N) --depth D",
		Short: "Count the move sequences of each length from a position",
		Long: `Count the sequences of exactly d plies from a position of --game (default
cavalo), for each d from 1 to --depth, and print one line "d count" per depth
on stdout. In Jogo do Cavalo a pass is a ply, and each choice of a double to
remove is its own move (docs/rules.md); in Dots and Boxes a ply is one arc,
extra moves included (docs/dots.md). Timings go to stderr, so stdout can be
compared with another engine's counts.

The position is a position file (--position) or the initial board of a
seed (--seed).`,
		Example: "  arena perft --seed 42 --depth 6\n  arena perft --position start.json --depth 5 2>/dev/null\n  arena perft --game dots --position d1.json --depth 3",
		Args: func(c *cobra.Command, args []string) error {
			return usage(cobra.NoArgs(c, args))
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			flags := cmd.Flags()
			if flags.Changed("position") == flags.Changed("seed") {
				return usage(errors.New("perft: give one of --position FILE and --seed N (see 'arena perft --help')"))
			}
			if !flags.Changed("depth") {
				return usage(fmt.Errorf("perft: --depth is required, 1 to %d", maxPerftDepth))
			}
			if depth < 1 || depth > maxPerftDepth {
				return usage(fmt.Errorf("perft: --depth %d: want 1 to %d", depth, maxPerftDepth))
			}
			rules, err := game.rules()
			if err != nil {
				return err
			}
			var pos referee.State
			if flags.Changed("position") {
				data, err := os.ReadFile(file)
				if err != nil {
					return usage(err) // *fs.PathError names the file
				}
				if pos, err = rules.Decode(data); err != nil {
					return usage(fmt.Errorf("%s: %w", file, err))
				}
			} else {
				pos = rules.New(seed)
			}
			out, log := cmd.OutOrStdout(), cmd.ErrOrStderr()
			for d := 1; d <= depth; d++ {
				start := time.Now()
				n, err := referee.PerftState(cmd.Context(), pos, d)
				if err != nil {
					return fmt.Errorf("perft: depth %d: %w", d, err)
				}
				secs := time.Since(start).Seconds()
				if _, err := fmt.Fprintf(out, "%d %d\n", d, n); err != nil {
					return err
				}
				fmt.Fprintf(log, "depth %d: %.2fs, %.1f M nodes/s\n", d, secs, float64(n)/max(secs, 1e-9)/1e6)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&file, "position", "", "the position file to start from")
	cmd.Flags().Uint64Var(&seed, "seed", 0, "start from the initial board of this seed instead")
	cmd.Flags().IntVar(&depth, "depth", 0, fmt.Sprintf("the deepest count, 1 to %d (required)", maxPerftDepth))
	game.add(cmd.Flags())
	return cmd
}
