package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/lispimage"
	"github.com/arenabots/arena/course/intake/intaketest"
)

// TestIntakeStopsWhenInterrupted interrupts arena intake and arena
// similarity while they unpack a class of two hostile tar.bz2 (issue 39,
// row 1): today neither reads its context while it unpacks, and Ctrl-C or
// SIGTERM (which cancel it, see main) wait for minutes of decompression.
// Each returns the context's error. No clock bounds the wait: a command
// that does not stop unpacks 64 GiB a bomb, longer than go test's
// -timeout allows the whole package, which fails it.
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
			if err := <-done; !errors.Is(err, context.Canceled) || isUsage(err) {
				t.Errorf("arena %s = %v, want %v", args[0], err, context.Canceled)
			}
		})
	}
}

// TestRunStopsWhenInterruptedDuringBuild interrupts arena run while it
// builds a Lisp bot's saved image (issue 50, row 4): the bot loads for
// ten minutes. arena used to go on, start the games' bots after the
// interrupt and wait out their start timeout; it returns, saying it was
// interrupted. No clock bounds the wait: the league's start timeout is an
// hour, so an arena that waits for a bot hangs the test until go test's
// -timeout fails it.
func TestRunStopsWhenInterruptedDuringBuild(t *testing.T) {
	lispExamples(t)
	dir := t.TempDir()
	t.Chdir(dir)
	var league bytes.Buffer
	league.WriteString("name: slow\ngame: cavalo\ntempo_ms: 100\nstart_timeout_ms: 3600000\nbots:\n")
	for _, g := range []string{"a", "b"} {
		if err := os.MkdirAll(g, 0o755); err != nil {
			t.Fatal(err)
		}
		src := "(sleep 600)\n(defun jogar (estado tempo) (declare (ignore estado tempo)) nil)\n"
		if err := os.WriteFile(filepath.Join(g, "jogo.lisp"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		league.WriteString("  - {name: " + g + ", lisp: {files: [" + g + "/jogo.lisp]}}\n")
	}
	if err := os.WriteFile("league.yaml", league.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	images, err := lispimage.DefaultDir()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		root := newRootCmd()
		root.SetArgs([]string{"run", "league.yaml", "--plain"})
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&out)
		done <- root.ExecuteContext(ctx)
	}()
	// Interrupted once a build has begun: its folder is in the cache.
	for building := false; !building; {
		select {
		case err := <-done:
			t.Fatalf("arena run ended before any build: %v", err)
		case <-time.After(20 * time.Millisecond):
		}
		builds, _ := filepath.Glob(filepath.Join(images, "*.build-*"))
		building = len(builds) > 0
	}
	cancel()
	if err := <-done; err == nil || !strings.Contains(err.Error(), "interrupted: 0 of 8 games are recorded") {
		t.Errorf("arena run = %v, want it interrupted", err)
	}
}
