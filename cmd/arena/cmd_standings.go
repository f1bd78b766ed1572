package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/internal/inert"
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
loss 0). Ties are broken by head-to-head, then Sonneborn-Berger, then wins.
An SPRT match (docs/sprt.md) adds its result under the table: H1, H0,
inconclusive or running, the LLR and its bounds, Elo and nElo with their
95% margins and the pentanomial counts of the pairs the test counted.
A Swiss ranks by points (a bye counting as a board pair won), then Buchholz,
then Sonneborn-Berger, and shows both; a knockout's bracket follows its table
(text and Markdown; in JSON as "bracket"). See docs/formats.md.
A league still running can be read at any time.`,
		Example: "  arena standings results/course-2025\n  arena standings results/course-2025 --wide\n  arena standings results/course-2025 --format md > standings.md",
		Args:    nArgs("DIR"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := results.CheckFormat(format); err != nil {
				return usage(err)
			}
			l, err := loadLeague(c.ErrOrStderr(), args[0])
			if err != nil {
				return err
			}
			return l.writeStandings(c.OutOrStdout(), format, wide)
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

// writeStandings writes the league's standings in format: in text, only
// the columns that fit in 80 columns unless wide.
func (l *league) writeStandings(w io.Writer, format string, wide bool) error {
	s := results.Compute(l.games, l.bots, l.scoring)
	if l.format != nil {
		s = arena.Standings(l.format, l.games)
	}
	s.SetDisplay(l.display)
	if format == results.FormatText && !wide {
		return s.WriteBrief(w)
	}
	return s.Write(w, format)
}

// addFormatFlag adds --format (-f) to a report command.
func addFormatFlag(c *cobra.Command, format *string) {
	c.Flags().StringVarP(format, "format", "f", results.FormatText,
		"output format: "+strings.Join(results.Formats(), ", "))
}

// league is what the report commands read from a results directory.
type league struct {
	dir   string
	games []results.Game
	bots  []string // from config.yaml, or none
	// display are the bots' display names, by name, from config.yaml.
	display map[string]string
	scoring results.Scoring
	// format is the league's config when its format has its own view of
	// the standings (a Swiss's tie-breaks, a knockout's bracket); else nil.
	format *arena.Config
}

// loadLeague reads the journal of the results directory dir, warning on
// stderr of each damaged line it skips, and, when there is one, the scoring
// and bot names of its config.yaml. Every problem is a usage error naming
// the path.
func loadLeague(stderr io.Writer, dir string) (*league, error) {
	if err := checkResultsDir(dir); err != nil {
		return nil, err
	}
	l := &league{dir: dir, scoring: results.DefaultScoring()}
	games, err := readJournal(stderr, dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, usage(fmt.Errorf("%s: no %s: not a league's results directory, or no game has finished yet", dir, results.JournalName))
	}
	if err != nil {
		return nil, usage(err)
	}
	l.games = games
	if err := l.readConfig(filepath.Join(dir, "config.yaml")); err != nil {
		return nil, err
	}
	return l, nil
}

// checkResultsDir returns a usage error unless dir is a directory.
func checkResultsDir(dir string) error {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usage(fmt.Errorf("%s: no such results directory", dir))
	case err != nil:
		return usage(err)
	case !fi.IsDir():
		return usage(fmt.Errorf("%s is not a directory: want a league's results directory", dir))
	}
	return nil
}

// readConfig takes the scoring and the bot names from the resolved config
// that arena run writes to the results directory, ignoring every other key.
// A missing file keeps the defaults. Bot names are taken when bots is a list
// of mappings with a name (or of names); otherwise the journal's names are
// enough.
func (l *league) readConfig(path string) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return usage(err)
	}
	var cfg struct {
		Scoring yaml.Node `yaml:"scoring"`
		Bots    yaml.Node `yaml:"bots"`
	}
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		return usage(fmt.Errorf("%s: %w", path, err))
	}
	if n := &cfg.Scoring; n.Kind != 0 {
		var sc struct{ Win, Draw, Loss *float64 }
		if n.Kind != yaml.MappingNode || n.Decode(&sc) != nil {
			return usage(fmt.Errorf("%s:%d: scoring: want numbers, e.g. {win: 1, draw: 0.5, loss: 0}", path, n.Line))
		}
		if sc.Win != nil {
			l.scoring.Win = *sc.Win
		}
		if sc.Draw != nil {
			l.scoring.Draw = *sc.Draw
		}
		if sc.Loss != nil {
			l.scoring.Loss = *sc.Loss
		}
	}
	if c, err := arena.ReadResolved(data); err == nil && (c.Format != arena.RoundRobin || c.SPRT != nil) {
		l.format = c
	}
	if n := &cfg.Bots; n.Kind == yaml.SequenceNode {
		for _, b := range n.Content {
			var name string
			switch b.Kind {
			case yaml.ScalarNode:
				name = b.Value
			case yaml.MappingNode:
				var e struct {
					Name    string `yaml:"name"`
					Display string `yaml:"display"`
				}
				if b.Decode(&e) == nil {
					name = e.Name
					if e.Display != "" {
						if l.display == nil {
							l.display = map[string]string{}
						}
						l.display[name] = inert.Line(e.Display)
					}
				}
			}
			if name != "" {
				l.bots = append(l.bots, name)
			}
		}
	}
	return nil
}
