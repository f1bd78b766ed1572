package main

import (
	"github.com/spf13/cobra"

	"github.com/arenabots/arena/results"
)

func newCrosstableCmd() *cobra.Command {
	var format string
	c := &cobra.Command{
		Use:   "crosstable DIR",
		Short: "Print a league's pairwise results from its results directory",
		Long: `Print the crosstable of the league whose results are in DIR, recomputed
from DIR/games.jsonl: for each bot (rows, in standings order) the points it
scored against each opponent (columns) over the games they played, with
either colour, as "points/games". Points come from the scoring in
DIR/config.yaml (default win 1, draw 0.5, loss 0).`,
		Example: "  arena crosstable results/course-2025\n  arena crosstable results/course-2025 --format json",
		Args:    nArgs("DIR"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := results.CheckFormat(format); err != nil {
				return usage(err)
			}
			l, err := loadLeague(c.ErrOrStderr(), args[0])
			if err != nil {
				return err
			}
			order := results.Compute(l.games, l.bots, l.scoring).Bots()
			ct := results.NewCrosstable(l.games, order, l.scoring)
			ct.Display = l.display
			return ct.Write(c.OutOrStdout(), format)
		},
	}
	addFormatFlag(c, &format)
	return c
}
