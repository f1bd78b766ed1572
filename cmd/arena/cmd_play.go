package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner): replace this placeholder with the real command.
func newPlayCmd() *cobra.Command {
	return &cobra.Command{
		Use:  "play",
		RunE: func(*cobra.Command, []string) error { return errors.New("not implemented yet") },
	}
}
