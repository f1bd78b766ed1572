package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// cliDocHead opens docs/cli.md.
const cliDocHead = "# arena's commands\n\n" +
	"Every command and flag, as `arena COMMAND --help` prints them: this file is generated from that\n" +
	"help, and `go test ./cmd/arena -run CLIDoc -update` rewrites it after a change.\n\n" +
	"A user mistake (an unknown command or flag, a missing argument, a path that is not a bot, a bad\n" +
	"league file) is one line on stderr naming the fix, and exit status 2, e.g. `arena: unknown\n" +
	"command \"runn\" for \"arena\"; did you mean \"run\"?`. Results that cannot be written (a full\n" +
	"disk) stop a league with one line and exit status 3; run it again once there is room\n" +
	"([config.md](config.md#results-and-resume)). Other failures exit with status 1. Output meant for\n" +
	"people fits 80 columns off a terminal (a file, a pipe), and the terminal's width at one: text\n" +
	"wraps at spaces (a path may break after a `/`), tables wrap within their cells; JSON, CSV,\n" +
	"Markdown and `--wide` tables are not wrapped, nor is a diagnostic (`arena: ...`, an error or a\n" +
	"warning on stderr), which stays one line for scripts and grep. What a bot wrote is shown with\n" +
	"its control characters escaped ([limits.md](limits.md#what-a-bot-writes)).\n\n"

// TestCLIDoc checks that docs/cli.md is the help of every command that
// users see (not the hidden ones), from the root down; -update rewrites it.
func TestCLIDoc(t *testing.T) {
	var cmds []*cobra.Command
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" || c.Name() == "completion" {
			return
		}
		cmds = append(cmds, c)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd())
	var b bytes.Buffer
	b.WriteString(cliDocHead)
	for _, c := range cmds[1:] {
		fmt.Fprintf(&b, "- [%s](#%s): %s\n", c.CommandPath(), strings.ReplaceAll(c.CommandPath(), " ", "-"), c.Short)
	}
	for _, c := range cmds {
		var help bytes.Buffer
		c.InitDefaultHelpFlag() // as Execute does: the help shows -h
		c.SetOut(&help)
		if err := c.Help(); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "\n## %s\n\n```text\n%s```\n", c.CommandPath(), strings.TrimLeft(help.String(), "\n"))
	}
	checkGolden(t, "../../../docs/cli.md", b.Bytes())
}
