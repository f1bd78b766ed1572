package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/intake"
	"github.com/arenabots/arena/bots/host"
	"github.com/arenabots/arena/bots/host/sandbox"
	"github.com/arenabots/arena/bots/lisp"
)

// newIntakeCmd is `arena intake`.
func newIntakeCmd() *cobra.Command {
	var (
		league, out string
		tempo, jobs int
		rounds      int
		margin      int
		memory      int
		sandbox     sandbox.Mode
		game        gameFlags
	)
	cmd := &cobra.Command{
		Use:   "intake DIR... [--game cavalo|dots] [-o FILE] [--tempo MS] [--out DIR]",
		Short: "Turn a class's Lisp submissions, as handed in, into a league",
		Long: `Intake takes the Common Lisp projects of a class as they were handed in and writes
a league that plays them. Each DIR is a folder of submissions: one sub-folder or one .zip
per group (e.g. ana_2201234_rui_2205678_P2.zip; zips are unpacked under --out, never
beside them).

For each submission arena reads the Lisp files to find the one that defines (jogar
estado tempo), or the file that loads it, and its package; then it loads the submission
in its sandbox, as a league would, and calls jogar on reference positions of the game
with every state convention it knows, keeping the one under which the answers are legal
moves; and it measures how long jogar thinks at --tempo, giving tempo_scale 1000 to a bot
that reads its clock in LispWorks units.

It writes the league file (-o) with one lisp entry per group that can play, every setting
written out so that you can read and override it, and the report (--out/intake.md) with
the evidence; the same table is printed here. Then: arena run FILE.`,
		Example: "  arena intake entregas/ --game cavalo --tempo 1000 -o campeonato.yaml",
		Args:    atLeastOne("DIR"),
		RunE: func(c *cobra.Command, dirs []string) error {
			if tempo <= 0 || rounds <= 0 || margin < 0 {
				return usage(fmt.Errorf("--tempo and --rounds must be positive and --margin not negative (got %d, %d and %d)", tempo, rounds, margin))
			}
			rules, err := game.rules()
			if err != nil {
				return err
			}
			self, err := host.Self()
			if err != nil {
				return err
			}
			subs, err := intake.List(dirs, out)
			if err != nil {
				return usage(err)
			}
			if len(subs) == 0 {
				return usage(fmt.Errorf("no submission in %q: want one folder or .zip per group", dirs))
			}
			start := time.Now()
			results := intake.Run(c.Context(), subs, intake.Options{
				Game: rules, Tempo: time.Duration(tempo) * time.Millisecond, Self: self,
				Sandbox: sandbox, Limits: host.Limits{MemoryMB: memory}, Concurrency: jobs,
			})
			if err := c.Context().Err(); err != nil {
				return err
			}
			report := filepath.Join(out, "intake.md")
			leagueDir, err := filepath.Abs(filepath.Dir(league))
			if err != nil {
				return err
			}
			reportAbs, _ := filepath.Abs(report)
			absDirs := make([]string, len(dirs))
			for i, d := range dirs {
				absDirs[i], _ = filepath.Abs(d)
			}
			l := intake.League{Name: "intake", Game: rules.Name(), GameOptions: game.options, Tempo: time.Duration(tempo) * time.Millisecond,
				Rounds: rounds, Margin: time.Duration(margin) * time.Millisecond, Dir: leagueDir, Report: reportAbs, Sources: absDirs}
			if err := writeFile(report, func(w io.Writer) error { return intake.WriteReport(w, "arena intake", results) }); err != nil {
				return err
			}
			if err := writeFile(league, func(w io.Writer) error { return intake.WriteLeague(w, l, results) }); err != nil {
				return err
			}
			w := c.OutOrStdout()
			if err := printIntake(w, results, outputWidth(w)); err != nil {
				return err
			}
			eligible := 0
			for _, r := range results {
				if r.Eligible {
					eligible++
				}
			}
			fmt.Fprintf(w, "%d of %d submissions can play (intake took %v). Wrote %s and %s; play it with: arena run %s\n",
				eligible, len(results), time.Since(start).Round(100*time.Millisecond), league, report, league)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVarP(&league, "output", "o", "league.yaml", "the league file to write")
	f.StringVar(&out, "out", "intake", "the work folder: unpacked zips and intake.md")
	f.IntVar(&tempo, "tempo", arena.DefaultTempoMS, "the league's time per move in ms (tempo_ms)")
	f.IntVar(&rounds, "rounds", arena.DefaultRounds, "the league's rounds (rounds)")
	f.IntVar(&margin, "margin", int(lisp.RecommendedMargin.Milliseconds()), "margin over the tempo in ms (time_margin_ms)")
	f.IntVar(&jobs, "jobs", 0, "submissions probed at once (default: the number of CPUs)")
	f.IntVar(&memory, "memory", 0, "each bot's memory in MiB (limits.memory_mb; default 1024)")
	addSandboxFlag(f, &sandbox)
	game.add(f)
	return cmd
}

// printIntake prints the intake table, as in the report, within width
// columns: the group and whether it can play are never cut, the other
// cells wrap, and why a submission cannot play is a line under its row.
func printIntake(w io.Writer, results []intake.Result, width int) error {
	const group, eligible = 0, 5
	tab := newTable(intake.Header(), group, eligible)
	for i, row := range intake.Rows(results) {
		why := ""
		if !results[i].Eligible {
			row[eligible], why = "no", results[i].Reason
		}
		tab.add(why, row...)
	}
	return tab.render(w, width)
}

// writeFile writes a file through write, creating its folder, and fails
// if writing or closing fails.
func writeFile(path string, write func(io.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = write(f)
	return errors.Join(err, f.Close())
}
