package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/course/grades"
	"github.com/arenabots/arena/results"
)

func newGradesCmd() *cobra.Command {
	var format, intakeDir, out string
	c := &cobra.Command{
		Use:   "grades RESULTS [--intake DIR] [--format csv|md|json] [-o FILE]",
		Short: "Write the championship's grades: one row per submission, with its bonus",
		Long: `Write the grades of the league whose results are in RESULTS: one row per
submission of the class, from intake.json in --intake DIR (the --out folder of arena
intake), eligible or not, played or not; without --intake, one row per bot of the
league. Each row has the group, its students and numbers, eligible and the reason,
rank (empty for a group that did not play), points, the tie-break that placed it
(tied where none did), games, faults by kind, the median think time of its moves
against the tempo (CPU time and wall time, the clock the league charged first), the groups the similarity check flagged with it, its band
against the reference bots and its bonus.

The bonus follows the league's grading: block, by default the course's
{places: [3, 2], participant: 1}: 3 to the winner, 2 to the second, 1 to every
other eligible group; groups tied on a rank share the places they cover (each gets
their mean). Bands against reference bots need a gauntlet played apart
(grading: reference). The CSV is UTF-8 with a header row and opens in a
spreadsheet as is: a cell starting with =, +, - or @ gets a leading '.
See docs/grading.md.`,
		Example: "  arena grades results/intake --intake intake -o grades.csv\n  arena grades results/intake --intake intake --format md",
		Args:    nArgs("RESULTS"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := grades.CheckFormat(format); err != nil {
				return usage(err)
			}
			if err := arena.CheckResultsDir(args[0]); err != nil {
				return usage(err)
			}
			l, err := arena.OpenResults(args[0])
			if err != nil {
				return usage(err)
			}
			if len(l.Damaged) > 0 {
				fmt.Fprintf(c.ErrOrStderr(), "arena: %s: %d damaged journal line(s) skipped (arena journal repair)\n", args[0], len(l.Damaged))
			}
			var in *grades.Intake
			if intakeDir != "" {
				if in, err = grades.ReadIntake(intakeDir); err != nil {
					return usage(err)
				}
			}
			rep, err := grades.Compute(l, in)
			if err != nil {
				return usage(err)
			}
			if rep.Unplayed > 0 {
				fmt.Fprintf(c.ErrOrStderr(), "arena: %s: the league has %d games still to play: these grades are provisional\n", args[0], rep.Unplayed)
			}
			var b bytes.Buffer
			if err := rep.Write(&b, format); err != nil {
				return err
			}
			if out == "" {
				_, err := c.OutOrStdout().Write(b.Bytes())
				return err
			}
			if err := results.WriteFileAtomic(out, b.Bytes()); err != nil {
				return fmt.Errorf("%w: free space on that disk, or write the grades elsewhere with -o FILE", err)
			}
			printfWrapped(c.OutOrStdout(), "  ", "wrote %s (%d submissions)\n", out, len(rep.Rows))
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&intakeDir, "intake", "", "the folder of intake.json (arena intake's --out): one row per submission")
	f.StringVarP(&format, "format", "f", results.FormatCSV, "output format: "+strings.Join(grades.Formats(), ", "))
	f.StringVarP(&out, "output", "o", "", "the file to write (default: standard output)")
	return c
}
