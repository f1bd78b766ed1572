package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// playout plays a Cavalo game on seed's board as the referee would record
// it, with deterministic moves (index ply mod count), times and statistics.
// With faultAt > 0, the side to move at that ply times out there.
func playout(t *testing.T, seed uint64, faultAt int) (referee.State, referee.Record) {
	t.Helper()
	initial := cavalo.Game{}.New(seed)
	st := initial.Clone()
	var rec referee.Record
	var buf [referee.MaxMoves]referee.Move
	for {
		moves := st.Moves(buf[:0])
		ply, side := st.Ply()+1, st.ToMove()
		switch {
		case len(moves) == 0:
			rec.Scores, rec.Reason = st.Scores(), referee.Normal
			rec.Winner = referee.Winner(rec.Scores)
			return initial, rec
		case ply == faultAt:
			rec.Moves = append(rec.Moves, referee.MoveRecord{Ply: ply, Side: side, Elapsed: 1250 * time.Millisecond})
			rec.Scores, rec.Reason, rec.Loser, rec.Winner = st.Scores(), referee.Timeout, side, side.Other()
			rec.Detail = side.String() + " answered after 1.25s, limit 1.25s"
			return initial, rec
		}
		m := moves[ply%len(moves)]
		mr := referee.MoveRecord{Ply: ply, Side: side, Move: st.FormatMove(m), Forced: len(moves) == 1}
		if !mr.Forced {
			mr.Elapsed = time.Duration(ply) * 1100 * time.Microsecond
			mr.Stats = referee.Stats{Nodes: int64(ply) * 100, Cuts: int64(ply), Depth: 3, Eval: 0.5}
		}
		rec.Time[side.Index()] += mr.Elapsed
		st.Play(m)
		rec.Moves = append(rec.Moves, mr)
	}
}

// writeLeague writes a small league's results directory: a journal with
// played games, a fault and a double forfeit, their move logs, and a
// config.yaml with football scoring.
func writeLeague(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "course")
	j, err := results.OpenJournal(filepath.Join(dir, results.JournalName))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	start := time.Date(2025, 5, 1, 14, 0, 0, 0, time.UTC)
	games := []struct {
		id, white, black string
		seed             uint64
		faultAt          int
	}{
		{"01-greedy-random", "greedy", "random", 11, 0},
		{"01-random-greedy", "random", "greedy", 11, 0},
		{"01-classic-greedy", "classic", "greedy", 11, 9},
		{"02-classic-random", "classic", "random", 22, 0},
		{"02-random-classic", "random", "classic", 22, 0},
		{"02-greedy-classic", "greedy", "classic", 22, 0},
	}
	for i, gm := range games {
		initial, rec := playout(t, gm.seed, gm.faultAt)
		t0 := start.Add(time.Duration(i) * time.Minute)
		g := results.FromRecord(gm.id, int(gm.id[1]-'0'), gm.seed, gm.white, gm.black, rec, t0, t0.Add(40*time.Second))
		if err := results.WriteGameLog(dir, g, initial, rec); err != nil {
			t.Fatal(err)
		}
		if err := j.Append(g); err != nil {
			t.Fatal(err)
		}
	}
	// Neither bot started: a loss for both, with an empty move log.
	st := cavalo.Game{}.New(33)
	rec := referee.Unplayed(st, 0, referee.Start, "both: exec: no such file")
	g := results.FromRecord("03-random-lazy", 3, 33, "random", "lazy", rec, start, start)
	if err := results.WriteGameLog(dir, g, st, rec); err != nil {
		t.Fatal(err)
	}
	if err := j.Append(g); err != nil {
		t.Fatal(err)
	}
	config := `# resolved config
name: course
seed: 1
scoring: {win: 3, draw: 1, loss: 0}
bots:
  - name: greedy
    builtin: greedy
  - name: random
    builtin: random
  - name: classic
    builtin: classic
  - name: lazy
    path: ./lazy
  - name: idle
    builtin: random
`
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// runArena runs the arena command line in process and returns its output,
// with the results directory replaced by DIR.
func runArena(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(&out)
	root.SetErr(&out)
	err := root.Execute()
	s := out.String()
	checkWidth(t, args, s)
	if dir != "" {
		s = strings.ReplaceAll(s, dir, "DIR")
	}
	return s, err
}

// isUsage reports whether err makes arena exit with status 2.
func isUsage(err error) bool {
	var u usageError
	return errors.As(err, &u)
}

func TestStandingsCmd(t *testing.T) {
	dir := writeLeague(t)
	for _, f := range []string{"text", "md", "csv", "json"} {
		t.Run(f, func(t *testing.T) {
			out, err := runArena(t, dir, "standings", dir, "--format", f)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "standings_"+f+".golden", []byte(out))
		})
	}
	t.Run("wide", func(t *testing.T) {
		out, err := runArena(t, dir, "standings", dir, "--wide")
		if err != nil {
			t.Fatal(err)
		}
		checkGolden(t, "standings_wide.golden", []byte(out))
	})
	t.Run("80 columns", func(t *testing.T) {
		out, err := runArena(t, dir, "standings", dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > results.BriefWidth {
				t.Errorf("line of %d columns: %s", n, line)
			}
		}
	})
	t.Run("default scoring", func(t *testing.T) {
		if err := os.Remove(filepath.Join(dir, "config.yaml")); err != nil {
			t.Fatal(err)
		}
		out, err := runArena(t, dir, "standings", dir, "-f", "csv")
		if err != nil {
			t.Fatal(err)
		}
		checkGolden(t, "standings_default_scoring.golden", []byte(out))
	})
}

func TestStandingsCmdErrors(t *testing.T) {
	dir := writeLeague(t)
	empty := t.TempDir()
	file := filepath.Join(dir, "config.yaml")
	badScoring := filepath.Join(t.TempDir(), "bad")
	os.MkdirAll(badScoring, 0o755)
	os.WriteFile(filepath.Join(badScoring, results.JournalName), nil, 0o644)
	os.WriteFile(filepath.Join(badScoring, "config.yaml"), []byte("name: x\nscoring: three\n"), 0o644)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"missing dir", []string{"standings", "/no/such/dir"}, "/no/such/dir: no such results directory"},
		{"not a dir", []string{"crosstable", file}, file + " is not a directory"},
		{"no journal", []string{"standings", empty}, empty + ": no games.jsonl"},
		{"bad scoring", []string{"standings", badScoring}, filepath.Join(badScoring, "config.yaml") + ":2: scoring: want numbers"},
		{"bad format", []string{"standings", dir, "--format", "html"}, `unknown format "html": want one of text, md, csv, json`},
		{"no dir", []string{"crosstable"}, "arena crosstable wants 1 argument(s), DIR; got 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := runArena(t, "", tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !isUsage(err) {
				t.Errorf("arena %q = %v, want a usage error containing %q", tt.args, err, tt.want)
			}
		})
	}
}

func TestReportHelp(t *testing.T) {
	for _, cmd := range []string{"standings", "crosstable", "replay"} {
		t.Run(cmd, func(t *testing.T) {
			out, err := runArena(t, "", cmd, "--help")
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, cmd+"_help.golden", []byte(out))
		})
	}
}
