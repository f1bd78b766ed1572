package web

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// Info is what the page says of a league besides its games.
type Info struct {
	Name    string // the league's name, the key of its results directory
	Title   string // the league's title: key, shown as the page's title; empty: Name
	Dir     string // the results directory
	Rules   referee.Game
	TempoMS int
	Bots    []string // in the config's order
	Scoring results.Scoring
	Total   int // games in the schedule; 0 when unknown
	// SPRT is the league's SPRT match, or nil when it is not one.
	SPRT *results.SPRTMatch
	// Config is the league's config as far as its format's standings need
	// it (see arena.ReadResolved); nil when unknown.
	Config *arena.Config
}

// InfoOf returns the Info of a league about to run.
func InfoOf(c *arena.Config) Info {
	info := Info{Name: c.Name, Title: c.Title, Dir: c.Out, Rules: c.Rules(), TempoMS: c.TempoMS, Scoring: c.Scoring}
	for _, b := range c.Bots {
		info.Bots = append(info.Bots, b.Name)
	}
	info.Total, info.Config = arena.Total(c), c
	info.SPRT = c.SPRTMatch()
	return info
}

// readInfo returns the Info of the league whose results are in dir, from
// the resolved config that arena run writes there. A directory without one
// (results copied without it) gets the defaults, the directory's name and
// no known total.
func readInfo(dir string) (Info, error) {
	info := Info{Name: filepath.Base(filepath.Clean(dir)), Dir: dir, Scoring: results.DefaultScoring(), TempoMS: arena.DefaultTempoMS}
	path := filepath.Join(dir, arena.ConfigFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		info.Rules, err = games.Lookup(games.Default)
		return info, err
	}
	if err != nil {
		return info, err
	}
	var c struct {
		Name        string           `yaml:"name"`
		Title       string           `yaml:"title"`
		Game        string           `yaml:"game"`
		GameOptions map[string]int   `yaml:"game_options"`
		OpeningArcs int              `yaml:"opening_arcs"`
		Rounds      int              `yaml:"rounds"`
		TempoMS     int              `yaml:"tempo_ms"`
		Scoring     *results.Scoring `yaml:"scoring"`
		Bots        []struct {
			Name string `yaml:"name"`
		} `yaml:"bots"`
	}
	if err := yaml.Unmarshal(data, &c); err != nil {
		return info, fmt.Errorf("%s: %w", path, err)
	}
	if c.Game == "" {
		c.Game = games.Default
	}
	if info.Rules, err = games.Configure(c.Game, c.GameOptions, c.OpeningArcs); err != nil {
		return info, fmt.Errorf("%s: %w", path, err)
	}
	if c.Name != "" {
		info.Name = c.Name
	}
	info.Title = c.Title
	if c.TempoMS > 0 {
		info.TempoMS = c.TempoMS
	}
	if c.Scoring != nil {
		info.Scoring = *c.Scoring
	}
	for _, b := range c.Bots {
		info.Bots = append(info.Bots, b.Name)
	}
	n := len(info.Bots)
	info.Total = c.Rounds * n * (n - 1)
	// A config of another format has its own standings and total; one
	// that is not a league's resolved config keeps the round robin's.
	if cfg, err := arena.ReadResolved(data); err == nil {
		if cfg.Format != arena.RoundRobin {
			info.Config, info.Total = cfg, arena.Total(cfg)
		}
		info.SPRT = cfg.SPRTMatch()
	}
	return info, nil
}

// standings returns the standings of games in the league's format's view.
func (info Info) standings(games []results.Game) results.Standings {
	if info.Config == nil {
		return results.Compute(games, info.Bots, info.Scoring)
	}
	return arena.Standings(info.Config, games)
}
