package main

import (
	"errors"
	"fmt"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/spf13/cobra"
)

// newBoardCmd is `arena board`: the initial board of a seed, drawn for
// people or written as a position file.
func newBoardCmd() *cobra.Command {
	var (
		seed   uint64
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "board --seed N [--json]",
		Short: "Print the initial board of a seed",
		Long: `Print the initial Jogo do Cavalo board that a seed gives: a grid with row 1,
White's home row, at the top, or with --json the position file, which
'arena perft --position' reads. The same seed gives the same board on every
machine and in every version of arena (docs/rules.md).`,
		Example: "  arena board --seed 42\n  arena board --seed 42 --json > start.json",
		Args: func(c *cobra.Command, args []string) error {
			return usage(cobra.NoArgs(c, args))
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.Flags().Changed("seed") {
				return usage(errors.New("board: --seed is required (see 'arena board --help')"))
			}
			st := cavalo.Game{}.New(seed)
			text := st.String()
			if asJSON {
				data, err := st.Encode()
				if err != nil {
					return err
				}
				text = string(data)
			}
			_, err := fmt.Fprintln(cmd.OutOrStdout(), text)
			return err
		},
	}
	cmd.Flags().Uint64Var(&seed, "seed", 0, "the board's seed, 0 to 2^64-1 (required)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the position file instead of the grid")
	return cmd
}
