package arena

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/arenabots/arena/results"
)

// A Format is one kind of tournament, the value of a league's format key:
// which keys it takes, who meets whom in which rounds, and how its standings
// read. Each format is a file of its own (roundrobin.go, gauntlet.go,
// swiss.go, knockout.go) and a line of formats; nothing outside this
// package decides by format (docs/formats.md).
type Format interface {
	// Name is the format key's value, e.g. "swiss".
	Name() Tournament
	// Noun is what the messages call a league of the format, e.g. "Swiss".
	Noun() string
	// Keys lists the league keys that only this format takes.
	Keys() []FormatKey
	// Traits says what the rest of a league needs to know of the format.
	Traits() Traits
	// Complete checks the format's keys of c and resolves what the league
	// needs of them before its hash is taken (a knockout's seeding); dir
	// is the league file's folder.
	Complete(c *Config, dir string) error
	// Schedule returns the games of the league's main event (its playoffs
	// left out) known once the games of played, by id, are over: a pure
	// function of the config and the results.
	Schedule(c *Config, played map[string]results.Entry) []Scheduled
	// Standings returns the standings of main, the games of the main
	// event, in the format's view.
	Standings(c *Config, main []results.Entry) results.Standings
	// Total returns the number of games the main event plays: the least,
	// where results may add games.
	Total(c *Config) int
	// WriteNotes writes what a reader of the schedule needs beside it (a
	// Swiss's rounds paired and byes, a knockout's bracket), or nothing;
	// games is the schedule and played the games played so far.
	WriteNotes(w io.Writer, c *Config, games []Scheduled, played []results.Entry) error
}

// FormatKey is a league key that only one format takes.
type FormatKey struct {
	Key string
	// Tie marks a key of a tie (see tie.go), which a playoff takes too.
	Tie bool
	// doc says what the key wants, entry what an entry of its list wants
	// (see keyDoc).
	doc, entry keyDoc
}

// formatKeyDoc returns the doc of key, a format's key or, "KEY entry", an
// entry of one.
func formatKeyDoc(key string) (keyDoc, bool) {
	for _, f := range formats {
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

// Traits are what a league's other parts need to know of its format.
type Traits struct {
	// PairsOnResults: who meets whom depends on the results (a Swiss, a
	// knockout), so the order of the bots is its seeding and games played
	// by bots that changed cannot be kept.
	PairsOnResults bool
	// DecidesTies: the format decides level bots itself, so a league of it
	// takes no tiebreak: playoff.
	DecidesTies bool
	// TwoBotMatch: a league of two bots of this format is a match, which
	// an SPRT can decide.
	TwoBotMatch bool
}

// formats is the table of formats, the default first.
var formats = []Format{roundRobinFormat{}, gauntletFormat{}, knockoutFormat{}, swissFormat{}}

// Formats returns the names of the formats, the default first.
func Formats() []Tournament {
	names := make([]Tournament, len(formats))
	for i, f := range formats {
		names[i] = f.Name()
	}
	return names
}

// lookupFormat returns the format named name, or nil.
func lookupFormat(name Tournament) Format {
	i := slices.IndexFunc(formats, func(f Format) bool { return f.Name() == name })
	if i < 0 {
		return nil
	}
	return formats[i]
}

// format returns the league's format; c is complete, so it is in the table.
func (c *Config) format() Format {
	if f := lookupFormat(c.Tournament); f != nil {
		return f
	}
	return formats[0] // a config not yet completed: the default
}

// completeFormat checks the tournament (format:) and its keys, then lets the
// format check and resolve its own (see Format.Complete).
func (c *Config) completeFormat(dir string) error {
	if c.Tournament == "" {
		c.Tournament = formats[0].Name()
	}
	f := lookupFormat(c.Tournament)
	if f == nil {
		return c.errAt(fmt.Sprintf("format is %q: want %s", c.Tournament, formatList()), "format")
	}
	if err := c.completeTiebreak(); err != nil {
		return err
	}
	for _, other := range formats {
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

// formatNouns lists, for a message, the nouns of the formats that have
// the trait has: "a round robin, a gauntlet or a Swiss".
func formatNouns(has func(Traits) bool) string {
	var nouns []string
	for _, f := range formats {
		if has(f.Traits()) {
			nouns = append(nouns, "a "+f.Noun())
		}
	}
	return orList(nouns)
}

// formatList lists the formats' names for a message: "a, b, c or d".
func formatList() string {
	names := make([]string, len(formats))
	for i, f := range formats {
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
// games (see Format.WriteNotes), and the playoffs decided so far.
func WriteScheduleNotes(w io.Writer, c *Config, games []Scheduled, played []results.Entry) error {
	if err := c.format().WriteNotes(w, c, games, played); err != nil {
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
