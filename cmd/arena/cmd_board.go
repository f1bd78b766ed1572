package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
)

// newBoardCmd is `arena board`: the initial board of a seed, drawn for
// people or written as a position file.
func newBoardCmd() *cobra.Command {
	var (
		seed   uint64
		asJSON bool
		game   gameFlags
	)
	cmd := &cobra.Command{
		Use:   "board --seed N [--json]",
		Short: "Print the initial board of a seed",
		Long: `Print the initial board of --game (default cavalo) that a seed gives, drawn
for people, or with --json the position file, which 'arena perft --position'
reads. For Jogo do Cavalo: a grid with row 1, White's home row, at the top
(docs/rules.md); for Dots and Boxes: the dots and arcs, the opening arcs
drawn from the seed included (docs/dots.md). The same seed gives the same
board on every machine and in every version of arena.`,
		Example: "  arena board --seed 42\n  arena board --seed 42 --json > start.json\n  arena board --game dots --game-options opening_arcs=8 --seed 3",
		Args: func(c *cobra.Command, args []string) error {
			return usage(cobra.NoArgs(c, args))
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.Flags().Changed("seed") {
				return usage(errors.New("board: --seed is required (see 'arena board --help')"))
			}
			rules, err := game.rules()
			if err != nil {
				return err
			}
			st := rules.New(seed)
			text := st.String()
			if asJSON {
				data, err := st.Encode()
				if err != nil {
					return err
				}
				text = string(data)
			}
			_, err = fmt.Fprintln(cmd.OutOrStdout(), text)
			return err
		},
	}
	cmd.Flags().Uint64Var(&seed, "seed", 0, "the board's seed, 0 to 2^64-1 (required)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the position file instead of the grid")
	game.add(cmd.Flags())
	return cmd
}
