package tournament

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/arenabots/arena/results"
)

// A Tournament is one kind of tournament, named by a league's format key:
// which keys it takes, who meets whom in which rounds, and how its standings
// read. Each is a file of its own (roundrobin.go, gauntlet.go, swiss.go,
// knockout.go) and a line of tournaments; nothing outside this package
// decides by the kind of tournament (docs/formats.md).
type Tournament interface {
	// Name is the format key's value, e.g. "swiss".
	Name() Name
	// Noun is what messages call a league of the kind, e.g. "Swiss".
	Noun() string
	// Keys lists the league keys that only this kind takes.
	Keys() []Key
	// Traits says what the rest of a league needs to know of the kind.
	Traits() Traits
	// Complete checks the kind's keys of l and resolves what the league
	// needs of them before its hash is taken (a knockout's seeding).
	Complete(l *League) error
	// Schedule returns the games of the league's main event (its playoffs
	// left out) known once the games of played, by id, are over: a pure
	// function of the config and the results.
	Schedule(l *League, played map[string]results.Entry) []Scheduled
	// Standings returns the standings of main, the games of the main
	// event, in the kind's view.
	Standings(l *League, main []results.Entry) results.Standings
	// Total returns the number of games the main event plays: the least,
	// where results may add games.
	Total(l *League) int
	// WriteNotes writes what a reader of the schedule needs beside it (a
	// Swiss's rounds paired and byes, a knockout's bracket), or nothing;
	// games is the schedule and played the games played so far.
	WriteNotes(w io.Writer, l *League, games []Scheduled, played []results.Entry) error
}

// Key is a league key that only one kind of tournament takes.
type Key struct {
	Name string
	// Tie marks a key of a tie (see tie.go), which a playoff takes too.
	Tie bool
	// Doc says what the key wants, Entry what an entry of its list wants
	// (none for a key that is not a list).
	Doc, Entry Doc
}

// Doc says what a key wants, for the message about a wrong value.
type Doc struct {
	Want    string // what the value must be
	Example string // a right line, key included
}

// KeyDoc returns the doc of key: format, a tournament's key or, "KEY
// entry", an entry of one.
func KeyDoc(key string) (Doc, bool) {
	if key == "format" {
		return Doc{list(), "format: swiss"}, true
	}
	for _, t := range tournaments {
		for _, k := range t.Keys() {
			switch key {
			case k.Name:
				return k.Doc, true
			case k.Name + " entry":
				return k.Entry, k.Entry != (Doc{})
			}
		}
	}
	return Doc{}, false
}

// AtLeast checks v, the value of the integer key d documents, against
// the lowest value the key allows: the error says what the key wants.
// The league file's keys are checked by it too.
func (d Doc) AtLeast(v, lowest int) error {
	if v >= lowest {
		return nil
	}
	return fmt.Errorf("want %s, %d or more, got %d", d.Want, lowest, v)
}

// atLeast checks the value v of the integer key, one of the tournaments',
// against the lowest value the key allows, in the words of its KeyDoc.
func atLeast(key string, v, lowest int) error {
	d, _ := KeyDoc(key)
	return d.AtLeast(v, lowest)
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

// lookup returns the kind of tournament named name, or nil.
func lookup(name Name) Tournament {
	i := slices.IndexFunc(tournaments, func(t Tournament) bool { return t.Name() == name })
	if i < 0 {
		return nil
	}
	return tournaments[i]
}

// Complete checks the league's tournament (format:) and its keys, lets
// the tournament check and resolve its own (see Tournament.Complete), then
// checks the SPRT (see sprt.go). It fills in the defaults and may reorder
// and choose the bots (seeding) and set the rounds: the league file takes
// back l's Bots, Rounds and Settings.
func Complete(l *League) error {
	if l.Tournament == "" {
		l.Tournament = tournaments[0].Name()
	}
	f := lookup(l.Tournament)
	if f == nil {
		return l.ErrAt(fmt.Sprintf("format is %q: want %s", l.Tournament, list()), "format")
	}
	if err := l.completeTiebreak(); err != nil {
		return err
	}
	for _, other := range tournaments {
		if other == f {
			continue
		}
		for _, k := range other.Keys() {
			if !l.Has(k.Name) || k.Tie && l.playoff() {
				continue
			}
			also := ""
			if k.Tie {
				also = " (or of tiebreak: playoff)"
			}
			return l.ErrAt(fmt.Sprintf("%s is a key of format: %s%s, and this league's format is %s: remove it or set format: %s", k.Name, other.Name(), also, l.Tournament, other.Name()), k.Name)
		}
	}
	if err := f.Complete(l); err != nil {
		return err
	}
	return l.completeSPRT()
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

// list lists the kinds' names for a message: "a, b, c or d".
func list() string {
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

// WriteNotes writes what a reader of the schedule of l needs beside games
// (see Tournament.WriteNotes), and the playoffs decided so far.
func WriteNotes(w io.Writer, l *League, games []Scheduled, played []results.Entry) error {
	if err := l.kind().WriteNotes(w, l, games, played); err != nil {
		return err
	}
	if !l.playoff() {
		return nil
	}
	ps := Standings(l, played).Playoffs
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

// Name names a kind of tournament: the value of a league's format
// key (docs/formats.md).
type Name string

// Schedule returns the games of the league known once the games of played
// are over: a pure function of the config and the results, so every
// machine computes the same. A round robin or gauntlet knows every game
// from the start; a Swiss knows its rounds up to the first one not yet
// complete, a knockout its ties up to those still playing, a playoff (see
// playoff.go) its ties once the main event is over. The league is over
// when every game Schedule returns is played. Games are listed in the
// order they are to be played; played may hold games of other leagues,
// which are ignored.
func Schedule(l *League, played []results.Entry) []Scheduled {
	games := mainSchedule(l, played)
	if !l.playoff() {
		return games
	}
	st := mainStandings(l, MainGames(l, played))
	return append(games, newPlayoffs(l, st, games, byID(played)).games...)
}

// mainSchedule returns the games of the league's main event, its playoffs
// left out, known once the games of played are over.
func mainSchedule(l *League, played []results.Entry) []Scheduled {
	return l.kind().Schedule(l, byID(played))
}

// Standings returns the standings of the league after games, in its
// tournament's view (a Swiss's tie-breaks and byes, a knockout's bracket), the
// bots its playoffs decided in their order (see playoff.go), with the line
// of its SPRT match when it is one.
func Standings(l *League, games []results.Entry) results.Standings {
	s := tournamentStandings(l, games)
	s.SetDisplay(l.displays())
	s.Clock = l.Clock
	if l.Tournament == Gauntlet {
		for _, b := range l.Challengers {
			s.Challengers = append(s.Challengers, cmp.Or(l.displays()[b], b))
		}
	}
	if m := l.SPRTMatch(); m != nil {
		s.AddSPRT(*m, games)
	}
	return s
}

// tournamentStandings returns the standings of games in the view of l's
// tournament, bots level on every key ordered by their playoff, if the
// league has one, then by their rating keys, if its bots have them.
func tournamentStandings(l *League, games []results.Entry) results.Standings {
	main := MainGames(l, games)
	s := mainStandings(l, main)
	if l.playoff() {
		s.AddPlayoffs(main, newPlayoffs(l, s, mainSchedule(l, main), byID(games)).playoffs)
	}
	s.AddRatings(main, l.ratings())
	return s
}

// mainStandings returns the standings of main, games of the league's main
// event, in the view of l's tournament.
func mainStandings(l *League, main []results.Entry) results.Standings {
	return l.kind().Standings(l, main)
}

// Total returns the number of games the league plays: for a knockout, the
// least, without tie-break boards; a playoff's games are not counted.
func Total(l *League) int { return l.kind().Total(l) }

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
func pairGames(l *League, round int, seed uint64, a, b int, id func(white, black string) string) [2]Scheduled {
	var out [2]Scheduled
	for k, p := range [2][2]int{{a, b}, {b, a}} {
		out[k] = Scheduled{ID: id(idPart(l.Bots[p[0]].Name), idPart(l.Bots[p[1]].Name)), Round: round, Seed: seed, White: p[0], Black: p[1]}
	}
	return out
}

// roundID makes the id of a game of round r: "03-greedy-random".
func roundID(r int) func(white, black string) string {
	return func(white, black string) string { return fmt.Sprintf("%02d-%s-%s", r, white, black) }
}
