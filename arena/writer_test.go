package arena

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/internal/golden"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// arenaRun runs `arena run --plain file` as a process, started by the caller.
func arenaRun(file string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	cmd := exec.Command(arenaBin, "run", "--plain", file)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	return cmd, &out, &errOut
}

// exitCode waits for cmd and returns its exit status.
func exitCode(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	err := cmd.Wait()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.ExitCode()
	}
	t.Fatalf("%v: %v", cmd.Args, err)
	return -1
}

// TestConcurrentRunsOneWriter starts two `arena run` of one league into one
// results directory at once: one plays it all, the other is refused before
// it writes anything, naming the first.
func TestConcurrentRunsOneWriter(t *testing.T) {
	cfg := loadLeague(t, strings.Replace(smallLeague, "rounds: 2", "rounds: 3", 1))
	a, aOut, aErr := arenaRun(cfg.File())
	b, bOut, bErr := arenaRun(cfg.File())
	if err := a.Start(); err != nil {
		t.Fatal(err)
	}
	if err := b.Start(); err != nil {
		t.Fatal(err)
	}
	codes := [2]int{exitCode(t, a), exitCode(t, b)}
	runs := [2]*exec.Cmd{a, b}
	stdout, stderr := [2]*bytes.Buffer{aOut, bOut}, [2]*bytes.Buffer{aErr, bErr}
	winner := 0
	switch codes {
	case [2]int{0, 2}:
	case [2]int{2, 0}:
		winner = 1
	default:
		t.Fatalf("exit statuses %v, want one 0 and one 2\nfirst:\n%s%s\nsecond:\n%s%s", codes, aOut, aErr, bOut, bErr)
	}
	loser := 1 - winner
	want := fmt.Sprintf("arena: %s is in use by another arena (pid %d on host ", cfg.Out, runs[winner].Process.Pid)
	if msg := stderr[loser].String(); !strings.HasPrefix(msg, want) || strings.Count(msg, "\n") != 1 {
		t.Errorf("refused run said %q, want one line starting %q", msg, want)
	}
	if stdout[loser].Len() > 0 {
		t.Errorf("refused run printed %q", stdout[loser])
	}
	assertComplete(t, cfg, 18)
}

// TestDamagedJournal damages a middle line of a finished league's journal:
// the readers skip it with a warning naming the line, `arena run` refuses
// to resume and says how to repair, `arena journal repair` moves the line
// out and keeps a copy, and the league then resumes, playing the game again.
func TestDamagedJournal(t *testing.T) {
	cfg := loadLeague(t, strings.Replace(smallLeague, "rounds: 2", "rounds: 1", 1))
	run(t, cfg, nil)
	journal := filepath.Join(cfg.Out, results.JournalName)
	data, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	lines[2] = lines[2][:25] + "\n" // a line cut short, as interleaved writers leave
	damaged := strings.Join(lines, "")
	if err := os.WriteFile(journal, []byte(damaged), 0o644); err != nil {
		t.Fatal(err)
	}
	arena := func(args ...string) (code int, stdout, stderr string) {
		cmd := exec.Command(arenaBin, args...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return exitCode(t, cmd), out.String(), errOut.String()
	}
	warning := fmt.Sprintf("arena: warning: %s:3: unexpected end of JSON input: skipped (arena journal repair %s)\n", journal, cfg.Out)
	for _, args := range [][]string{{"standings", cfg.Out}, {"crosstable", cfg.Out}, {"replay", cfg.Out, "01-greedy-random"}} {
		code, stdout, stderr := arena(args...)
		if code != 0 || stderr != warning || stdout == "" {
			t.Errorf("arena %s: exit %d, stderr %q; want 0 and %q", args[0], code, stderr, warning)
		}
	}

	code, _, stderr := arena("run", "--plain", cfg.File())
	want := fmt.Sprintf("arena: %s:3: unexpected end of JSON input: the journal holds lines that are not games; arena adds no game to a damaged journal: 'arena journal repair %s' moves the damaged lines out and keeps a copy of the journal\n", journal, cfg.Out)
	if code != 2 || stderr != want {
		t.Errorf("arena run: exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
	if data, _ := os.ReadFile(journal); string(data) != damaged {
		t.Error("arena run changed the damaged journal")
	}

	code, stdout, stderr := arena("journal", "repair", cfg.Out)
	// The lines wrap at 80 columns, continued two spaces in.
	if code != 0 || stderr != "" || !strings.HasPrefix(strings.ReplaceAll(stdout, "\n  ", " "), journal+": removed 1 line, kept 5 games line 3: unexpected end of JSON input\n") {
		t.Errorf("arena journal repair: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	backups, _ := filepath.Glob(journal + ".bak-*")
	if len(backups) != 1 {
		t.Fatalf("backups %v, want one", backups)
	}
	if data, _ := os.ReadFile(backups[0]); string(data) != damaged {
		t.Errorf("backup %s is not the damaged journal", backups[0])
	}

	sum := run(t, cfg, nil)
	if sum.Played != 1 || sum.Skipped != 5 {
		t.Errorf("resume after repair played %d, skipped %d; want 1, 5", sum.Played, sum.Skipped)
	}
	assertComplete(t, cfg, 6)
}

// registryLeague writes a registry with two bots, one whose binary changed
// since it was registered and one whose binary is gone, and a league of
// them and two built-in bots, with the extra keys given.
func registryLeague(t *testing.T, extra string) *league.Config {
	t.Helper()
	dir := t.TempDir()
	changed := filepath.Join(dir, "changed-bot")
	if err := os.WriteFile(changed, []byte("#!/bin/sh\necho rebuilt\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	registry := fmt.Sprintf(`bots:
  - {name: changed, path: %s, sha256: %s}
  - {name: gone, path: %s, sha256: %s}
`, changed, strings.Repeat("ab", 32), filepath.Join(dir, "gone-bot"), strings.Repeat("cd", 32))
	if err := os.WriteFile(filepath.Join(dir, "bots.yaml"), []byte(registry), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "l.yaml")
	body := `rounds: 1
tempo_ms: 200
out: out
` + extra + `
bots:
  - {name: greedy, builtin: greedy}
  - {name: random, builtin: random}
  - {name: student, registered: changed}
  - {name: ghost, registered: gone}
`
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := league.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestRegisteredBotsCheckedFirst: a registered binary that changed and one
// that is gone are both reported, each at its line with the fix, before any
// game; the league does not start unless missing_bots: forfeit, under
// which their games are start forfeits, with a warning for each.
func TestRegisteredBotsCheckedFirst(t *testing.T) {
	cfg := registryLeague(t, "")
	_, err := (&Runner{Config: cfg, Self: arenaBin}).Run(context.Background())
	var be *BotsError
	if !errors.As(err, &be) || len(be.Problems) != 2 {
		t.Fatalf("Run = %v, want a *BotsError with 2 problems", err)
	}
	dir := filepath.Dir(cfg.File())
	golden.Check(t, "bots_refused.golden", []byte(strings.ReplaceAll(err.Error(), dir, "DIR")+"\n"))
	if _, err := os.Stat(filepath.Join(cfg.Out, results.JournalName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused league has a journal: %v", err)
	}

	cfg = registryLeague(t, "missing_bots: forfeit")
	var warnings []string
	sum := run(t, cfg, func(e Event) {
		if e.Warning != "" {
			warnings = append(warnings, e.Warning)
		}
	})
	if sum.Played != 12 {
		t.Fatalf("played %d, want 12", sum.Played)
	}
	dir = filepath.Dir(cfg.File())
	golden.Check(t, "bots_forfeit_warnings.golden", []byte(strings.ReplaceAll(strings.Join(warnings, "\n"), dir, "DIR")+"\n"))
	for _, g := range readGames(t, cfg) {
		bad := 0
		for _, name := range []string{g.White, g.Black} {
			if name == "student" || name == "ghost" {
				bad++
			}
		}
		switch {
		case bad > 0 && g.Reason != referee.Start:
			t.Errorf("%s: reason %s, want start", g.ID, g.Reason)
		case bad == 2 && g.Loser != results.BothAtFault:
			t.Errorf("%s: loser %q, want both", g.ID, g.Loser)
		case bad == 0 && g.Reason != referee.Normal:
			t.Errorf("%s: reason %s, want normal", g.ID, g.Reason)
		}
	}
}

// TestMissingBotsRefused: a path bot whose binary is missing and a Lisp bot
// whose file is missing stop the league by default.
func TestMissingBotsRefused(t *testing.T) {
	cfg := loadLeague(t, `
rounds: 1
bots:
  - {name: ghost, path: ./no-such-bot}
  - {name: greedy, builtin: greedy}
  - name: lispy
    lisp: {files: [no-such-file.lisp], state: board, answer: state}
`)
	_, err := (&Runner{Config: cfg, Self: arenaBin}).Run(context.Background())
	var be *BotsError
	if !errors.As(err, &be) || len(be.Problems) != 2 {
		t.Fatalf("Run = %v, want a *BotsError with 2 problems", err)
	}
	for _, want := range []string{`:4: bot "ghost": no bot binary at `, "no-such-bot: fix the path or build the bot", `:6: bot "lispy": no Lisp file `, "no-such-file.lisp: fix lisp.files or restore the file"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("refusal lacks %q:\n%v", want, err)
		}
	}
}
