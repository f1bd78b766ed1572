package main

import (
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/web"
)

// leagueBot is a bot of a served league, as its league starts it.
type leagueBot struct {
	config *league.Config
	bot    league.BotConfig
}

// servedBots are the bots of the served leagues that a person may play.
type servedBots struct {
	names   []string             // in the leagues' order
	bots    map[string]leagueBot // by name
	display map[string]string    // their display names, where they have one
}

// leagueBots returns the bots of leagues that play game, from each
// league's recorded config (arena.OpenResults): built-in, path, registered
// and Lisp bots alike. A name already taken by an earlier league keeps
// that league's bot.
func leagueBots(leagues []*web.League, game string) servedBots {
	out := servedBots{bots: map[string]leagueBot{}, display: map[string]string{}}
	for _, l := range leagues {
		c := l.Info().Config
		if c == nil || c.GameName != game {
			continue
		}
		display := c.Displays()
		for _, b := range c.Bots {
			if _, taken := out.bots[b.Name]; taken || b.Name == web.Human {
				continue
			}
			if _, err := b.Kind(); err != nil {
				continue // a recorded config read without Load's checks
			}
			out.names = append(out.names, b.Name)
			out.bots[b.Name] = leagueBot{config: c, bot: b}
			if d := display[b.Name]; d != "" {
				out.display[b.Name] = d
			}
		}
	}
	return out
}

// playLang is the language of the play page: the first served league's.
func playLang(leagues []*web.League) string {
	if len(leagues) == 0 {
		return ""
	}
	return leagues[0].Info().Lang
}
