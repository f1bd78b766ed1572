package league

import (
	"time"

	"github.com/arenabots/arena/host"
)

// BotSpec returns how the league starts its bot b through self (arena's
// executable): b's kind's spec with the league's start timeout, limits,
// pondering and sandbox. Whoever else plays a league's bot (a person on
// the page, arena serve --play) starts it so.
func (c *Config) BotSpec(self string, b BotConfig) host.Spec {
	s := b.Spec(self, b.Name, c.GameName)
	// A Lisp bot loads its files before the handshake: it keeps the
	// adapter's longer start timeout unless the league asks for more.
	s.StartTimeout = max(s.StartTimeout, time.Duration(c.StartTimeout)*time.Millisecond)
	s.Limits = host.Limits{MemoryMB: c.Limits.MemoryMB, Processes: c.Limits.Processes, OutputBytes: c.Limits.OutputKB * 1024, ScratchMB: c.Limits.ScratchMB}
	s.Ponder = c.Ponder
	s.Sandbox = c.Sandbox
	return s
}

// Preflight returns, for every bot of the league that cannot start as
// configured, one *ConfigError at its entry naming the bot, the problem and
// the fix (see botkind.Ref.Preflight). The Runner calls it before the first
// game.
func (c *Config) Preflight() []error {
	var problems []error
	for i, b := range c.Bots {
		if msg := b.Preflight(b.Name, c.Registry, c.Sandbox); msg != "" {
			problems = append(problems, c.errAt(msg, "bots", i))
		}
	}
	return problems
}
