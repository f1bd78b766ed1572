package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/arenabots/arena/arena/botkind"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/conformance"
	"github.com/arenabots/arena/host/registry"
	"github.com/arenabots/arena/host/scaffold"
)

// newBotNewCmd is `arena bot new NAME`.
func newBotNewCmd() *cobra.Command {
	var lang, dir, sdk string
	cmd := &cobra.Command{
		Use:   "new NAME [--lang go|c|python|rust|js|lisp] [--dir DIR]",
		Short: "Start a bot project from an example, build it and check it",
		Long: `New writes a ready bot project named NAME in DIR (default ./NAME) from one of
arena's example bots, builds it, runs the checks of 'arena bot check' on it and
prints the commands that come next.

  go      main.go, the smallest Go bot, as a module of its own. The SDK's module
          path is not fetchable, so its go.mod replaces it with a copy of the
          SDK's sources that arena carries, written in DIR/arena-sdk, or with
          the arena source tree --sdk DIR (e.g. a clone you work on). Building
          it needs the go command; the modules the SDK uses come from the Go
          module proxy, or from the module cache.
  c       NAME.c, built with cc;
  python  NAME.py, standard library only (python3);
  rust    NAME.rs, standard library only, built with rustc;
  js      NAME.js, JavaScript with Node's standard library only (node):
          bots of the line protocol (docs/protocol.md), one line of text per
          message on stdin and stdout, that play the first legal move in
          every game: run as lines:PATH, protocol: lines in a league.
  lisp    jogo.lisp and the rules it loads, for the Lisp adapter (needs sbcl).

A Python bot of the gRPC protocol is in arena's repository,
bots/examples/python.`,
		Args: nArgs("NAME"),
		RunE: func(c *cobra.Command, args []string) error {
			name := args[0]
			if err := registry.CheckName(name); err != nil {
				return usage(err)
			}
			if dir == "" {
				dir = name
			}
			l := scaffold.Lang(lang)
			if !slices.Contains(scaffold.Langs(), l) {
				return usage(fmt.Errorf("--lang %q: want %s", lang, langNames()))
			}
			if l == scaffold.Go && sdk != "" {
				if err := scaffold.CheckSDK(sdk); err != nil {
					return usage(err)
				}
			}
			p, err := scaffold.Write(dir, name, l, sdk)
			if errors.Is(err, scaffold.ErrNotEmpty) {
				return usage(err)
			}
			if err != nil {
				return err
			}
			out := c.OutOrStdout()
			fmt.Fprintf(out, "wrote a %s bot in %s\n", l, shown(p.Dir))
			if err := p.Build(c.Context()); err != nil {
				return err
			}
			self, err := host.Self()
			if err != nil {
				return err
			}
			bot, err := botkind.Scaffolded(p)
			if err != nil {
				return err
			}
			spec := bot.Spec(self, bot.DefaultName(), games.Default)
			if err := runChecks(c.Context(), out, shown(p.Bot), "", spec, conformance.Options{}); err != nil {
				return err
			}
			return printNext(out, p, bot)
		},
	}
	f := cmd.Flags()
	f.StringVar(&lang, "lang", "go", "the bot's language: "+langNames())
	f.StringVar(&dir, "dir", "", "the project's folder (default ./NAME); it must not exist or be empty")
	f.StringVar(&sdk, "sdk", "", "build a Go bot against the arena source tree `DIR` (default: the SDK's copy)")
	return cmd
}

// printNext writes the commands that come after `arena bot new` for p,
// whose bot is bot: each names the bot in its form on the command line,
// and its league entry is the one a league file holds.
func printNext(w io.Writer, p *scaffold.Project, bot botkind.Ref) error {
	cwd, _ := os.Getwd() // without it, paths show in full
	form := bot.Form(cwd)
	entry, err := bot.LeagueEntry(p.Name, cwd)
	if err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("\nnext:\n")
	if p.Rebuild != "" {
		fmt.Fprintf(&b, "  edit %s, then build it again: (cd %s && %s)\n", shown(p.Source), shown(p.Dir), p.Rebuild)
	} else {
		fmt.Fprintf(&b, "  edit %s, then check it again:\n", shown(p.Source))
	}
	fmt.Fprintf(&b, "  arena bot check %s\n", form)
	if p.EveryGame {
		fmt.Fprintf(&b, "  arena bot check --game GAME %s\n    (GAME: %s)\n", form, strings.Join(games.Names(), ", "))
	}
	fmt.Fprintf(&b, "  arena play --white %s --black builtin:greedy\n", form)
	if reg, ok := bot.AsRegistered(p.Name); ok {
		registered, err := reg.LeagueEntry(p.Name, cwd)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "  arena bot add %s %s   # then %s in a league\n", p.Name, form, registered)
	}
	fmt.Fprintf(&b, "  league entry (paths are relative to the league file):\n    - %s\n", entry)
	return printWrapped(w, "      ", b.String())
}

// langNames lists the languages of `bot new` as a user reads them: "go, c,
// ... or lisp".
func langNames() string {
	var names []string
	for _, l := range scaffold.Langs() {
		names = append(names, string(l))
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// shown returns path relative to the current directory when it lies under
// it, for commands a user can paste.
func shown(path string) string {
	cwd, _ := os.Getwd() // without it, the path shows in full
	return shownPath(cwd, path)
}
