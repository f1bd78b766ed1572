package main

import (
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/results"
)

func newStandingsCmd() *cobra.Command {
	var (
		format string
		wide   bool
	)
	c := &cobra.Command{
		Use:   "standings DIR",
		Short: "Print a league's standings from its results directory",
		Long: `Print the standings of the league whose results are in DIR (the league's
"out" directory), recomputed from DIR/games.jsonl: games, wins, draws, losses,
points, board-point difference, a Bradley-Terry Elo rating fitted to all games
with its 95% margin, the likelihood of superiority (LOS) over the next bot
down, Sonneborn-Berger, the games each bot lost by timeout, illegal move,
crash or failed start, how often it was at fault, and its pentanomial counts
(colour-swapped pairs of games on one board by pair score 0, 1/2, 1, 3/2, 2).

The text table fits in 80 columns: rank, W/D/L, points, Elo, LOS and faults;
--wide shows every column. The other formats always have every column.

Points come from the scoring in DIR/config.yaml (default win 1, draw 0.5,
loss 0). Ties are broken by head-to-head, then Sonneborn-Berger, then wins,
then the score difference; the tiebreak column names the one that placed each
bot, and bots still level on all share a rank, marked tied.
An SPRT match (docs/sprt.md) adds its result under the table: H1, H0,
inconclusive or running, the LLR and its bounds, Elo and nElo with their
95% margins and the pentanomial counts of the pairs the test counted.
A Swiss ranks by points (a bye counting as a board pair won), then Buchholz,
then Sonneborn-Berger, wins and score difference, and shows both; a knockout
ranks by the round reached, then points, then score difference, and its bracket
follows its table (text and Markdown; in JSON as "bracket"). See docs/formats.md.
A league still running can be read at any time.`,
		Example: "  arena standings results/course-2025\n  arena standings results/course-2025 --wide\n  arena standings results/course-2025 --format md > standings.md",
		Args:    nArgs("DIR"),
		RunE: func(c *cobra.Command, args []string) error {
			r, err := openReport(c, format, args[0])
			if err != nil {
				return err
			}
			return writeStandings(c.OutOrStdout(), r.Standings(), format, wide)
		},
	}
	addFormatFlag(c, &format)
	addWideFlag(c, &wide)
	return c
}

// addWideFlag adds --wide to a command that prints the standings table.
func addWideFlag(c *cobra.Command, wide *bool) {
	c.Flags().BoolVar(wide, "wide", false, "every column of the text table (default: what fits 80 columns)")
}

// writeStandings writes st in format: in text, only the columns that fit
// in 80 columns unless wide.
func writeStandings(w io.Writer, st results.Standings, format string, wide bool) error {
	if format == results.FormatText && !wide {
		return writeWrapped(w, "  ", st.WriteBrief)
	}
	return st.Write(w, format)
}

// addFormatFlag adds --format (-f) to a report command.
func addFormatFlag(c *cobra.Command, format *string) {
	c.Flags().StringVarP(format, "format", "f", results.FormatText,
		"output format: "+strings.Join(results.Formats(), ", "))
}

// openReport checks the --format of report command c and reads the
// results directory dir (see arena.OpenResults), warning on c's stderr of
// each damaged journal line it skips. Every problem is a usage error naming
// the flag or the path.
func openReport(c *cobra.Command, format, dir string) (*arena.Results, error) {
	if err := results.CheckFormat(format); err != nil {
		return nil, usage(err)
	}
	r, err := arena.OpenResults(dir)
	if err != nil {
		return nil, usage(err)
	}
	warnDamaged(c.ErrOrStderr(), dir, r.Damaged)
	return r, nil
}
