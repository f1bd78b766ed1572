package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arenabots/arena/results"
)

// damage inserts a line that is not a game after the second line of the
// journal of the results directory dir, as two interleaved writers leave,
// and returns the journal as it now is.
func damage(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, results.JournalName)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	lines = append(lines[:2], append([]string{`{"id":"02-classic-random","round":2,"board_s` + "\n"}, lines[2:]...)...)
	damaged := strings.Join(lines, "")
	if err := os.WriteFile(path, []byte(damaged), 0o644); err != nil {
		t.Fatal(err)
	}
	return damaged
}

// shortDir makes the folder of dir the current directory and returns dir
// relative to it, so that what a command prints of its paths, and where
// its lines wrap, does not depend on the length of the test's temporary
// directory.
func shortDir(t *testing.T, dir string) string {
	t.Helper()
	t.Chdir(filepath.Dir(dir))
	return filepath.Base(dir)
}

// runSplit runs the arena command line in process and returns its stdout
// and stderr, with the results directory replaced by DIR.
func runSplit(t *testing.T, dir string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	stdout, stderr, err = execute(t, context.Background(), newRootCmd(), args...)
	return strings.ReplaceAll(stdout, dir, "DIR"), strings.ReplaceAll(stderr, dir, "DIR"), err
}

// TestReadersSkipDamagedLines: standings, crosstable and replay read a
// journal with a damaged middle line as if it were not there, with one
// warning naming the file and line.
func TestReadersSkipDamagedLines(t *testing.T) {
	dir := shortDir(t, writeLeague(t))
	for _, tt := range []struct {
		args   []string
		golden string // what the command prints for the undamaged league
	}{
		{[]string{"standings", dir}, "standings_text.golden"},
		{[]string{"crosstable", dir}, "crosstable_text.golden"},
		{[]string{"replay", dir, "01-classic-greedy"}, "replay_timeout.golden"},
	} {
		t.Run(tt.args[0], func(t *testing.T) {
			clean, _, err := runSplit(t, dir, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, tt.golden, []byte(clean))
		})
	}
	damage(t, dir)
	for _, args := range [][]string{{"standings", dir}, {"crosstable", dir}, {"replay", dir, "01-classic-greedy"}} {
		t.Run(args[0]+" damaged", func(t *testing.T) {
			stdout, stderr, err := runSplit(t, dir, args...)
			if err != nil {
				t.Fatal(err)
			}
			clean := map[string]string{"standings": "standings_text.golden", "crosstable": "crosstable_text.golden", "replay": "replay_timeout.golden"}[args[0]]
			checkGolden(t, clean, []byte(stdout))
			checkGolden(t, "journal_damaged_warning.golden", []byte(stderr))
		})
	}
}

// stamps matches the time in the names of a repair's side files.
var stamps = regexp.MustCompile(`\d{8}T\d{6}Z`)

func TestJournalRepairCmd(t *testing.T) {
	dir := shortDir(t, writeLeague(t))
	journal := filepath.Join(dir, results.JournalName)
	stdout, _, err := runSplit(t, dir, "journal", "repair", dir)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "journal_repair_clean.golden", []byte(stdout))
	if files, _ := filepath.Glob(journal + ".*"); len(files) > 0 {
		t.Errorf("a clean journal was changed: %v", files)
	}

	damaged := damage(t, dir)
	// A run holding the directory's lock keeps the repair out.
	lock, err := results.LockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = runSplit(t, dir, "journal", "repair", dir)
	if err == nil || !isUsage(err) || !strings.Contains(err.Error(), dir+" is in use by another arena (pid ") {
		t.Errorf("repair under a held lock = %v, want a usage error naming the holder", err)
	}
	if err := lock.Unlock(); err != nil {
		t.Fatal(err)
	}

	stdout, stderr, err := runSplit(t, dir, "journal", "repair", dir)
	if err != nil || stderr != "" {
		t.Fatalf("repair: %v, stderr %q", err, stderr)
	}
	checkGolden(t, "journal_repair.golden", []byte(stamps.ReplaceAllString(stdout, "<time>")))
	backups, _ := filepath.Glob(journal + ".bak-*")
	if len(backups) != 1 {
		t.Fatalf("backups %v, want one", backups)
	}
	if data, _ := os.ReadFile(backups[0]); string(data) != damaged {
		t.Errorf("backup %s is not the damaged journal", backups[0])
	}
	// The repaired journal reads without a warning, as before the damage.
	stdout, stderr, err = runSplit(t, dir, "standings", dir)
	if err != nil || stderr != "" {
		t.Fatalf("standings after repair: %v, stderr %q", err, stderr)
	}
	checkGolden(t, "standings_text.golden", []byte(stdout))
}

func TestJournalRepairCmdErrors(t *testing.T) {
	empty := t.TempDir()
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"missing dir", []string{"journal", "repair", "/no/such/dir"}, "/no/such/dir: no such results directory"},
		{"no journal", []string{"journal", "repair", empty}, empty + ": no games.jsonl"},
		{"no dir", []string{"journal", "repair"}, "arena journal repair wants 1 argument(s), DIR; got 0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := runArena(t, "", tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !isUsage(err) {
				t.Errorf("arena %q = %v, want a usage error containing %q", tt.args, err, tt.want)
			}
		})
	}
	if files, _ := os.ReadDir(empty); len(files) > 0 {
		t.Errorf("a refused repair left %v in %s", files, empty)
	}
}

func TestJournalRepairHelp(t *testing.T) {
	out, err := runArena(t, "", "journal", "repair", "--help")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "journal_repair_help.golden", []byte(out))
}
