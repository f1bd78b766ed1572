package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena"
)

func newScheduleCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "schedule CONFIG",
		Short: "Print the games a league will play, in order, with their board seeds",
		Args:  nArgs("CONFIG"),
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, _, err := arena.Load(args[0])
			if err != nil {
				return usage(err)
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			fmt.Fprintln(w, "GAME\tROUND\tBOARD SEED\tWHITE\tBLACK")
			for _, g := range arena.Schedule(cfg) {
				fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%s\n", g.ID, g.Round, g.Seed, cfg.Bots[g.White].Name, cfg.Bots[g.Black].Name)
			}
			return w.Flush()
		},
	}
}
