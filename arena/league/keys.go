package league

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/arenabots/arena/arena/tournament"
)

// Hash identifies the resolved config: everything but concurrency, the
// output directory, the sandbox, the title and the bots' display names,
// the bots' absolute paths included; the clock is in it, since it changes
// verdicts. It names a league on a queue, and results recorded before
// Keys resume under it (but see AdoptRecordedClock); a league resumes by
// its Keys, which hold no path (see package arena's resume).
func (c *Config) Hash() string {
	d := *c
	d.Concurrency, d.Out, d.Registry = 0, "", ""
	if d.Tournament == tournament.RoundRobin {
		d.Tournament = "" // the hash of a league from before tournaments
	}
	if d.Tiebreak == tournament.TiebreakTied {
		d.Tiebreak = "" // the hash of a league from before playoffs
	}
	if d.Clock == ClockWall {
		d.Clock = "" // the hash of a league from before clocks, played on the wall clock
	}
	return shortHash(d)
}

// Keys is what decides a league's games, split so that a late hand-in
// replays only its own games: League covers what every game shares (the
// game and its options, the seed, rounds, tempo or clock, the tournament (format:), the
// policies, the limits: every key of the config but the bots, the
// challengers and the keys not in Hash), and Bots holds each bot's own key
// by name. A game of the journal stays valid while League and the keys of
// its two bots are unchanged. No key holds an absolute path: a bot's files
// count by their contents, so a league moved to another folder keeps its
// games. A key of the config added later is in League unless it is a
// bot's, which is in that bot's Settings.
type Keys struct {
	League string            `yaml:"league"`
	Bots   map[string]BotKey `yaml:"bots"`
}

// BotKey is one bot's part of Keys: its code and its settings, apart, so
// that arena can say which of them changed.
type BotKey struct {
	// Code is the hash of what the bot runs, every file its sandbox lets
	// it read: a registered bot's sha256, an executable's contents (and a
	// script's folder), a Lisp bot's files, reads, root folder and its
	// files' folders, with where each symbolic link there leads;
	// "builtin" for a built-in bot (arena's own code) and "missing" for
	// files that are not there.
	Code string `yaml:"code"`
	// Settings is the hash of the rest of its entry but its name, display
	// and restart: its kind, options, args, env, protocol, Lisp settings,
	// with a Lisp bot's paths relative to its root.
	Settings string `yaml:"settings"`
}

// Keys returns the league's keys. A bot's Code reads its files.
func (c *Config) Keys() Keys {
	k := Keys{League: c.LeagueKey(), Bots: make(map[string]BotKey, len(c.Bots))}
	for _, b := range c.Bots {
		k.Bots[b.Name] = BotKey{Code: b.CodeKey(c.Out), Settings: b.settingsKey()}
	}
	return k
}

// LeagueKey is the hash of the config without its bots' entries: see Keys.
func (c *Config) LeagueKey() string {
	d := *c
	d.Concurrency, d.Out, d.Registry = 0, "", ""
	d.Bots, d.Challengers = nil, nil
	if d.Clock == ClockWall {
		d.Clock = "" // as a config recorded before clocks, played on the wall clock
	}
	if c.SPRT != nil {
		// An SPRT match tests its first bot against the second: the
		// order of the two is the league's.
		for _, b := range c.Bots {
			d.Challengers = append(d.Challengers, b.Name)
		}
	}
	return shortHash(d)
}

// settingsKey is the hash of b's entry without its name, display, restart
// and what its code key covers (botkind.Ref.Settings): see
// BotKey.Settings.
func (b BotConfig) settingsKey() string {
	d := b
	d.Name, d.Display, d.Restart = "", "", ""
	d.Ref = b.Ref.Settings()
	return shortHash(d)
}

// shortHash returns the first 8 bytes of the sha256 of v's JSON, in hex.
func shortHash(v any) string {
	data, _ := json.Marshal(v) // configs always marshal
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}
