package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/arenabots/arena/course/intake/intaketest"
)

// TestIntakeStopsWhenInterrupted interrupts arena intake and arena
// similarity while they unpack a class of two hostile tar.bz2 (issue 39,
// row 1): today neither reads its context while it unpacks, and Ctrl-C or
// SIGTERM (which cancel it, see main) wait for minutes of decompression.
// Each returns the context's error within a second.
func TestIntakeStopsWhenInterrupted(t *testing.T) {
	dir := t.TempDir()
	class := filepath.Join(dir, "class")
	if err := os.Mkdir(class, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, group := range []string{"a_2200001_P1", "b_2200002_P2"} {
		if err := intaketest.WriteBomb(filepath.Join(class, group+".tar.bz2"), intaketest.ManySkipped); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"intake", class, "--out", filepath.Join(dir, "work"), "-o", filepath.Join(dir, "league.yaml")},
		{"similarity", class},
	} {
		t.Run(args[0], func(t *testing.T) {
			const after = 300 * time.Millisecond
			ctx, cancel := context.WithCancel(t.Context())
			time.AfterFunc(after, cancel)
			done := make(chan error, 1)
			go func() {
				root := newRootCmd()
				root.SetArgs(args)
				var out bytes.Buffer
				root.SetOut(&out)
				root.SetErr(&out)
				done <- root.ExecuteContext(ctx)
			}()
			select {
			case err := <-done:
				if !errors.Is(err, context.Canceled) || isUsage(err) {
					t.Errorf("arena %s = %v, want %v", args[0], err, context.Canceled)
				}
			case <-time.After(after + time.Second):
				t.Fatalf("arena %s goes on a second after it is interrupted", args[0])
			}
		})
	}
}
