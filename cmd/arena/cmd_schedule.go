package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner): replace this placeholder with the real command.
func newScheduleCmd() *cobra.Command {
	return &cobra.Command{
		Use:  "schedule",
		RunE: func(*cobra.Command, []string) error { return errors.New("not implemented yet") },
	}
}
