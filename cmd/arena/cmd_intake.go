package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/course/similarity"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/internal/inert"
)

// newIntakeCmd is `arena intake`.
func newIntakeCmd() *cobra.Command {
	var (
		leagueFile, out string
		tempo, jobs     int
		rounds          int
		margin          int
		memory          int
		sandbox         sandbox.Mode
		game            gameFlags
		force           bool
		admit           []string
	)
	cmd := &cobra.Command{
		Use:   "intake DIR... [--game " + strings.Join(games.Names(), "|") + "] [-o FILE] [--tempo MS] [--out DIR]",
		Short: "Turn a class's Lisp submissions, as handed in, into a league",
		Long: `Intake takes the Common Lisp projects of a class as they were handed in and writes
a league that plays them. Each DIR is a folder of submissions: one sub-folder or one archive
per group (e.g. ana_2201234_rui_2205678_P2.zip; zip, tar, tar.gz and tar.bz2 are unpacked
under --out, each into a folder of its own, never beside them). Every entry of DIR gets a
row: an archive arena does not read (.rar, .7z) or one beyond a submission's limits (every
byte decompressed counts, docs/limits.md), or a stray file, is a row saying why; a group's
two hand-ins (a zip and a tar.gz) are two rows, each saying so.
A DIR that is one group's folder is taken as that one submission, and said so.

Each bot is named after its group: nome1_numero1_nome2_numero2_P13 is the bot p13 shown
as "P13 nome1/nome2" (its display:, which you may change at any time), with the students
and their numbers in the report and intake.json.

Without --game, the game is the one the sources are written for: the words of its
statement that the names of their code hold, or its title in their comments, weighed
over every submission. --game always wins; when the sources point to another game,
intake says so.

For each submission arena reads the Lisp files to find the one that defines (jogar
estado tempo), or the file that loads it, and its package; then it loads the submission
in its sandbox, as a league would, and calls jogar on reference positions of the game
with every state convention it knows, keeping the one under which the answers are legal
moves; and it measures how long jogar thinks at --tempo. A jogar whose sources read the
internal clock without internal-time-units-per-second (LispWorks units) gets tempo_scale
1000; when no convention gives legal moves with the time base its sources say, the other
is tried. A group is eligible when it loads, its jogar takes
(estado tempo) and answers legal moves in the league's opening for both sides; a failure
on a later position is a warning ("yes, but"). --admit P5 puts a group that is not
eligible in the league all the same, with the closest settings found.

It writes the league file (-o) with one lisp entry per group that can play, every setting
written out so that you can read and override it (a game whose start is fixed starts
each round from its own seeded opening: a game option), the report (--out/intake.md) with the evidence,
and --out/intake.json for other programs; the same table is printed here, shortened.
It also compares the submissions with each other, as arena similarity does, and writes
the pairs it flags side by side to --out/similarity.html (and to the report). It writes
the league file again only while it is as intake wrote it: a file written or edited by
hand is refused (-o another file, or --force). Then: arena run FILE.

On a terminal, one line shows the progress (how many submissions are taken in, what is
done with one); off a terminal, nothing is printed until the table.`,
		Example: "  arena intake entregas/ --game cavalo --tempo 1000 -o campeonato.yaml",
		Args:    atLeastOne("DIR"),
		RunE: func(c *cobra.Command, dirs []string) error {
			if tempo <= 0 || rounds <= 0 || margin < 0 {
				return usage(fmt.Errorf("--tempo and --rounds must be positive and --margin not negative (got %d, %d and %d)", tempo, rounds, margin))
			}
			self, err := host.Self()
			if err != nil {
				return err
			}
			w := c.OutOrStdout()
			steps := newStepLine(w)
			class := intake.Class{
				Dirs: dirs, Work: out, LeagueFile: leagueFile, Force: force,
				GameOptions: game.options,
				Tempo:       time.Duration(tempo) * time.Millisecond, Margin: time.Duration(margin) * time.Millisecond, Rounds: rounds,
				Admit:   admit,
				Probe:   intake.Options{Self: self, Sandbox: sandbox, Limits: host.Limits{MemoryMB: memory}, Driver: lispImages().Driver(c.Context()), Concurrency: jobs, Progress: steps.progress()},
				Similar: similarity.Intake,
				OneGroup: func(source string) {
					printfWrapped(w, "  ", "%s is one group's submission, not a class folder: taking it in alone (give the class's folder to take in the class)\n", inert.Line(source))
				},
				GameFound: func(name string, given bool, d intake.Detected) {
					game.name = name
					detectGame(w, &game, given, d)
				},
			}
			if c.Flags().Changed("game") {
				class.GameName = game.name
			}
			start := time.Now()
			taken, err := intake.Take(c.Context(), class)
			steps.clear()
			if _, mistake := errors.AsType[*intake.MistakeError](err); mistake {
				return usage(err)
			}
			if err != nil {
				return err
			}
			if err := printIntake(w, taken.Results, outputWidth(w)); err != nil {
				return err
			}
			printfWrapped(w, "  ", "%d of %d submissions can play (intake took %v). Wrote %s, %s and %s; play it with: arena run %s\n",
				taken.Eligible(), len(taken.Results), time.Since(start).Round(100*time.Millisecond), leagueFile, taken.Report, taken.Summary, leagueFile)
			switch len(taken.Flagged) {
			case 0:
				printfWrapped(w, "  ", "Similarity: no pair flagged as similar; the closest pairs are in %s (arena similarity --help)\n", taken.Similarity)
			case 1:
				printfWrapped(w, "  ", "Similarity: 1 pair flagged as similar, evidence to read in %s (arena similarity --help):\n", taken.Similarity)
			default:
				printfWrapped(w, "  ", "Similarity: %d pairs flagged as similar, evidence to read in %s (arena similarity --help):\n", len(taken.Flagged), taken.Similarity)
			}
			for _, p := range taken.Flagged {
				printfWrapped(w, "    ", "  %s and %s, score %.2f\n", inert.Line(p.A), inert.Line(p.B), p.Score)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVarP(&leagueFile, "output", "o", "league.yaml", "the league file to write")
	f.StringVar(&out, "out", "intake", "work folder: zips, intake.md, similarity.html")
	f.IntVar(&tempo, "tempo", league.DefaultTempoMS, "the league's time per move in ms (tempo_ms)")
	f.IntVar(&rounds, "rounds", league.DefaultRounds, "the league's rounds (rounds)")
	f.IntVar(&margin, "margin", int(lisp.RecommendedMargin.Milliseconds()), "margin over the tempo in ms (time_margin_ms)")
	f.IntVar(&jobs, "jobs", 0, "submissions probed at once (default: the number of CPUs)")
	f.IntVar(&memory, "memory", 0, "each bot's memory in MiB (limits.memory_mb; default 1024)")
	f.BoolVar(&force, "force", false, "write the league file even if a person wrote or edited it")
	f.StringSliceVar(&admit, "admit", nil, "admit a group not eligible, e.g. P5 (closest settings found)")
	addSandboxFlag(f, &sandbox)
	game.add(f)
	return cmd
}

// detectGame sets the game of g to the one the sources are written for,
// d, when given is false (no --game), and says which it is and why. A
// --game given always wins: when the sources point to another game, it
// says so. arena intake and arena bot check --lisp find a game alike.
func detectGame(w io.Writer, g *gameFlags, given bool, d intake.Detected) {
	switch {
	case !given && d.GameName != "":
		g.name = d.GameName
		printfWrapped(w, "  ", "game: %s (%s; --game to choose another)\n", g.name, d)
	case !given:
		printfWrapped(w, "  ", "game: %s (%s; --game to choose another)\n", g.name, d)
	case d.GameName != "" && d.GameName != g.name:
		printfWrapped(w, "  ", "game: %s, as --game says (the sources point to %s: %s)\n", g.name, d.GameName, d)
	}
}

// printIntake prints the intake table, as in the report, within width
// columns: the group and whether it can play are never cut, the other
// cells wrap, and why a submission cannot play, or what to beware of in
// one that can (it will lose on time), is a line under its row.
func printIntake(w io.Writer, results []intake.Result, width int) error {
	const group, eligible = 0, 5
	tab := newTable(intake.Header(), group, eligible)
	for i, row := range intake.Rows(results) {
		why := ""
		switch r := results[i]; {
		case r.Admitted:
			row[eligible], why = "admitted", "not eligible, admitted with --admit: "+r.Reason
		case !r.Eligible:
			row[eligible], why = "no", r.Reason
		case len(r.Warnings) > 0: // what the lecturer must not miss
			row[eligible], why = "yes, but", "warning: "+strings.Join(r.Warnings, "; ")
		}
		tab.add(why, row...)
	}
	return tab.render(w, width)
}
