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

	"github.com/arenabots/arena/results"
)

// TestFullDiskStopsAndResumes plays a league whose results directory is a
// small tmpfs that fills up in the middle of the league, so that a journal
// append fails: arena stops at once with one line naming the directory and
// the fix and exit status 3, the journal holds only whole games, and once
// space is freed the same command resumes and records every game exactly
// once, the games of the first run kept as they were.
//
// The move logs go to a roomy tmpfs of their own on games/, so that what
// fails is the journal's append (a line that needs a new page of the full
// file system), not the move logs written before it.
func TestFullDiskStopsAndResumes(t *testing.T) {
	skipIfShort(t, "plays a league on a full file system, then resumes it")
	cfg := league(t, `
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
	mountTmpfs(t, cfg.Out, 64<<10)
	mountTmpfs(t, filepath.Join(cfg.Out, results.GamesDir), 64<<20)
	journal := filepath.Join(cfg.Out, results.JournalName)

	cmd := exec.Command(arenaBin, "run", "--plain", cfg.File())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Fill the disk once 3 games are in the journal: its first page has
	// room for a few more lines, and the append that needs the next page
	// fails.
	var filler string
	for deadline := time.Now().Add(60 * time.Second); filler == ""; time.Sleep(5 * time.Millisecond) {
		data, _ := os.ReadFile(journal)
		switch {
		case bytes.Count(data, []byte("\n")) >= 3:
			filler = fill(t, cfg.Out)
		case time.Now().After(deadline):
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no 3 games in 60s; output:\n%s%s", stdout.String(), stderr.String())
		}
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("arena run on a full disk: %v, want exit status 3; output:\n%s%s", err, stdout.String(), stderr.String())
	}
	want := fmt.Sprintf("arena: %s: no space left on device (write %s): free space on that disk", cfg.Out, results.JournalName)
	if lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], want) || !strings.Contains(lines[0], "resumes where it stopped") {
		t.Errorf("stderr:\n%s\nwant one line starting %q and saying that a run again resumes", stderr.String(), want)
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
