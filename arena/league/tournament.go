package league

import "github.com/arenabots/arena/arena/tournament"

// League returns the league as its tournament sees it (package
// tournament): the bots in the order of Bots, with their display names
// shown inert and their ratings, the seed, rounds, scoring, SPRT, clock and
// the tournament's Settings.
func (c *Config) League() *tournament.League {
	l := &tournament.League{Seed: c.Seed, Rounds: c.Rounds, Scoring: c.Scoring, SPRT: c.SPRT, Clock: c.Clock, Settings: c.Settings}
	l.Bots = make([]tournament.Bot, len(c.Bots))
	display := c.Displays()
	for i, b := range c.Bots {
		l.Bots[i] = tournament.Bot{Name: b.Name, Display: display[b.Name], Rating: b.Rating}
	}
	return l
}

// completeTournament lets the league's tournament check and complete its
// keys and the SPRT (tournament.Complete), then takes back what it
// resolved: the bots in seed order (a knockout's seeding may leave some
// out), the rounds and the tournament's Settings.
func (c *Config) completeTournament(dir string) error {
	l := c.League()
	l.Dir = dir
	l.ErrAt = c.errAt
	l.Has = func(path ...any) bool { return find(c.root, path...) != nil }
	if err := tournament.Complete(l); err != nil {
		return err
	}
	bots := make([]BotConfig, len(l.Bots))
	for i, b := range l.Bots {
		bots[i] = c.Bots[c.botIndex(b.Name)]
	}
	c.Bots, c.Rounds, c.Settings = bots, l.Rounds, l.Settings
	return nil
}
