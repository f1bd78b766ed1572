package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
)

func newScheduleCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "schedule CONFIG",
		Short: "Print the games a league will play, in order, with their board seeds",
		Long: `Print the games of the league described by CONFIG, in order, with their
board seeds. A Swiss or knockout pairs a round from the results of the rounds
before: the rounds known so far are printed, from the results in the league's
out directory, with a knockout's bracket, and the playoffs of a league with
tiebreak: playoff once its other games are played.`,
		Args: nArgs("CONFIG"),
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, _, err := league.Load(args[0])
			if err != nil {
				return usage(err)
			}
			played, err := arena.PlayedGames(cfg)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(w, "GAME\tROUND\tBOARD SEED\tWHITE\tBLACK")
			games := tournament.Schedule(cfg.League(), played)
			for _, g := range games {
				fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%s\n", g.ID, g.Round, g.Seed, cfg.Bots[g.White].Name, cfg.Bots[g.Black].Name)
			}
			if err := w.Flush(); err != nil {
				return err
			}
			return writeWrapped(out, "  ", func(w io.Writer) error {
				return tournament.WriteNotes(w, cfg.League(), games, played)
			})
		},
	}
}
