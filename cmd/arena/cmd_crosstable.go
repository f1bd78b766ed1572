package main

import (
	"github.com/spf13/cobra"
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
			r, err := openReport(c, format, args[0])
			if err != nil {
				return err
			}
			return r.Crosstable(r.Standings()).Write(c.OutOrStdout(), format)
		},
	}
	addFormatFlag(c, &format)
	return c
}
