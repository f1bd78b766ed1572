package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/sandbox"
)

// sandboxValue is the --sandbox flag of the commands that start bots.
type sandboxValue struct{ mode *sandbox.Mode }

// addSandboxFlag adds --sandbox strict|off to f, setting mode (strict by
// default, as in a league).
func addSandboxFlag(f *pflag.FlagSet, mode *sandbox.Mode) {
	*mode = sandbox.Strict
	f.Var(sandboxValue{mode}, "sandbox", "bots' isolation: strict or off (docs/limits.md)")
}

func (v sandboxValue) String() string {
	if v.mode == nil {
		return string(sandbox.Strict)
	}
	return string(*v.mode)
}

func (v sandboxValue) Set(s string) error {
	m, err := sandbox.ParseMode(s)
	if err == nil {
		*v.mode = m
	}
	return err
}

func (sandboxValue) Type() string { return "strict|off" }

// checkOpen checks that the sandboxed bot of spec can reach its own files
// (see host.Spec.CheckOpen), as a usage error naming the fix.
func checkOpen(spec host.Spec) error {
	if err := spec.CheckOpen(); err != nil {
		return usage(fmt.Errorf("%w (or --sandbox off)", err))
	}
	return nil
}
