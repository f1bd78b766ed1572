package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/internal/golden"
)

// checkGolden compares got with testdata/name (see package golden).
func checkGolden(t *testing.T, name string, got []byte) { golden.Check(t, name, got) }

// execute runs cmd in-process with args under ctx, silenced as main's root
// command is, and returns what it wrote to stdout and stderr, both checked
// by checkWidth.
func execute(t *testing.T, ctx context.Context, cmd *cobra.Command, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd.SetArgs(args)
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err = cmd.ExecuteContext(ctx)
	checkWidth(t, args, out.String())
	checkWidth(t, args, errOut.String())
	return out.String(), errOut.String(), err
}
