package arena

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/results"
)

// TestFullDiskStopsAndResumes plays a league whose results directory
// fills up in the middle of the league, and checks that arena stops at once
// with one line naming the directory and the fix and exit status 3, that
// the journal holds only whole games, and that once space is freed the same
// command resumes and records every game exactly once, the games of the
// first run kept as they were.
//
// The results directory and its games/ (the move logs) are tmpfs of their
// own, one small and one roomy, so that what fails is the write the case
// is about: the journal's append (a line that needs a new page of the
// full file system), or the move logs written before it.
func TestFullDiskStopsAndResumes(t *testing.T) {
	skipIfShort(t, "plays leagues on full file systems, then resumes them")
	for _, tc := range []struct {
		name  string
		full  string // the directory that fills, under the results directory
		size  int    // its file system's size, with room for 3 games
		write string // what the error line says failed
	}{
		{"journal", ".", 64 << 10, "(write " + results.JournalName + ")"},
		{"move logs", results.GamesDir, 4 << 20, "(write " + results.GamesDir + "/."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := loadLeague(t, `
name: full
seed: 5
rounds: 2
tempo_ms: 100
concurrency: 2
bots:
  - {name: greedy, builtin: greedy}
  - {name: random, builtin: random, options: {seed: 3}}
  - {name: other, builtin: random, options: {seed: 4}}
  - {name: classic, builtin: classic, options: {depth: 1}}
`)
			const total = 24
			games := filepath.Join(cfg.Out, results.GamesDir)
			top, logs := tc.size, 64<<20
			if tc.full != "." {
				top, logs = logs, tc.size
			}
			mountTmpfs(t, cfg.Out, top)
			mountTmpfs(t, games, logs)
			checkFullDisk(t, cfg, filepath.Join(cfg.Out, tc.full), tc.write, total)
		})
	}
}

// checkFullDisk runs cfg's league, fills the file system of dir once 3
// games are in the journal, checks how arena stops, frees the space and
// checks that the league resumes to its total games.
func checkFullDisk(t *testing.T, cfg *league.Config, dir, write string, total int) {
	t.Helper()
	journal := filepath.Join(cfg.Out, results.JournalName)
	cmd := exec.Command(arenaBin, "run", "--plain", cfg.File())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// 3 games take less than a page of the journal: the append that needs
	// the next one fails, after a few more games.
	var filler string
	for deadline := time.Now().Add(60 * time.Second); filler == ""; time.Sleep(5 * time.Millisecond) {
		data, _ := os.ReadFile(journal)
		select {
		case err := <-done:
			t.Fatalf("arena stopped before the disk was full: %v; output:\n%s%s", err, stdout.String(), stderr.String())
		default:
		}
		switch {
		case bytes.Count(data, []byte("\n")) >= 3:
			filler = fill(t, dir)
		case time.Now().After(deadline):
			cmd.Process.Kill()
			<-done
			t.Fatalf("no 3 games in 60s; output:\n%s%s", stdout.String(), stderr.String())
		}
	}
	err := <-done
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("arena run on a full disk: %v, want exit status 3; output:\n%s%s", err, stdout.String(), stderr.String())
	}
	prefix := fmt.Sprintf("arena: %s: no space left on device ", cfg.Out)
	if lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], prefix) ||
		!strings.Contains(lines[0], write) || !strings.Contains(lines[0], ": free space on that disk") || !strings.Contains(lines[0], "resumes where it stopped") {
		t.Errorf("stderr:\n%s\nwant one line starting %q, naming %s, the fix, and that a run again resumes", stderr.String(), prefix, write)
	}

	first, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	before := readGames(t, cfg)
	if len(before) < 3 || len(before) >= total || !bytes.HasSuffix(first, []byte("\n")) {
		t.Fatalf("the stopped run left %d games and a journal ending %q; want whole lines, fewer than %d", len(before), first[max(0, len(first)-20):], total)
	}
	if n := strings.Count(stdout.String(), fmt.Sprintf("/%d] ", total)); n != len(before) {
		t.Errorf("the stopped run reported %d games, the journal holds %d:\n%s", n, len(before), stdout.String())
	}
	t.Logf("the full disk stopped the league after %d of %d games: %s", len(before), total, stderr.String())

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(arenaBin, "run", "--plain", cfg.File()).CombinedOutput()
	if err != nil {
		t.Fatalf("resume: %v\n%s", err, out)
	}
	if want := fmt.Sprintf("%d games played", total-len(before)); !strings.Contains(string(out), want) {
		t.Errorf("the resumed run did not say %q:\n%s", want, out)
	}
	assertComplete(t, cfg, total)
	all, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(all, first) {
		t.Errorf("the resumed journal does not start with the %d games of the stopped run", len(before))
	}
}

// mountTmpfs mounts a tmpfs of size bytes on dir, unmounted at the end of
// the test, or skips the test where mounting is not permitted.
func mountTmpfs(t *testing.T, dir string, size int) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := unix.Mount("tmpfs", dir, "tmpfs", 0, "size="+strconv.Itoa(size)); err != nil {
		t.Skipf("cannot mount a tmpfs on %s (%v): run the test as root where mounts are permitted", dir, err)
	}
	t.Cleanup(func() {
		if err := unix.Unmount(dir, unix.MNT_DETACH); err != nil {
			t.Errorf("unmount %s: %v", dir, err)
		}
	})
}

// fill writes a file in dir until its file system is full, and returns
// the file's path.
func fill(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, unix.ENOSPC) {
				t.Fatal(err)
			}
			return path
		}
	}
}
