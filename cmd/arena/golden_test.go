package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/internal/golden"
)

// testdataDir is the package's testdata folder: a test may leave the
// package's directory (shortDir).
var testdataDir, _ = filepath.Abs("testdata")

// checkGolden compares got with testdata/name (see package golden), from
// whatever directory the test is in.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(filepath.Join(wd, "testdata"), filepath.Join(testdataDir, name)); err == nil {
			name = rel
		}
	}
	golden.Check(t, name, got)
}

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
