package league

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/results"
	"gopkg.in/yaml.v3"
)

// Resolved returns the config with every default filled in, as YAML, with
// its hash: what a league writes to out/config.yaml.
func (c *Config) Resolved() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# resolved from %s: the values in force, every default filled in;\n# hash identifies the config (all keys but concurrency, out and registry);\n# keys, below, decide which recorded games a resumed run keeps\nhash: %s\n", c.file, c.Hash())
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	_ = enc.Encode(c) // a Config always marshals
	return b.Bytes()
}

// ReadRecorded returns the config recorded in the results directory dir
// (its config.yaml, see Config.Resolved) as far as the schedule, the
// standings and the pages need it: name, game and rules, tempo or game
// clock (TempoMS 0 under a time_control, as Load leaves it), the clock
// charged (wall for a config from before the key), rounds,
// scoring, the tournament (format:) and its keys, the bot names. It does not check the
// bots, which need not be on this machine. Out is dir. A directory without
// a config.yaml (results copied without it) gets the defaults, the
// directory's name and no bots; a key missing from the file keeps its
// default, and bots may be a list of names.
func ReadRecorded(dir string) (*Config, error) {
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

// LegacyKeys returns the keys of a results directory recorded by the hash
// alone, as far as its config.yaml (data, read from path) tells them, and those of c to compare
// with them: a bot's Code then stands for its entry as resolved, paths
// included, as the hash counted it. ok is false when the recorded config
// cannot be read.
func (c *Config) LegacyKeys(path string, data []byte) (old, now Keys, ok bool) {
	var d Config
	if err := d.decodeRecorded(path, data); err != nil {
		return Keys{}, Keys{}, false
	}
	legacy := func(cfg *Config) Keys {
		k := Keys{League: cfg.LeagueKey(), Bots: map[string]BotKey{}}
		for _, b := range cfg.Bots {
			k.Bots[b.Name] = BotKey{Code: "entry " + shortHash(b.Ref), Settings: b.settingsKey()}
		}
		return k
	}
	return legacy(&d), legacy(c), true
}

// AdoptRecordedClock makes the league charge the wall clock, and reports
// that it did, when its results directory holds results of hash old that
// were played on the wall clock, before clock was a key and cpu its
// default, and the league file leaves clock to that default: the same
// config, clock: wall, has hash old. A league file that sets clock keeps
// it, and resumes only under the same hash.
func (c *Config) AdoptRecordedClock(old string) bool {
	if old == "" || c.clockSet || c.Clock == ClockWall || old == c.Hash() {
		return false
	}
	w := *c
	w.Clock = ClockWall
	if w.Hash() != old {
		return false
	}
	c.Clock = ClockWall
	return true
}

// AdoptClockOf is AdoptRecordedClock for results recorded with keys, or
// before keys by a config whose bots changed since: the league charges the
// wall clock, and reports that it did, when the league file leaves clock
// to its default and the results, played on the wall clock, have league
// key league, the league's under clock: wall.
func (c *Config) AdoptClockOf(league string) bool {
	if c.clockSet || c.Clock == ClockWall {
		return false
	}
	w := *c
	w.Clock = ClockWall
	if w.LeagueKey() != league {
		return false
	}
	c.Clock = ClockWall
	return true
}
