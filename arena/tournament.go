package arena

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// Tournament is the kind of tournament a league is: who meets whom, in which
// rounds (the format key; docs/formats.md).
type Tournament string

// Formats of a league.
const (
	// RoundRobin plays every pair of bots on every board, both colours.
	RoundRobin Tournament = "round-robin"
	// Gauntlet plays each challenger against every other bot, on every
	// board, both colours; challengers do not meet.
	Gauntlet Tournament = "gauntlet"
	// Knockout is a single-elimination bracket of mini-matches.
	Knockout Tournament = "knockout"
	// Swiss pairs bots by score, round by round (see swiss.go).
	Swiss Tournament = "swiss"
)

// Defaults of a knockout.
const (
	defaultGamesPerTie    = 1
	defaultTiebreakBoards = 3
	maxTieBoards          = 999 // board b of round k is the board of seed 1000·k + b
)

// formatKeys are the keys that only some formats take, with their format;
// tie keys are those of a tie, which a playoff plays too.
var formatKeys = []struct {
	key    string
	format Tournament
	tie    bool
}{
	{"challengers", Gauntlet, false},
	{"seeding", Knockout, false},
	{"qualifiers", Knockout, false},
	{"games_per_tie", Knockout, true},
	{"tiebreak_boards", Knockout, true},
}

// completeFormat checks the tournament (format:) and its keys, and resolves a knockout's
// seeding: the bots are put in seed order (the order of the bots list, or
// of the standings named by seeding), and seeding and qualifiers, then
// spent, are cleared, so that the resolved config needs no other results
// directory and its hash covers the seeds.
func (c *Config) completeFormat(dir string) error {
	if c.Tournament == "" {
		c.Tournament = RoundRobin
	}
	if !slices.Contains([]Tournament{RoundRobin, Gauntlet, Knockout, Swiss}, c.Tournament) {
		return c.errAt(fmt.Sprintf("format is %q: want round-robin, gauntlet, knockout or swiss", c.Tournament), "format")
	}
	if err := c.completeTiebreak(); err != nil {
		return err
	}
	for _, k := range formatKeys {
		if k.format == c.Tournament || find(c.root, k.key) == nil || k.tie && c.playoff() {
			continue
		}
		also := ""
		if k.tie {
			also = " (or of tiebreak: playoff)"
		}
		return c.errAt(fmt.Sprintf("%s is a key of format: %s%s, and this league's format is %s: remove it or set format: %s", k.key, k.format, also, c.Tournament, k.format), k.key)
	}
	switch c.Tournament {
	case Gauntlet:
		return c.completeGauntlet()
	case Knockout:
		return c.completeKnockout(dir)
	case Swiss:
		return c.completeSwiss()
	}
	return nil
}

// completeGauntlet checks the challengers.
func (c *Config) completeGauntlet() error {
	if len(c.Challengers) == 0 {
		return c.errAt("a gauntlet needs challengers: the bots that play every other bot, e.g. challengers: [mine]", "format")
	}
	seen := map[string]bool{}
	for i, name := range c.Challengers {
		if c.botIndex(name) < 0 {
			return c.errAt(fmt.Sprintf("challenger %q is not in bots: add it there, or fix the name", name), "challengers", i)
		}
		if seen[name] {
			return c.errAt(fmt.Sprintf("challenger %q is listed twice", name), "challengers", i)
		}
		seen[name] = true
	}
	if len(c.Challengers) == len(c.Bots) {
		return c.errAt("every bot is a challenger, so no game is left to play: leave at least one bot out of challengers", "challengers")
	}
	return nil
}

// completeSwiss checks that the rounds can be paired without a repeat.
func (c *Config) completeSwiss() error {
	n := len(c.Bots)
	most := n - 1
	if n%2 == 1 {
		most = n // one bye a round
	}
	if c.Rounds > most {
		return c.errAt(fmt.Sprintf("rounds: a Swiss of %d bots has at most %d rounds without two bots meeting twice, got %d", n, most, c.Rounds), "rounds")
	}
	return nil
}

// completeKnockout checks a knockout's keys and resolves its seeding.
func (c *Config) completeKnockout(dir string) error {
	if find(c.root, "rounds") != nil {
		return c.errAt("rounds: a knockout plays games_per_tie boards a tie, as many rounds as the bracket has: remove rounds", "rounds")
	}
	if err := c.completeTies(); err != nil {
		return err
	}
	c.Rounds = 0 // the bracket's
	if c.Qualifiers != 0 && len(c.Seeding) == 0 {
		return c.errAt("qualifiers is the number of bots taken from each standings of seeding: add seeding: [DIR]", "qualifiers")
	}
	if len(c.Seeding) == 0 {
		return nil
	}
	if err := atLeast("qualifiers", c.Qualifiers, 0); err != nil {
		return c.errAt("qualifiers: "+err.Error()+" (0 or no key: every bot)", "qualifiers")
	}
	var seeded []BotConfig
	for rank := 0; ; rank++ {
		more := false
		for i, d := range c.Seeding {
			order, err := readRanking(abs(dir, d))
			if err != nil {
				return c.errAt("seeding: "+err.Error(), "seeding", i)
			}
			if rank >= len(order) || (c.Qualifiers > 0 && rank >= c.Qualifiers) {
				continue
			}
			more = true
			k := c.botIndex(order[rank])
			if k < 0 {
				return c.errAt(fmt.Sprintf("seeding: %s qualifies from %s but is not in bots: add it there", order[rank], d), "seeding", i)
			}
			seeded = append(seeded, c.Bots[k])
		}
		if !more {
			break
		}
	}
	if c.Qualifiers == 0 && len(seeded) != len(c.Bots) {
		for _, b := range c.Bots {
			if !slices.ContainsFunc(seeded, func(s BotConfig) bool { return s.Name == b.Name }) {
				return c.errAt(fmt.Sprintf("seeding: bot %q is in no standings of seeding: remove it from bots, or set qualifiers", b.Name), "seeding")
			}
		}
	}
	if len(seeded) < 2 {
		return c.errAt(fmt.Sprintf("seeding: only %d bot qualifies, a knockout needs 2 or more", len(seeded)), "seeding")
	}
	c.Bots, c.Seeding, c.Qualifiers = seeded, nil, 0
	return nil
}

// completeTies fills in and checks the keys of a tie (see tie.go):
// games_per_tie and tiebreak_boards.
func (c *Config) completeTies() error {
	if c.GamesPerTie == 0 {
		c.GamesPerTie = defaultGamesPerTie // 0 or no key: the default
	}
	if err := atLeast("games_per_tie", c.GamesPerTie, 1); err != nil {
		return c.errAt("games_per_tie: "+err.Error(), "games_per_tie")
	}
	if c.TiebreakBoards == nil {
		c.TiebreakBoards = new(int)
		*c.TiebreakBoards = defaultTiebreakBoards
	}
	if err := atLeast("tiebreak_boards", c.tiebreaks(), 0); err != nil {
		return c.errAt("tiebreak_boards: "+err.Error(), "tiebreak_boards")
	}
	if c.GamesPerTie+c.tiebreaks() > maxTieBoards {
		return c.errAt(fmt.Sprintf("games_per_tie + tiebreak_boards: want %d boards a tie at most, got %d", maxTieBoards, c.GamesPerTie+c.tiebreaks()), "games_per_tie")
	}
	return nil
}

// tiebreaks returns the tie-break boards of a tie: 0 when not set.
func (c *Config) tiebreaks() int {
	if c.TiebreakBoards == nil {
		return 0
	}
	return *c.TiebreakBoards
}

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
	switch c.Tournament {
	case Gauntlet:
		return gauntlet(c)
	case Swiss:
		return newSwiss(c, byID(played)).games
	case Knockout:
		return newKnockout(c, byID(played)).games
	}
	return roundRobin(c)
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
	names := make([]string, len(c.Bots))
	for i, b := range c.Bots {
		names[i] = b.Name
	}
	switch c.Tournament {
	case Swiss:
		s := newSwiss(c, byID(main))
		byes := map[string]int{}
		for _, b := range s.byes {
			byes[c.Bots[b].Name]++
		}
		return results.ComputeSwiss(main, names, c.Scoring, byes)
	case Knockout:
		return results.ComputeKnockout(main, names, c.Scoring, newKnockout(c, byID(main)).bracket)
	}
	return results.Compute(main, names, c.Scoring)
}

// Total returns the number of games the league plays: for a knockout, the
// least, without tie-break boards; a playoff's games are not counted.
func Total(c *Config) int {
	n := len(c.Bots)
	switch c.Tournament {
	case Gauntlet:
		k := len(c.Challengers)
		return c.Rounds * 2 * k * (n - k)
	case Swiss:
		return c.Rounds * 2 * (n / 2)
	case Knockout:
		return (n - 1) * 2 * c.GamesPerTie
	}
	return c.Rounds * n * (n - 1)
}

// byID maps games by their id in the schedule (ScheduledID).
func byID(games []results.Entry) map[string]results.Entry {
	m := make(map[string]results.Entry, len(games))
	for _, g := range games {
		m[ScheduledID(g)] = g
	}
	return m
}

// pairGames returns the two games of bots a and b on one board, a white in
// the first; id makes a game's id from its white and black names, as
// idPart writes them.
func pairGames(c *Config, round int, seed uint64, a, b int, id func(white, black string) string) [2]Scheduled {
	var out [2]Scheduled
	for k, p := range [2][2]int{{a, b}, {b, a}} {
		out[k] = Scheduled{ID: id(idPart(c.Bots[p[0]].Name), idPart(c.Bots[p[1]].Name)), Round: round, Seed: seed, White: p[0], Black: p[1]}
	}
	return out
}

// roundID makes the id of a game of round r: "03-greedy-random".
func roundID(r int) func(white, black string) string {
	return func(white, black string) string { return fmt.Sprintf("%02d-%s-%s", r, white, black) }
}

// gauntlet returns the games of a gauntlet: as a round robin's, each
// challenger (in the order of challengers) against every bot that is not
// one (in the order of bots), the challenger white in the first game of a
// pair.
func gauntlet(c *Config) []Scheduled {
	var games []Scheduled
	for r := 1; r <= c.Rounds; r++ {
		seed := referee.RoundSeed(c.Seed, r)
		for _, name := range c.Challengers {
			i := c.botIndex(name)
			for j, b := range c.Bots {
				if !slices.Contains(c.Challengers, b.Name) {
					p := pairGames(c, r, seed, i, j, roundID(r))
					games = append(games, p[:]...)
				}
			}
		}
	}
	return games
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
