package main

import (
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arenabots/arena/internal/samples"
)

func TestPerftCmd(t *testing.T) {
	s1p9 := samples.Path("cavalo", "s1_p9.json")
	tests := []struct {
		golden string
		args   []string
	}{
		// The counts of s1_p9 are those of games/cavalo/testdata/perft.txt.
		{"perft_s1_p9_d5.golden", []string{"--position", s1p9, "--depth", "5"}},
		{"perft_seed42_d6.golden", []string{"--seed", "42", "--depth", "6"}},
		{"perft_seed0_d1.golden", []string{"--depth=1", "--seed=0"}},
		// The counts of d3.json are those of games/dots/testdata/perft-stats.txt.
		{"perft_dots_d3_d3.golden", []string{"--game", "dots", "--position", samples.Path("dots", "d3.json"), "--depth", "3"}},
	}
	timing := regexp.MustCompile(`^depth \d+: \d+\.\d\ds, \d+\.\d M nodes/s$`)
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			stdout, stderr, err := execute(t, context.Background(), newPerftCmd(), tt.args...)
			if err != nil {
				t.Fatalf("arena perft %q: %v", tt.args, err)
			}
			checkGolden(t, tt.golden, []byte(stdout))
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if got, want := len(lines), strings.Count(stdout, "\n"); got != want {
				t.Errorf("stderr: got %d lines, want %d (one per depth):\n%s", got, want, stderr)
			}
			for _, line := range lines {
				if !timing.MatchString(line) {
					t.Errorf("stderr line %q: want it to match %s", line, timing)
				}
			}
		})
	}
}

// TestUsageErrors runs the whole command line, as main does, and checks
// that mistakes are one-line usage errors (exit status 2) that print
// nothing on stdout.
func TestUsageErrors(t *testing.T) {
	bad := filepath.Join("testdata", "bad_position.json")
	tests := []struct {
		args []string
		want string // a substring of the error
	}{
		{[]string{"board"}, "--seed is required"},
		{[]string{"board", "--seed", "-1"}, `invalid argument "-1" for "--seed"`},
		{[]string{"board", "--seed", "1", "extra"}, `unknown command "extra"`},
		{[]string{"board", "--sed", "1"}, "unknown flag: --sed"},
		{[]string{"perft", "--depth", "3"}, "give one of --position FILE and --seed N"},
		{[]string{"perft", "--seed", "1", "--position", bad, "--depth", "3"}, "give one of --position FILE and --seed N"},
		{[]string{"perft", "--seed", "1"}, "--depth is required"},
		{[]string{"perft", "--seed", "1", "--depth", "0"}, "--depth 0: want 1 to 12"},
		{[]string{"perft", "--seed", "1", "--depth", "13"}, "--depth 13: want 1 to 12"},
		{[]string{"perft", "--seed", "1", "--depth", "two"}, `invalid argument "two" for "--depth"`},
		{[]string{"perft", "--seed", "1", "--depth", "2", "extra"}, `unknown command "extra"`},
		{[]string{"perft", "--position", "no_such_file.json", "--depth", "2"}, "open no_such_file.json: no such file or directory"},
		{[]string{"perft", "--position", bad, "--depth", "2"}, bad + ": position: line 3, column 20: invalid character"},
		{[]string{"perft", "--position", "testdata", "--depth", "2"}, "testdata"},
		{[]string{"perft", "--game", "chess", "--seed", "1", "--depth", "2"}, `--game chess: unknown game "chess" (known: adji, cavalo, dots, quatro, solitario)`},
		{[]string{"perft", "--game", "dots", "--position", bad, "--depth", "2"}, bad + ": position: line 3, column 20: invalid character"},
		{[]string{"board", "--game", "dots", "--game-options", "rows=11", "--seed", "1"}, "--game dots: game_options: rows is 11: want 2 to 10 boxes"},
		{[]string{"board", "--game", "cavalo", "--game-options", "opening_arcs=3", "--seed", "1"}, `--game cavalo: game_options: cavalo has no option "opening_arcs"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			stdout, _, err := execute(t, context.Background(), newRootCmd(), tt.args...)
			if err == nil {
				t.Fatalf("got no error, want %q", tt.want)
			}
			var u usageError
			if !errors.As(err, &u) {
				t.Errorf("got %T %q, want a usageError (exit status 2)", err, err)
			}
			if msg := err.Error(); !strings.Contains(msg, tt.want) || strings.Contains(msg, "\n") {
				t.Errorf("got error %q, want one line containing %q", msg, tt.want)
			}
			if stdout != "" {
				t.Errorf("stdout: got %q, want nothing", stdout)
			}
		})
	}
}

func TestPerftInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stdout, _, err := execute(t, ctx, newPerftCmd(), "--seed", "3", "--depth", "12")
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if got, want := stdout, "1 1\n"; got != want {
		t.Errorf("stdout: got %q, want %q (depth 1 is counted before the first check)", got, want)
	}
	var u usageError
	if errors.As(err, &u) {
		t.Errorf("an interrupt is a usage error: %v", err)
	}
}
