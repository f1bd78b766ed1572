package league

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/arenabots/arena/arena/botkind"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/registry"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/internal/inert"
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

// completeBots checks the bots list and resolves paths and registered bots.
func (c *Config) completeBots(dir string) (warnings []error, err error) {
	if len(c.Bots) < 2 {
		return nil, c.errAt(fmt.Sprintf("a league needs at least 2 bots, found %d; add entries like `- {name: greedy, builtin: greedy}`", len(c.Bots)), "bots")
	}
	reg := &botkind.Registry{Path: c.Registry}
	seen := map[string]bool{}
	for i := range c.Bots {
		b := &c.Bots[i]
		if err := registry.CheckName(b.Name); err != nil {
			return nil, c.errAt(err.Error()+" (names appear in file names)", "bots", i)
		}
		if seen[b.Name] {
			return nil, c.errAt(fmt.Sprintf("bot name %q is used twice: names must be unique", b.Name), "bots", i, "name")
		}
		seen[b.Name] = true
		if inert.Line(b.Display) != b.Display {
			return nil, c.errAt(fmt.Sprintf("bot %q: display %s holds control characters: write it on one line, in plain text", b.Name, inert.Line(b.Display)), "bots", i, "display")
		}
		if b.Rating != nil && (math.IsNaN(*b.Rating) || math.IsInf(*b.Rating, 0)) {
			return nil, c.errAt(fmt.Sprintf("bot %q: rating is %v: want a finite number, e.g. rating: 1512.5, or no key", b.Name, *b.Rating), "bots", i, "rating")
		}
		if b.Restart != "" && !slices.Contains(restartValues, b.Restart) {
			return nil, c.errAt(fmt.Sprintf("bot %q: restart is %q: want %q or %q, or no key for the league's (%s)", b.Name, b.Restart, restartValues[0], restartValues[1], c.Restart), "bots", i, "restart")
		}
		if err := b.Resolve(b.Name, dir, reg); err != nil {
			var fe *botkind.FieldError
			if errors.As(err, &fe) && fe.Key != "" {
				return nil, c.errAt(err.Error(), "bots", i, fe.Key)
			}
			return nil, c.errAt(err.Error(), "bots", i)
		}
	}
	return warnings, nil
}

// restartValues are the values of restart, the default first.
var restartValues = []string{"on", "off"}

// Keeps reports whether the league keeps bot i's process running across
// a run's games (restart: off, the bot's own or the league's).
func (c *Config) Keeps(i int) bool {
	return cmp.Or(c.Bots[i].Restart, c.Restart) == "off"
}

// CheckUnsandboxed refuses a league whose file says `sandbox: off` unless
// allow (the person running it said so on the command line): a league
// file may come from elsewhere (a colleague, a class's intake), and only
// the person running arena decides to run bots outside their sandbox.
func (c *Config) CheckUnsandboxed(allow bool) error {
	if c.Sandbox != sandbox.Off || allow {
		return nil
	}
	return c.errAt("sandbox: off runs the bots without their sandbox: arena does so only when told on the command line, with --allow-unsandboxed", "sandbox")
}

// Names returns the names of the league's bots, in order.
func (c *Config) Names() []string {
	out := make([]string, len(c.Bots))
	for i, b := range c.Bots {
		out[i] = b.Name
	}
	return out
}

// Displays returns the display name of each bot that has one, by name,
// shown inert: a recorded config is read without Load's checks.
func (c *Config) Displays() map[string]string {
	d := map[string]string{}
	for _, b := range c.Bots {
		if b.Display != "" {
			d[b.Name] = inert.Line(b.Display)
		}
	}
	return d
}

// botIndex returns the index of the bot named name, or -1.
func (c *Config) botIndex(name string) int {
	return slices.IndexFunc(c.Bots, func(b BotConfig) bool { return b.Name == name })
}
