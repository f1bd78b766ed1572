package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena/botkind"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/conformance"
	"github.com/arenabots/arena/host/registry"
	"github.com/arenabots/arena/host/sandbox"
)

// newBotAddCmd is `arena bot add NAME PATH`.
func newBotAddCmd() *cobra.Command {
	var (
		opt  addOptions
		args []string
	)
	cmd := &cobra.Command{
		Use:   "add NAME PATH [-- ARGS...]",
		Short: "Check a bot and record it in the bot registry",
		Long: `Add runs the conformance checks of 'arena bot check' on the executable at PATH and,
only if every check passes, records it in the registry as NAME: its absolute path, its
arguments, the sha256 of the file, what its Info says, and the time of the check. Adding
a NAME again replaces the entry.

A league names the bot with 'registered: NAME', and arena refuses to start it once the
file's sha256 differs from the registered one: after changing the bot, add it again.

The registry is bots.yaml in the current directory unless --registry names another file;
a league reads the file its 'registry:' key names, by default bots.yaml next to the
league file. NAME uses letters, digits, '.', '_', '+' and '-'. Arguments for the bot go
after -- or in --args.`,
		Args: addArgs,
		RunE: func(c *cobra.Command, pos []string) error {
			opt.name, opt.path = pos[0], pos[1]
			opt.args = append(append([]string(nil), args...), pos[2:]...)
			return addBot(c, opt)
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&args, "args", nil, "an argument for the bot (repeat for more)")
	f.StringVar(&opt.registry, "registry", registry.DefaultFile, "the registry file")
	f.IntVar(&opt.startMS, "start-timeout", 5000, "time to start and complete the handshake in ms")
	f.BoolVarP(&opt.verbose, "verbose", "v", false, "show go-plugin's log and the bot's stderr")
	addSandboxFlag(f, &opt.sandbox)
	return cmd
}

// addArgs accepts NAME and PATH, then the bot's arguments after --.
func addArgs(c *cobra.Command, args []string) error {
	if len(args) == 2 || len(args) > 2 && c.ArgsLenAtDash() == 2 {
		return nil
	}
	return usage(fmt.Errorf("%s wants NAME PATH, then the bot's arguments after -- (see '%s --help')", c.CommandPath(), c.CommandPath()))
}

// addOptions are the arguments and flags of `arena bot add`.
type addOptions struct {
	name, path string
	args       []string
	registry   string
	startMS    int
	verbose    bool
	sandbox    sandbox.Mode
}

// addBot checks the bot of opt and registers it if it passes.
func addBot(c *cobra.Command, opt addOptions) error {
	if err := registry.CheckName(opt.name); err != nil {
		return usage(err)
	}
	if opt.startMS <= 0 {
		return usage(fmt.Errorf("--start-timeout must be positive (got %d)", opt.startMS))
	}
	bot, err := botkind.ParseRegistrable(opt.path, opt.args, opt.registry)
	if err != nil {
		return usage(err)
	}
	reg, err := registry.Load(opt.registry) // a broken registry stops us before the check
	if err != nil {
		return usage(err)
	}
	self, err := host.Self()
	if err != nil {
		return err
	}
	spec := bot.Spec(self, opt.name, "")
	spec.StartTimeout = time.Duration(opt.startMS) * time.Millisecond
	spec.Verbose = opt.verbose
	spec.Sandbox = opt.sandbox
	report := func(results []conformance.Result) error {
		w := c.OutOrStdout()
		return printChecks(w, opt.path, "", results, outputWidth(w))
	}
	entry, replaced, err := conformance.Add(c.Context(), reg, opt.registry, spec, report)
	if err != nil {
		return err
	}
	verb := "registered"
	if replaced {
		verb = "updated"
	}
	err = printfWrapped(c.OutOrStdout(), "  ", "%s %s in %s: %s, sha256 %s\n", verb, opt.name, opt.registry, bot.Path, entry.SHA256[:12])
	return err
}

// newBotListCmd is `arena bot list`.
func newBotListCmd() *cobra.Command {
	var file string
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the registered bots and whether their binaries changed",
		Long: `List prints the bot registry as a table: each bot's name, whether its binary still
has the registered sha256 ("ok", "CHANGED" or "missing"), the day it passed the checks
(UTC), what its Info said, its command line and the start of its sha256. Paths under the
current directory are shown relative to it. arena refuses to start a CHANGED bot until
it is added again: under the table, the command that does it.

The registry is bots.yaml in the current directory unless --registry names another file.`,
		Args: nArgs(),
		RunE: func(c *cobra.Command, _ []string) error {
			reg, err := registry.Load(file)
			if err != nil {
				return usage(err)
			}
			return listBots(c.OutOrStdout(), reg, file)
		},
	}
	cmd.Flags().StringVar(&file, "registry", registry.DefaultFile, "the registry file")
	return cmd
}

// listBots writes reg, read from file, as a table, then the command that
// registers again each bot whose binary changed.
func listBots(w io.Writer, reg *registry.Registry, file string) error {
	if len(reg.Bots) == 0 {
		_, err := fmt.Fprintf(w, "no bots registered in %s: add one with arena bot add NAME PATH\n", file)
		return err
	}
	cwd, _ := os.Getwd() // without it, paths show in full
	const name, binary = 0, 1
	tab := newTable([]string{"name", "binary", "checked", "info", "command", "sha256"}, name, binary)
	var again []string
	for _, b := range reg.Bots {
		path := shownPath(cwd, b.Path)
		status, changed := binaryStatus(b, path, file)
		if changed != nil {
			width := outputWidth(w)
			again = append(again, wrapText(fmt.Sprintf("%s: %s;\n%s:\n", b.Name, changed.Summary(), registry.Again), width, "  ")+wrapShell(changed.Fix(), width, "  ")+"\n")
		}
		info := strings.TrimSpace(b.Info.Name + " " + b.Info.Version)
		if b.Info.Author != "" {
			info += " by " + b.Info.Author
		}
		tab.add("", b.Name, status, b.Checked.UTC().Format("2006-01-02"), info,
			registry.ShellWords(append([]string{path}, b.Args...)), b.SHA256[:min(12, len(b.SHA256))])
	}
	if err := tab.render(w, outputWidth(w)); err != nil {
		return err
	}
	_, err := io.WriteString(w, strings.Join(again, ""))
	return err
}

// binaryStatus says whether b's binary still has its registered sha256:
// "ok", "CHANGED" or "missing"; for a changed one, changed says so and how
// to register it again (path as shown, file the registry).
func binaryStatus(b registry.Registered, path, file string) (status string, changed *registry.ChangedError) {
	err := b.Verify()
	var ce *registry.ChangedError
	switch {
	case err == nil:
		return "ok", nil
	case errors.As(err, &ce):
		ce.Path = path
		if file != registry.DefaultFile {
			ce.Registry = file
		}
		return "CHANGED", ce
	case errors.Is(err, fs.ErrNotExist):
		return "missing", nil
	}
	return "unreadable: " + err.Error(), nil
}

// shownPath returns path relative to cwd when it lies under it, else path.
func shownPath(cwd, path string) string {
	if cwd == "" {
		return path
	}
	rel, err := filepath.Rel(cwd, path)
	if err != nil || !filepath.IsLocal(rel) {
		return path
	}
	return rel
}
