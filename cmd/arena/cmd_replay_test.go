package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/results"
)

func TestReplayCmd(t *testing.T) {
	dir := writeLeague(t)
	tests := []struct {
		golden string
		args   []string
	}{
		{"replay_timeout.golden", []string{"replay", dir, "01-classic-greedy"}},
		{"replay_timeout_json.golden", []string{"replay", dir, "01-classic-greedy", "--json"}},
		{"replay_unplayed.golden", []string{"replay", dir, "03-random-lazy"}},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			out, err := runArena(t, dir, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, tt.golden, []byte(out))
		})
	}
	t.Run("same as log.dat", func(t *testing.T) {
		out, err := runArena(t, "", "replay", dir, "02-greedy-classic")
		if err != nil {
			t.Fatal(err)
		}
		dat, err := os.ReadFile(results.LogDatPath(dir, "02-greedy-classic"))
		if err != nil || out != wrapText(string(dat), maxWidth, "    ") {
			t.Errorf("replay differs from the log.dat, wrapped (%v)", err)
		}
	})
	t.Run("json is an array of the log's lines", func(t *testing.T) {
		out, err := runArena(t, "", "replay", dir, "02-greedy-classic", "--json")
		if err != nil {
			t.Fatal(err)
		}
		var lines []results.MoveLine
		if err := json.Unmarshal([]byte(out), &lines); err != nil {
			t.Fatal(err)
		}
		want, err := results.ReadGameLog(dir, "02-greedy-classic")
		if err != nil || len(lines) != len(want) || lines[len(lines)-1].Move != want[len(want)-1].Move {
			t.Errorf("got %d lines, want %d (%v)", len(lines), len(want), err)
		}
	})
	t.Run("move log without a journal line", func(t *testing.T) {
		if err := os.Rename(results.MoveLogPath(dir, "02-greedy-classic"), results.MoveLogPath(dir, "04-greedy-classic")); err != nil {
			t.Fatal(err)
		}
		out, err := runArena(t, dir, "replay", dir, "04-greedy-classic")
		if err != nil || !strings.HasPrefix(out, "game 04-greedy-classic (not in the journal)\n") {
			t.Errorf("got %v, %.60q", err, out)
		}
	})
	t.Run("display names", func(t *testing.T) {
		config := "name: course\nbots:\n  - {name: greedy, display: P7 Ana/Rui}\n  - {name: random}\n  - {name: classic}\n"
		if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte(config), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := runArena(t, "", "replay", dir, "01-greedy-random")
		if err != nil || !strings.Contains(out, "white P7 Ana/Rui, black random") || !strings.Contains(out, "  white  P7 Ana/Rui  ") || strings.Contains(out, "greedy ") {
			t.Errorf("replay does not name greedy P7 Ana/Rui, as the tables do (%v):\n%s", err, out)
		}
	})
}

func TestReplayCmdErrors(t *testing.T) {
	dir := writeLeague(t)
	os.Remove(results.MoveLogPath(dir, "02-random-classic"))
	empty := t.TempDir()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown id", []string{"replay", dir, "09-x-y"},
			`no game "09-x-y" in DIR (known: 01-classic-greedy, 01-greedy-random, 01-random-greedy, 02-classic-random, 02-greedy-classic and 2 more)`},
		{"path as id", []string{"replay", dir, "../../etc/passwd"}, `no game "../../etc/passwd" in DIR (known:`},
		{"no move log", []string{"replay", dir, "02-random-classic"},
			"game 02-random-classic has no move log " + filepath.Join("DIR", "games", "02-random-classic.jsonl")},
		{"missing dir", []string{"replay", "/no/such/dir", "01-a-b"}, "/no/such/dir: no such results directory"},
		{"no games yet", []string{"replay", empty, "01-a-b"}, `no game "01-a-b" in DIR: it has no games yet`},
		{"one argument", []string{"replay", dir}, "arena replay wants 2 argument(s), DIR GAME_ID; got 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := runArena(t, "", tt.args...)
			msg := ""
			if err != nil {
				msg = strings.ReplaceAll(strings.ReplaceAll(err.Error(), dir, "DIR"), empty, "DIR")
			}
			if !strings.Contains(msg, tt.want) || !isUsage(err) {
				t.Errorf("arena %q = %v, want a usage error containing %q", tt.args, msg, tt.want)
			}
		})
	}
}
