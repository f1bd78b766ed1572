package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena/botkind"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/lispimage"
	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/conformance"
	"github.com/arenabots/arena/host/registry"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/referee"
)

func newBotCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bot",
		Short: "Check, register and list bots",
	}
	group(cmd)
	cmd.AddCommand(newBotNewCmd(), newBotCheckCmd(), newBotAddCmd(), newBotListCmd(), newBotImagesCmd())
	return cmd
}

// newBotCheckCmd is `arena bot check`.
func newBotCheckCmd() *cobra.Command {
	var (
		args                 []string
		tempo, margin, start int
		charge               string
		seed                 uint64
		verbose, lispMode    bool
		sandbox              sandbox.Mode
		game                 gameFlags
	)
	cmd := &cobra.Command{
		Use:   "check BOT [-- ARGS...] | check --lisp FILE... [KEY=VALUE...]",
		Short: "Check that a bot conforms: handshake, Info, legal answers in time, clean stop",
		Long: `Check runs the conformance checks on a bot, as a course instructor does on a
submission: it starts the bot, checks the handshake and that Info lists --game (default
cavalo), asks for a move in the game's sample positions (Jogo do Cavalo: an opening
after both placements, three midgames and a position where the bot must choose which
double to remove; Dots and Boxes: an opening, a box to take, a box just taken and a late
game), each answer legal and within the clock, and the claimed state right when one is
sent, then stops it and checks that no process is left.

BOT is the path of an executable, builtin:NAME[,KEY=VALUE...] for a built-in bot,
lines:PATH for a program that speaks the line protocol (docs/protocol.md), or
lisp:FOLDER, lisp:ARCHIVE or lisp:FILE,...,KEY=VALUE... for a Common Lisp submission,
as 'arena play' takes them. Arguments for the bot go after -- or in --args.

With --lisp the arguments are a Common Lisp submission: its folder, or its files,
loaded in order. Arena finds what it needs as 'arena intake' does: the game, from
its sources, unless --game says it; the files to load (for a folder), how jogar talks
(probed in its sandbox) and its time base, and prints what it found. Settings given as KEY=VALUE override what would be found (state=,
side=, perspective=, package=, knights=, index_base=, tempo_scale=, root= for the
submission's folder, read= for a file the bot loads itself; see bots/lisp/README.md), e.g.
  arena bot check --lisp entregas/g12/
  arena bot check --lisp g12/jogo.lisp g12/projeto.lisp state=board root=g12

It prints a table of checks and a one-line verdict, and exits 0 only if every check
passes and, for a Lisp submission, arena intake would let it play (the checks of one
that it would not run with the closest settings found, and the verdict is FAIL).`,
		Args: atLeastOne("BOT"),
		RunE: func(c *cobra.Command, pos []string) error {
			self, err := host.Self()
			if err != nil {
				return err
			}
			if tempo <= 0 || margin < 0 {
				return usage(fmt.Errorf("--tempo must be positive and --margin not negative (got %d and %d)", tempo, margin))
			}
			// The game of a Lisp submission's sources, as arena intake finds
			// it; nothing said when they name none (or are not there).
			if lispMode {
				if d := intake.DetectLispGame(pos); d.GameName != "" {
					detectGame(c.OutOrStdout(), &game, c.Flags().Changed("game"), d)
				}
			}
			rules, err := game.rules()
			if err != nil {
				return err
			}
			work, err := os.MkdirTemp("", "arena-lisp-") // a Lisp submission's archive unpacked
			if err != nil {
				return err
			}
			defer os.RemoveAll(work)
			ref, botArgs := pos[0], append(args, pos[1:]...)
			if lispMode { // --lisp WORD...: the words of lisp:WORD,...
				ref, botArgs = botkind.LispPrefix, pos
			}
			env := botEnv(c.OutOrStdout(), self, work, rules, time.Duration(tempo)*time.Millisecond, sandbox)
			env.Lenient = true // a check shows what fails
			// A Lisp bot that intake would not let play fails the check,
			// whatever its rows say: one verdict.
			var cannot string
			env.CannotPlay = func(e *botkind.CannotPlayError) { cannot = e.Reason }
			spec, err := botSpec(c.Context(), ref, botArgs, env)
			if err != nil {
				return err
			}
			if spec.StartTimeout == 0 || c.Flags().Changed("start-timeout") { // a Lisp bot's is longer
				spec.StartTimeout = time.Duration(start) * time.Millisecond
			}
			spec.Verbose = verbose
			if err := checkOpen(spec); err != nil {
				return err
			}
			clock := league.NewClock(tempo, margin, nil, charge)
			return runChecks(c.Context(), c.OutOrStdout(), pos[0], cannot, spec, conformance.Options{Clock: clock, Seed: seed, Game: rules})
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&args, "args", nil, "an argument for the bot (repeat for more)")
	f.IntVar(&tempo, "tempo", 1000, "time budget per move in ms")
	f.IntVar(&margin, "margin", league.DefaultMarginMS, "margin over the budget in ms before a move is late")
	addClockFlag(f, &charge)
	f.IntVar(&start, "start-timeout", 5000, "time to start and complete the handshake in ms")
	f.Uint64Var(&seed, "seed", 1, "board of the opening position")
	f.BoolVarP(&verbose, "verbose", "v", false, "show go-plugin's log and the bot's stderr")
	f.BoolVar(&lispMode, "lisp", false, "the arguments are Lisp files and adapter settings (see above)")
	addSandboxFlag(f, &sandbox)
	game.add(f)
	return cmd
}

// ms writes d in milliseconds with one decimal, the one unit of times
// that arena prints for people.
func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", d.Seconds()*1000) }

// runChecks runs the conformance checks on the bot of spec, named ref in
// the output, and prints them; it fails unless every check passes and
// cannot is "" (else why intake would not let the bot play).
func runChecks(ctx context.Context, w io.Writer, ref, cannot string, spec host.Spec, opt conformance.Options) error {
	results := conformance.Run(ctx, spec, opt)
	if err := printChecks(w, ref, cannot, results, outputWidth(w)); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	for _, r := range results {
		if !r.OK {
			return errors.New("bot check failed")
		}
	}
	if cannot != "" {
		return errors.New("bot check failed")
	}
	return nil
}

// printChecks writes the results as a table within width columns, and a
// verdict line: a FAIL when a check failed, or when cannot says why the
// bot cannot play in a league (the checks ran with the closest settings
// found).
func printChecks(w io.Writer, bot, cannot string, results []conformance.Result, width int) error {
	const check = 1
	tab := newTable([]string{"", "check", "time", "detail"}, check)
	failed := 0
	for _, r := range results {
		mark := "✔"
		if !r.OK {
			mark = "✘"
			failed++
		}
		tab.add("", mark, r.Name, ms(r.Elapsed), r.Detail)
	}
	if err := tab.render(w, width); err != nil {
		return err
	}
	verdict := fmt.Sprintf("PASS: %s passed all %d checks", bot, len(results))
	switch {
	case failed > 0:
		verdict = fmt.Sprintf("FAIL: %s failed %d of %d checks", bot, failed, len(results))
	case cannot != "":
		verdict = fmt.Sprintf("FAIL: %s cannot play in a league, as arena intake finds it: %s (the checks above ran with the closest settings found)", bot, cannot)
	}
	_, err := io.WriteString(w, wrapText(verdict+"\n", width, "  "))
	return err
}

// botEnv is where the commands start a bot of the command line (see
// botkind.ParseSpec): through self, for a game of rules at tempo in mode,
// a Lisp submission completed as arena intake completes one (its archive
// unpacked under work), what was found of it printed to w.
func botEnv(w io.Writer, self, work string, rules referee.Game, tempo time.Duration, mode sandbox.Mode) botkind.Env {
	steps := newStepLine(w) // a Lisp bot's probe, on a terminal
	return botkind.Env{
		Self: self, Game: rules, Tempo: tempo, Sandbox: mode,
		Registry: registry.DefaultFile, Work: work, Lisp: intake.Completer{Progress: steps.progress()}, Images: lispImages(),
		Note: func(note string) {
			steps.clear()
			printWrapped(w, "  ", note+"\n")
		},
	}
}

// lispImages is where arena's commands keep the saved images of Lisp bots
// (lispimage.DefaultDir); nil, no images, where the user has no cache
// folder.
func lispImages() *lispimage.Cache {
	dir, err := lispimage.DefaultDir()
	if err != nil {
		return nil
	}
	return &lispimage.Cache{Dir: dir}
}

// botSpec returns how to start the bot of the command line ref with args
// in env (see botkind.ParseSpec); a form that names no bot is a usage
// error.
func botSpec(ctx context.Context, ref string, args []string, env botkind.Env) (host.Spec, error) {
	s, err := botkind.ParseSpec(ctx, ref, args, env)
	if _, form := errors.AsType[*botkind.FormError](err); form {
		return s, usage(err)
	}
	return s, err
}

// atLeastOne accepts one or more positional arguments, the first named
// name, as a usage error otherwise.
func atLeastOne(name string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) == 0 {
			return usage(fmt.Errorf("%s wants %s (see '%s --help')", c.CommandPath(), name, c.CommandPath()))
		}
		return nil
	}
}
