package tournament

import (
	"slices"

	"github.com/arenabots/arena/results"
)

// Settings are the keys of a league file that choose its tournament and
// shape it: format, and the keys of the kinds of tournament. A league file
// holds them inline, where they stand in the file (and in its hash); a
// kind of tournament with a key of its own adds a field here.
type Settings struct {
	// Tournament is the kind of tournament: RoundRobin when the file
	// names none.
	Tournament     Name     `yaml:"format" json:"Format,omitempty"` // the hash's name
	Challengers    []string `yaml:"challengers,omitempty" json:",omitempty"`
	Seeding        []string `yaml:"seeding,omitempty" json:",omitempty"`
	Qualifiers     int      `yaml:"qualifiers,omitempty" json:",omitempty"`
	GamesPerTie    int      `yaml:"games_per_tie,omitempty" json:",omitempty"`
	TiebreakBoards *int     `yaml:"tiebreak_boards,omitempty" json:",omitempty"` // nil: no key (0 is a value)
	// Tiebreak is what becomes of bots level on every key of the
	// standings: TiebreakTied or TiebreakPlayoff (see playoff.go).
	Tiebreak string `yaml:"tiebreak,omitempty" json:",omitempty"`
}

// A League is what a tournament knows of a league: its bots in seed
// order, its board seed, rounds, scoring, SPRT and Settings, and, while
// Complete checks it, where the league file is and how to point at its
// keys. The league file hands one over (and takes back what Complete
// resolved); a tournament never sees the file itself.
type League struct {
	Bots    []Bot
	Seed    uint64
	Rounds  int // 0 in a knockout
	Scoring results.Scoring
	SPRT    *results.SPRT // nil: no sprt key (see sprt.go)
	Clock   string        // the clock the games are charged on, as the standings say it
	Settings

	// Dir is the league file's folder, an absolute path: seeding's paths
	// are relative to it.
	Dir string
	// ErrAt returns the error msg at the line of the league file's key
	// at path ("challengers", 2); Has reports whether the file has it.
	// Only Complete calls them.
	ErrAt func(msg string, path ...any) error
	Has   func(path ...any) bool
}

// Bot is a bot of a League.
type Bot struct {
	Name    string
	Display string   // the name the standings show; empty: Name
	Rating  *float64 // a rating from elsewhere, which seeds; nil: none
}

// kind returns the league's kind of tournament; l is complete, so it is
// in the table.
func (l *League) kind() Tournament {
	if t := lookup(l.Tournament); t != nil {
		return t
	}
	return tournaments[0] // a league not yet completed: the default
}

// Traits returns the traits of the league's kind of tournament.
func (l *League) Traits() Traits { return l.kind().Traits() }

// playoff reports whether the league decides level bots by a playoff.
func (l *League) playoff() bool { return l.Tiebreak == TiebreakPlayoff }

// names returns the names of the league's bots, in order.
func (l *League) names() []string {
	out := make([]string, len(l.Bots))
	for i, b := range l.Bots {
		out[i] = b.Name
	}
	return out
}

// botIndex returns the index of the bot named name, or -1.
func (l *League) botIndex(name string) int {
	return slices.IndexFunc(l.Bots, func(b Bot) bool { return b.Name == name })
}

// displays returns the display name of each bot that has one, by name.
func (l *League) displays() map[string]string {
	d := map[string]string{}
	for _, b := range l.Bots {
		if b.Display != "" {
			d[b.Name] = b.Display
		}
	}
	return d
}

// seedByRating puts the bots in the order of their ratings, the highest
// first, those without one after them, each group in the order of the
// bots list: the seed order of a tournament that seeds (a knockout's
// bracket, a Swiss's first round). Without ratings the order stays the
// bots list's.
func (l *League) seedByRating() {
	slices.SortStableFunc(l.Bots, func(a, b Bot) int { return results.CompareRatings(a.Rating, b.Rating) })
}

// ratings returns the rating of each bot that has one, by name.
func (l *League) ratings() map[string]float64 {
	r := map[string]float64{}
	for _, b := range l.Bots {
		if b.Rating != nil {
			r[b.Name] = *b.Rating
		}
	}
	return r
}
