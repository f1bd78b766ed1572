package arena

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/results"
)

// Results is a league's results directory read back: the config arena run
// recorded there, the games of its journal and their move logs. It is the
// one way in: the report commands, the web page of a league on disk, the
// grades, the bench and the end of a run all read a results directory
// through it, so that they show the same standings and total.
type Results struct {
	// Dir is the results directory.
	Dir string
	// Config is the recorded config (see ReadResults).
	Config *Config
	// Games are the journal's games, in order; Damaged its damaged lines,
	// which are skipped.
	Games   []results.Entry
	Damaged []results.DamagedLine
}

// OpenResults reads the results directory dir: its recorded config and its
// journal. A dir that is not a directory, or holds no journal, is an error
// that says so; so is a config.yaml that cannot be read.
func OpenResults(dir string) (*Results, error) {
	if err := resultsdir.CheckDir(dir); err != nil {
		return nil, err
	}
	if err := resultsdir.CheckJournal(dir); err != nil {
		return nil, err
	}
	return ReadResults(dir)
}

// ReadResults reads the results directory dir as OpenResults does, except
// that a directory without a journal yet (a league whose first game has not
// ended) has no games. Reload reads the journal again.
func ReadResults(dir string) (*Results, error) {
	c, err := readRecorded(dir)
	if err != nil {
		return nil, err
	}
	r := &Results{Dir: dir, Config: c}
	if err := r.Reload(); err != nil {
		return nil, err
	}
	return r, nil
}

// Reload reads the journal again: its games and damaged lines. No journal
// is no games.
func (r *Results) Reload() error {
	gs, damaged, err := resultsdir.ReadJournal(r.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		gs, damaged, err = nil, nil, nil
	}
	if err != nil {
		return err
	}
	r.Games, r.Damaged = gs, damaged
	return nil
}

// GameLog returns the move log of game id (results.ReadGameLog): an error
// wrapping fs.ErrNotExist when the game has none.
func (r *Results) GameLog(id string) ([]results.MoveLine, error) {
	return results.ReadGameLog(r.Dir, id)
}

// Standings returns the league's standings in its tournament's view (see
// Standings).
func (r *Results) Standings() results.Standings {
	return tournament.Standings(r.Config.League(), r.Games)
}

// Crosstable returns the league's crosstable, its rows in the order of st,
// the league's standings; a playoff's games are not in it (see tournament.MainGames).
func (r *Results) Crosstable(st results.Standings) results.Crosstable {
	ct := results.NewCrosstable(tournament.MainGames(r.Config.League(), r.Games), st.Bots(), r.Config.Scoring)
	ct.Display = r.Config.Displays()
	return ct
}

// readRecorded returns the config recorded in the results directory dir
// (its config.yaml, see Config.Resolved) as far as the schedule, the
// standings and the pages need it: name, game and rules, tempo or game
// clock (TempoMS 0 under a time_control, as Load leaves it), the clock
// charged (wall for a config from before the key), rounds,
// scoring, the tournament (format:) and its keys, the bot names. It does not check the
// bots, which need not be on this machine. Out is dir. A directory without
// a config.yaml (results copied without it) gets the defaults, the
// directory's name and no bots; a key missing from the file keeps its
// default, and bots may be a list of names.
func readRecorded(dir string) (*Config, error) {
	path := filepath.Join(dir, resultsdir.ConfigFile)
	c := &Config{GameName: DefaultGame, TempoMS: DefaultTempoMS, Scoring: results.DefaultScoring()}
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if err == nil {
		if err := c.decodeRecorded(path, data); err != nil {
			return nil, err
		}
	}
	if c.Name == "" {
		c.Name = filepath.Base(filepath.Clean(dir))
	}
	if c.Clock == "" {
		c.Clock = ClockWall // a league from before clocks was played on the wall clock
	}
	c.Bots = slices.DeleteFunc(c.Bots, func(b BotConfig) bool { return b.Name == "" })
	c.Out = dir
	if err := c.applyDefaults(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// decodeRecorded decodes a recorded config over c's defaults: a list of
// bot names stands for bots of those names.
func (c *Config) decodeRecorded(path string, data []byte) error {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if root.Kind == 0 {
		return nil // an empty file
	}
	if n := find(&root, "scoring"); n != nil {
		var sc struct{ Win, Draw, Loss *float64 }
		if n.Kind != yaml.MappingNode || n.Decode(&sc) != nil {
			return fmt.Errorf("%s:%d: scoring: want numbers, e.g. {win: 1, draw: 0.5, loss: 0}", path, n.Line)
		}
	}
	if n := find(&root, "bots"); n != nil && n.Kind == yaml.SequenceNode {
		for i, b := range n.Content {
			if b.Kind == yaml.ScalarNode {
				n.Content[i] = &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{
					{Kind: yaml.ScalarNode, Value: "name"}, b,
				}}
			}
		}
	}
	liftGameOptions(&root)
	if err := root.Decode(c); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// writeReports writes st, the league's standings, in every format, and the
// crosstable in text, Markdown and CSV, to the results directory.
func (r *Results) writeReports(st results.Standings) error {
	return resultsdir.WriteReports(r.Config.Out, st, r.Crosstable(st))
}
