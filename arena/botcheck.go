package arena

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/arenabots/arena/bots/builtin"
	"github.com/arenabots/arena/bots/host"
	"github.com/arenabots/arena/bots/host/registry"
	"github.com/arenabots/arena/bots/lisp"
)

// BotsError is the Runner's refusal to start a league some of whose bots
// cannot start, under the default missing_bots: refuse.
type BotsError struct {
	File     string  // the league file
	Problems []error // from checkBots, one per bot
}

func (e *BotsError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "league not started: not every bot can start; fix those below, or set `missing_bots: forfeit` in %s to play their games as forfeits (reason start):", e.File)
	for _, p := range e.Problems {
		b.WriteString("\n  " + p.Error())
	}
	return b.String()
}

// checkBots returns, for every bot of the league that cannot start as
// configured, one *ConfigError at its entry naming the bot, the problem and
// the fix: the binary of a path or registered bot is missing or not
// executable, a registered binary's sha256 is no longer the registered one,
// a Lisp bot's file is missing, or the sandboxed bot of arena run as root
// could not reach its files (see host.Spec.CheckOpen). Built-in bots
// always start. The Runner calls it before the first game.
func (c *Config) checkBots() []error {
	var problems []error
	for i, b := range c.Bots {
		var msg string
		switch {
		case b.Registered != "":
			msg = c.checkRegistered(b)
		case b.Path != "":
			if err := host.CheckExecutable(b.Path); err != nil {
				msg = fmt.Sprintf("bot %q: %v: %s", b.Name, err, c.pathFix(i))
			}
		case b.Lisp != nil:
			for _, f := range b.Lisp.Files {
				if _, err := os.Stat(f); err != nil {
					msg = fmt.Sprintf("bot %q: no Lisp file %s: fix lisp.files or restore the file", b.Name, f)
					break
				}
			}
			if st, err := os.Stat(b.Lisp.Root); msg == "" && b.Lisp.Root != "" && (err != nil || !st.IsDir()) {
				msg = fmt.Sprintf("bot %q: no folder %s: fix lisp.root (the submission's folder) or leave it out", b.Name, b.Lisp.Root)
			}
		}
		if msg == "" && b.Builtin == "" {
			spec := host.ExecSpec("", b.Path, nil)
			if b.Lisp != nil {
				spec = lisp.Spec("", b.Name, *b.Lisp)
			}
			spec.Sandbox = c.Sandbox
			if err := spec.CheckOpen(); err != nil {
				msg = fmt.Sprintf("bot %q: %v (or `sandbox: off`)", b.Name, err)
			}
		}
		if msg != "" {
			problems = append(problems, c.errAt(msg, "bots", i))
		}
	}
	return problems
}

// pathFix is the fix for bot i, whose path names no executable: the
// built-in or registered bot of that name when the path is a bare name
// that names one (`path: greedy` for `builtin: greedy`), else to fix the
// path or build the bot.
func (c *Config) pathFix(i int) string {
	const fix = "fix the path or build the bot"
	n := find(c.root, "bots", i, "path")
	if n == nil || filepath.Base(n.Value) != n.Value || fileExists(c.Bots[i].Path) {
		return fix
	}
	if _, err := builtin.Lookup(n.Value); err == nil {
		return fmt.Sprintf("did you mean `builtin: %s`?", n.Value)
	}
	if reg, err := registry.Load(c.Registry); err == nil {
		if _, ok := reg.Lookup(n.Value); ok {
			return fmt.Sprintf("did you mean `registered: %s` (from %s)?", n.Value, relPath(c.Registry))
		}
	}
	return fix
}

// fileExists reports whether anything is at path.
func fileExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// checkRegistered says what keeps registered bot b from starting, or "".
func (c *Config) checkRegistered(b BotConfig) string {
	again := fmt.Sprintf("arena bot add --registry %s %s", relPath(c.Registry), b.Registered)
	who := fmt.Sprintf("bot %q (registered %q)", b.Name, b.Registered)
	if err := host.CheckExecutable(b.Path); err != nil {
		return fmt.Sprintf("%s: %v: rebuild it there, or register it where it is now with '%s PATH'", who, err, again)
	}
	err := registry.Registered{Name: b.Registered, Path: b.Path, SHA256: b.SHA256}.Verify()
	var changed *registry.ChangedError
	if errors.As(err, &changed) {
		changed.Path, changed.Registry = relPath(b.Path), relPath(c.Registry)
	}
	if err != nil {
		return fmt.Sprintf("%s: %v", who, err)
	}
	return ""
}
