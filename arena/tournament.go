package arena

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/results"
)

// A Tournament is one kind of tournament, named by a league's format key:
// which keys it takes, who meets whom in which rounds, and how its standings
// read. Each is a file of its own (roundrobin.go, gauntlet.go, swiss.go,
// knockout.go) and a line of tournaments; nothing outside this package
// decides by the kind of tournament (docs/formats.md).
type Tournament interface {
	// Name is the format key's value, e.g. "swiss".
	Name() TournamentName
	// Noun is what messages call a league of the kind, e.g. "Swiss".
	Noun() string
	// Keys lists the league keys that only this kind takes.
	Keys() []TournamentKey
	// Traits says what the rest of a league needs to know of the kind.
	Traits() Traits
	// Complete checks the kind's keys of c and resolves what the league
	// needs of them before its hash is taken (a knockout's seeding); dir
	// is the league file's folder.
	Complete(c *Config, dir string) error
	// Schedule returns the games of the league's main event (its playoffs
	// left out) known once the games of played, by id, are over: a pure
	// function of the config and the results.
	Schedule(c *Config, played map[string]results.Entry) []Scheduled
	// Standings returns the standings of main, the games of the main
	// event, in the kind's view.
	Standings(c *Config, main []results.Entry) results.Standings
	// Total returns the number of games the main event plays: the least,
	// where results may add games.
	Total(c *Config) int
	// WriteNotes writes what a reader of the schedule needs beside it (a
	// Swiss's rounds paired and byes, a knockout's bracket), or nothing;
	// games is the schedule and played the games played so far.
	WriteNotes(w io.Writer, c *Config, games []Scheduled, played []results.Entry) error
}

// TournamentKey is a league key that only one kind of tournament takes.
type TournamentKey struct {
	Key string
	// Tie marks a key of a tie (see tie.go), which a playoff takes too.
	Tie bool
	// doc says what the key wants, entry what an entry of its list wants
	// (see keyDoc).
	doc, entry keyDoc
}

// tournamentKeyDoc returns the doc of key, a tournament's key or, "KEY entry", an
// entry of one.
func tournamentKeyDoc(key string) (keyDoc, bool) {
	for _, f := range tournaments {
		for _, k := range f.Keys() {
			switch key {
			case k.Key:
				return k.doc, true
			case k.Key + " entry":
				return k.entry, k.entry != (keyDoc{})
			}
		}
	}
	return keyDoc{}, false
}

// Traits are what a league's other parts need to know of its kind of
// tournament.
type Traits struct {
	// PairsOnResults: who meets whom depends on the results (a Swiss, a
	// knockout), so the order of the bots is its seeding and games played
	// by bots that changed cannot be kept.
	PairsOnResults bool
	// DecidesTies: the kind decides level bots itself, so a league of it
	// takes no tiebreak: playoff.
	DecidesTies bool
	// TwoBotMatch: a league of two bots of this kind is a match, which
	// an SPRT can decide.
	TwoBotMatch bool
}

// tournaments is the table of the kinds of tournament, the default first.
var tournaments = []Tournament{roundRobinTournament{}, gauntletTournament{}, knockoutTournament{}, swissTournament{}}

// lookupTournament returns the kind of tournament named name, or nil.
func lookupTournament(name TournamentName) Tournament {
	i := slices.IndexFunc(tournaments, func(t Tournament) bool { return t.Name() == name })
	if i < 0 {
		return nil
	}
	return tournaments[i]
}

// tournament returns the league's kind of tournament; c is complete, so it
// is in the table.
func (c *Config) tournament() Tournament {
	if f := lookupTournament(c.Tournament); f != nil {
		return f
	}
	return tournaments[0] // a config not yet completed: the default
}

// completeTournament checks the tournament (format:) and its keys, then lets
// the tournament check and resolve its own (see Tournament.Complete).
func (c *Config) completeTournament(dir string) error {
	if c.Tournament == "" {
		c.Tournament = tournaments[0].Name()
	}
	f := lookupTournament(c.Tournament)
	if f == nil {
		return c.errAt(fmt.Sprintf("format is %q: want %s", c.Tournament, tournamentList()), "format")
	}
	if err := c.completeTiebreak(); err != nil {
		return err
	}
	for _, other := range tournaments {
		if other == f {
			continue
		}
		for _, k := range other.Keys() {
			if find(c.root, k.Key) == nil || k.Tie && c.playoff() {
				continue
			}
			also := ""
			if k.Tie {
				also = " (or of tiebreak: playoff)"
			}
			return c.errAt(fmt.Sprintf("%s is a key of format: %s%s, and this league's format is %s: remove it or set format: %s", k.Key, other.Name(), also, c.Tournament, other.Name()), k.Key)
		}
	}
	return f.Complete(c, dir)
}

// tournamentNouns lists, for a message, the nouns of the kinds of
// tournament that have the trait has: "a round robin, a gauntlet or a Swiss".
func tournamentNouns(has func(Traits) bool) string {
	var nouns []string
	for _, f := range tournaments {
		if has(f.Traits()) {
			nouns = append(nouns, "a "+f.Noun())
		}
	}
	return orList(nouns)
}

// tournamentList lists the kinds' names for a message: "a, b, c or d".
func tournamentList() string {
	names := make([]string, len(tournaments))
	for i, f := range tournaments {
		names[i] = string(f.Name())
	}
	return orList(names)
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	last := len(words) - 1
	if last <= 0 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:last], ", ") + " or " + words[last]
}

// WriteScheduleNotes writes what a reader of the schedule of c needs beside
// games (see Tournament.WriteNotes), and the playoffs decided so far.
func WriteScheduleNotes(w io.Writer, c *Config, games []Scheduled, played []results.Entry) error {
	if err := c.tournament().WriteNotes(w, c, games, played); err != nil {
		return err
	}
	if !c.playoff() {
		return nil
	}
	ps := Standings(c, played).Playoffs
	if len(ps) > 0 {
		if _, err := fmt.Fprintln(w); err != nil {
			return err
		}
	}
	for _, p := range ps {
		if _, err := fmt.Fprintln(w, p.Summary()); err != nil {
			return err
		}
	}
	return nil
}

// TournamentName names a kind of tournament: the value of a league's format
// key (docs/formats.md).
type TournamentName string

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
	return c.tournament().Schedule(c, byID(played))
}

// Standings returns the standings of the league after games, in its
// tournament's view (a Swiss's tie-breaks and byes, a knockout's bracket), the
// bots its playoffs decided in their order (see playoff.go), with the line
// of its SPRT match when it is one.
func Standings(c *Config, games []results.Entry) results.Standings {
	s := formatStandings(c, games)
	s.SetDisplay(c.Displays())
	s.Clock = c.Clock
	if c.Tournament == Gauntlet {
		for _, b := range c.Challengers {
			s.Challengers = append(s.Challengers, cmp.Or(c.Displays()[b], b))
		}
	}
	if m := c.SPRTMatch(); m != nil {
		s.AddSPRT(*m, games)
	}
	return s
}

// formatStandings returns the standings of games in the view of c's
// format, bots level on every key ordered by their playoff, if the league
// has one, then by their rating keys, if its bots have them.
func formatStandings(c *Config, games []results.Entry) results.Standings {
	main := MainGames(c, games)
	s := mainStandings(c, main)
	if c.playoff() {
		s.AddPlayoffs(main, newPlayoffs(c, s, mainSchedule(c, main), byID(games)).playoffs)
	}
	s.AddRatings(main, c.ratings())
	return s
}

// mainStandings returns the standings of main, games of the league's main
// event, in the view of c's format.
func mainStandings(c *Config, main []results.Entry) results.Standings {
	return c.tournament().Standings(c, main)
}

// Total returns the number of games the league plays: for a knockout, the
// least, without tie-break boards; a playoff's games are not counted.
func Total(c *Config) int { return c.tournament().Total(c) }

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

// Played returns the games of the league's results directory when it
// holds this config's results (the same keys, or, recorded before keys,
// the same hash), else none: what Schedule needs to know a Swiss's or
// knockout's later rounds. Damaged journal lines are skipped.
func (c *Config) Played() ([]results.Entry, error) {
	old, err := readRecord(filepath.Join(c.Out, resultsdir.ConfigFile))
	if err != nil || old == nil {
		return nil, err
	}
	if old.Keys == nil && old.Hash != c.Hash() {
		return nil, nil
	}
	if k := c.Keys(); old.Keys != nil && (old.Keys.League != k.League || !compareBots(old.Keys.Bots, k.Bots, old.names(), c.names()).none()) {
		return nil, nil
	}
	games, _, err := resultsdir.ReadJournal(c.Out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return games, err
}
