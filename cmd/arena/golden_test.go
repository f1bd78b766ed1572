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
// command is, and returns what it wrote to stdout and stderr.
func execute(ctx context.Context, cmd *cobra.Command, args ...string) (stdout, stderr string, err error) {
	var out, errOut bytes.Buffer
	cmd.SetArgs(args)
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err = cmd.ExecuteContext(ctx)
	return out.String(), errOut.String(), err
}
