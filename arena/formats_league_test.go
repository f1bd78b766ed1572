package arena

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/results"
)

// swissLeague is a Swiss of 16 built-in bots over 5 rounds, at a short
// tempo, each bot kept from game to game (restart: off): the test is about
// the pairings, not the bots' starts.
func swissLeague() string {
	var b strings.Builder
	b.WriteString("name: swiss16\nseed: 5\nformat: swiss\nrounds: 5\ntempo_ms: 50\nconcurrency: 2\nrestart: off\nbots:\n")
	for i := range 12 {
		fmt.Fprintf(&b, "  - {name: random%d, builtin: random, options: {seed: %d}}\n", i, i)
	}
	b.WriteString("  - {name: greedy, builtin: greedy}\n  - {name: classic1, builtin: classic, options: {depth: 1}}\n")
	b.WriteString("  - {name: classic2, builtin: classic, options: {depth: 2}}\n  - {name: ab, builtin: alphabeta, options: {nodes: 1500}}\n")
	return b.String()
}

func TestSwissLeague(t *testing.T) {
	skipIfShort(t, "a Swiss of 16 bots, 80 games")
	cfg := loadLeague(t, swissLeague())
	sum := run(t, cfg, nil)
	if sum.Played != 80 || sum.Total != 80 {
		t.Fatalf("played %d of %d, want 80 of 80", sum.Played, sum.Total)
	}
	games := readGames(t, cfg)
	checkSwiss(t, cfg, games, 5)
	assertComplete(t, cfg, 80)
	data, err := os.ReadFile(filepath.Join(cfg.Out, "standings.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Buch", "SB", "Buchholz"} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("standings.txt does not show %s:\n%s", want, data)
		}
	}
}

// knockoutLeague returns the league file of testdata/knockout6.yaml, one
// game at a time.
func knockoutLeague(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("testdata/knockout6.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(data) + "concurrency: 1\n"
}

// checkBracket checks a finished knockout of six: two byes, for seeds 1
// and 2, every tie decided, and one winner, the winner of the final; it
// returns the bracket.
func checkBracket(t *testing.T, cfg *league.Config) *results.Bracket {
	t.Helper()
	games := readGames(t, cfg)
	assertComplete(t, cfg, len(tournament.Schedule(cfg.League(), games)))
	b := tournament.Standings(cfg.League(), games).Bracket
	if b == nil || len(b.Rounds) != 3 {
		t.Fatalf("bracket %+v, want 3 rounds", b)
	}
	var byes []int
	for _, tie := range b.Rounds[0] {
		if tie.Bye {
			byes = append(byes, tie.Seeds[0])
		}
	}
	if fmt.Sprint(byes) != "[1 2]" {
		t.Errorf("byes for seeds %v, want [1 2]", byes)
	}
	for r, round := range b.Rounds {
		for _, tie := range round {
			if tie.Winner == "" {
				t.Errorf("round %d: tie %v undecided", r+1, tie.Bots)
			}
		}
	}
	final := b.Rounds[2][0]
	if b.Winner == "" || b.Winner != final.Winner {
		t.Errorf("winner %q, the final's %q", b.Winner, final.Winner)
	}
	return b
}

// TestKnockoutLeague plays a knockout of six to its end (see checkBracket).
// Unless -short, it then kills an arena process with SIGKILL in the middle
// of the same knockout's first round and resumes the league in a new arena
// process: the bracket ends as the uninterrupted run's does.
func TestKnockoutLeague(t *testing.T) {
	whole := loadLeague(t, knockoutLeague(t))
	sum := run(t, whole, nil)
	if sum.Played < 10 || sum.Played != sum.Total {
		t.Errorf("played %d of %d, want 10 or more, all", sum.Played, sum.Total)
	}
	want := checkBracket(t, whole)
	data, err := os.ReadFile(filepath.Join(whole.Out, "standings.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte("knockout bracket")) || !bytes.Contains(data, []byte("winner: ")) {
		t.Errorf("standings.txt has no bracket:\n%s", data)
	}
	t.Run("resume after kill -9", func(t *testing.T) {
		skipIfShort(t, "plays the knockout again")
		cfg := loadLeague(t, knockoutLeague(t))
		arenaRun := func() *exec.Cmd {
			cmd := exec.Command(arenaBin, "run", "--plain", cfg.File())
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			return cmd
		}
		cmd := arenaRun()
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		journal := filepath.Join(cfg.Out, results.JournalName)
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(2 * time.Millisecond) {
			data, _ := os.ReadFile(journal)
			if bytes.Count(data, []byte("\n")) >= 1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no game in 60s; output:\n%s", out.String())
			}
		}
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // arena and its bots, as a crash would
		cmd.Wait()
		games := readGames(t, cfg)
		first := tournament.Schedule(cfg.League(), nil) // round 1: two ties of two games
		if len(games) == 0 || len(games) >= len(first) {
			t.Fatalf("killed with %d games in the journal, want 1 to %d: the middle of round 1", len(games), len(first)-1)
		}
		resume := arenaRun()
		if out, err := resume.CombinedOutput(); err != nil {
			t.Fatalf("resume: %v\n%s", err, out)
		} else if !strings.Contains(string(out), fmt.Sprintf("resuming: %d of", len(games))) {
			t.Errorf("the resumed run does not say it resumes after %d games:\n%s", len(games), out)
		}
		got := checkBracket(t, cfg)
		if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
			t.Errorf("bracket after kill -9 and resume:\n%+v\nwant the uninterrupted run's:\n%+v", got, want)
		}
	})
}

// TestFormatConfigsRun plays the ready files of each format in configs/ to
// their end, as a fresh clone would, and the groups + knockout of
// group-a, group-b and final, the final seeded from the groups.
func TestFormatConfigsRun(t *testing.T) {
	skipIfShort(t, "plays the ready files of configs/")
	dir := t.TempDir()
	for _, name := range []string{"gauntlet", "swiss", "knockout", "group-a", "group-b", "final"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "configs", name+".yaml"))
			if err != nil {
				t.Fatal(err)
			}
			// The configs live in dir/configs and write to dir/results,
			// as in a clone.
			file := filepath.Join(dir, "configs", name+".yaml")
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, data, 0o644); err != nil {
				t.Fatal(err)
			}
			cfg, _, err := league.Load(file)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), "out:") {
				cfg.Out = filepath.Join(dir, "results", cfg.Name)
			}
			// At 20 ms a move: alphabeta searches 70 % of its tempo,
			// at the files' 100 ms most of the test's CPU time; what the
			// test checks holds at any tempo.
			cfg.TempoMS = 20
			sum := run(t, cfg, nil)
			if sum.Played == 0 || sum.Played != sum.Total {
				t.Errorf("played %d of %d", sum.Played, sum.Total)
			}
			assertComplete(t, cfg, len(tournament.Schedule(cfg.League(), readGames(t, cfg))))
			if name == "final" {
				var seeds []string
				for _, b := range cfg.Bots {
					seeds = append(seeds, b.Name)
				}
				if len(seeds) != 4 {
					t.Errorf("final seeds %v: want the first two of each group", seeds)
				}
				if b := tournament.Standings(cfg.League(), readGames(t, cfg)).Bracket; b == nil || b.Winner == "" {
					t.Errorf("final: bracket %+v has no winner", b)
				}
			}
		})
	}
}
