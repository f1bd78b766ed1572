package main

import (
	"fmt"

	"github.com/arenabots/arena/arena/league"
	"github.com/spf13/pflag"
)

// clockValue is the --clock flag: what a call is charged, as a league's
// clock: key says.
type clockValue struct{ clock *string }

// addClockFlag adds --clock to f, cpu by default as in a league.
func addClockFlag(f *pflag.FlagSet, clock *string) {
	*clock = league.ClockCPU
	f.Var(clockValue{clock}, "clock", "what a move is charged: cpu, the bot's CPU time with the wall clock as a cap, or wall (docs/limits.md)")
}

func (v clockValue) String() string {
	if v.clock == nil {
		return league.ClockCPU
	}
	return *v.clock
}

func (v clockValue) Set(s string) error {
	if s != league.ClockCPU && s != league.ClockWall {
		return fmt.Errorf("want %s or %s", league.ClockCPU, league.ClockWall)
	}
	*v.clock = s
	return nil
}

func (clockValue) Type() string { return "cpu|wall" }
