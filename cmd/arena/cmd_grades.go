package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/course/grades"
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/results"
)

func newGradesCmd() *cobra.Command {
	var format, intakeDir, out, reason string
	var annul []string
	c := &cobra.Command{
		Use:   "grades RESULTS [--intake DIR [--annul P34,P60 --reason TEXT]] [--format csv|md|json] [-o FILE]",
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

With --intake, the pairs the similarity check flagged are named on the terminal
and recorded in RESULTS/marks.json, where the page (arena serve) and the report
(arena report) mark both groups. --annul P34,P60 --reason "..." is the lecturer's
decision on confirmed plagiarism, which annuls both projects: their rows keep their
games but get no place, bonus 0 and "annulled" with the reason, and their places
and bonuses go to the groups below; the decision is recorded in RESULTS/marks.json
too, so that the page and the report mark them. A name is a group's code, its bot,
its group or entry, as --admit takes them; --annul "" withdraws the decision.
See docs/grading.md.`,
		Example: "  arena grades results/intake --intake intake -o grades.csv\n  arena grades results/intake --intake intake --format md\n" +
			"  arena grades results/intake --intake intake --annul P34,P60 --reason \"copy confirmed at the oral exam\" -o grades.csv",
		Args: nArgs("RESULTS"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := grades.CheckFormat(format); err != nil {
				return usage(err)
			}
			if err := resultsdir.CheckDir(args[0]); err != nil {
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
			marks, err := decide(c, l, in, annul, reason)
			if err != nil {
				return err
			}
			rep, err := grades.Compute(l, in, marks)
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
	f.StringSliceVar(&annul, "annul", nil, "annul these groups' results, e.g. P34,P60 (needs --intake and --reason)")
	f.StringVar(&reason, "reason", "", "why --annul: kept in the grades, the page and the report")
	return c
}

// decide returns the marks of the league l (results.Marks): with the
// intake in, its flagged pairs, each named on the terminal, and with
// --annul the lecturer's decision; it records them in l's directory when
// they changed, for the page and the report.
func decide(c *cobra.Command, l *arena.Results, in *grades.Intake, annul []string, reason string) (results.Marks, error) {
	marks, err := results.ReadMarks(l.Dir)
	if err != nil {
		return marks, usage(err)
	}
	changed := c.Flags().Changed("annul")
	if in == nil {
		if changed {
			return marks, usage(errors.New("--annul needs --intake DIR: the class's intake.json names the groups"))
		}
		return marks, nil
	}
	before := fmt.Sprint(marks)
	marks.Similar = grades.Flagged(in)
	if changed {
		if marks.Annulled, err = grades.Annul(in, annul, reason); err != nil {
			return marks, usage(err)
		}
	}
	w := c.ErrOrStderr()
	name := func(bot string) string {
		for _, s := range in.Submissions {
			if s.Bot == bot {
				return cmp.Or(s.Group, s.Entry)
			}
		}
		return bot
	}
	for _, p := range marks.Similar {
		printfWrapped(w, "  ", "arena: flagged as similar: %s and %s (arena similarity: evidence to read, never a verdict)\n", inert.Line(name(p[0])), inert.Line(name(p[1])))
	}
	for _, a := range marks.Annulled {
		printfWrapped(w, "  ", "arena: annulled: %s: %s\n", inert.Line(name(a.Bot)), inert.Line(a.Reason))
	}
	if fmt.Sprint(marks) == before {
		return marks, nil
	}
	if err := results.WriteMarks(l.Dir, marks); err != nil {
		return marks, fmt.Errorf("%w: the page and the report read the marks there", err)
	}
	printfWrapped(w, "  ", "arena: recorded in %s: the page and the report mark them\n", filepath.Join(l.Dir, results.MarksFile))
	return marks, nil
}
