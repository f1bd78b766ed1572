package arena

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/arenabots/arena/results"
)

// Tournament is the kind of tournament a league is: who meets whom, in which
// rounds (the format key; docs/formats.md).
type Tournament string

// botIndex returns the index of the bot named name, or -1.
func (c *Config) botIndex(name string) int {
	return slices.IndexFunc(c.Bots, func(b BotConfig) bool { return b.Name == name })
}

// Schedule returns the games of the league known once the games of played
// are over: a pure function of the config and the results, so every
// machine computes the same. A round robin or gauntlet knows every game
// from the start; a Swiss knows its rounds up to the first one not yet
// complete, a knockout its ties up to those still playing, a playoff (see
// playoff.go) its ties once the main event is over. The league is over
// when every game Schedule returns is played. Games are listed in the
// order they are to be played; played may hold games of other leagues,
// which are ignored.
func Schedule(c *Config, played []results.Entry) []Scheduled {
	games := mainSchedule(c, played)
	if !c.playoff() {
		return games
	}
	st := mainStandings(c, MainGames(c, played))
	return append(games, newPlayoffs(c, st, games, byID(played)).games...)
}

// mainSchedule returns the games of the league's main event, its playoffs
// left out, known once the games of played are over.
func mainSchedule(c *Config, played []results.Entry) []Scheduled {
	return c.format().Schedule(c, byID(played))
}

// Standings returns the standings of the league after games, in its
// tournament's view (a Swiss's tie-breaks and byes, a knockout's bracket), the
// bots its playoffs decided in their order (see playoff.go), with the line
// of its SPRT match when it is one.
func Standings(c *Config, games []results.Entry) results.Standings {
	s := formatStandings(c, games)
	s.SetDisplay(c.Displays())
	s.Clock = c.Clock
	if m := c.SPRTMatch(); m != nil {
		s.AddSPRT(*m, games)
	}
	return s
}

// formatStandings returns the standings of games in the view of c's
// format, bots level on every key ordered by their playoff, if the league
// has one.
func formatStandings(c *Config, games []results.Entry) results.Standings {
	main := MainGames(c, games)
	s := mainStandings(c, main)
	if c.playoff() {
		s.AddPlayoffs(main, newPlayoffs(c, s, mainSchedule(c, main), byID(games)).playoffs)
	}
	return s
}

// mainStandings returns the standings of main, games of the league's main
// event, in the view of c's format.
func mainStandings(c *Config, main []results.Entry) results.Standings {
	return c.format().Standings(c, main)
}

// Total returns the number of games the league plays: for a knockout, the
// least, without tie-break boards; a playoff's games are not counted.
func Total(c *Config) int { return c.format().Total(c) }

// byID maps games by id.
func byID(games []results.Entry) map[string]results.Entry {
	m := make(map[string]results.Entry, len(games))
	for _, g := range games {
		m[g.ID] = g
	}
	return m
}

// pairGames returns the two games of bots a and b on one board, a white in
// the first; id makes a game's id from its white and black names.
func pairGames(c *Config, round int, seed uint64, a, b int, id func(white, black string) string) [2]Scheduled {
	var out [2]Scheduled
	for k, p := range [2][2]int{{a, b}, {b, a}} {
		out[k] = Scheduled{ID: id(c.Bots[p[0]].Name, c.Bots[p[1]].Name), Round: round, Seed: seed, White: p[0], Black: p[1]}
	}
	return out
}

// roundID makes the id of a game of round r: "03-greedy-random".
func roundID(r int) func(white, black string) string {
	return func(white, black string) string { return fmt.Sprintf("%02d-%s-%s", r, white, black) }
}

// Played returns the games of the league's results directory when it
// holds this config's results (the same keys, or, recorded before keys,
// the same hash), else none: what Schedule needs to know a Swiss's or
// knockout's later rounds. Damaged journal lines are skipped.
func (c *Config) Played() ([]results.Entry, error) {
	old, err := readRecord(filepath.Join(c.Out, ConfigFile))
	if err != nil || old == nil {
		return nil, err
	}
	if old.Keys == nil && old.Hash != c.Hash() {
		return nil, nil
	}
	if k := c.Keys(); old.Keys != nil && (old.Keys.League != k.League || !compareBots(old.Keys.Bots, k.Bots, old.names(), c.names()).none()) {
		return nil, nil
	}
	games, _, err := readJournal(c.Out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return games, err
}
