package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/arenabots/arena/bots/host"
)

// sandboxValue is the --sandbox flag of the commands that start bots.
type sandboxValue struct{ mode *host.Sandbox }

// addSandboxFlag adds --sandbox strict|off to f, setting mode (strict by
// default, as in a league).
func addSandboxFlag(f *pflag.FlagSet, mode *host.Sandbox) {
	*mode = host.SandboxStrict
	f.Var(sandboxValue{mode}, "sandbox", "bots' isolation: strict or off (docs/limits.md)")
}

func (v sandboxValue) String() string {
	if v.mode == nil {
		return string(host.SandboxStrict)
	}
	return string(*v.mode)
}

func (v sandboxValue) Set(s string) error {
	m, err := host.ParseSandbox(s)
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
