package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDisplayNameChanges checks that a bot's display: name is what
// standings, crosstable and exports show, and that changing it in the
// league file needs no --restart and replays no game (issue 30, row 4).
func TestDisplayNameChanges(t *testing.T) {
	t.Chdir(t.TempDir())
	league := func(display string) {
		t.Helper()
		text := "name: names\nrounds: 1\nbots:\n  - {name: p1, display: " + display + ", builtin: random}\n  - {name: p2, builtin: greedy}\n"
		if err := os.WriteFile("league.yaml", []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	league(`"P1 ana/rui"`)
	if out, err := arenaOut(t, "run", "league.yaml", "--plain"); err != nil || !strings.Contains(out, "P1 ana/rui") {
		t.Fatalf("arena run: %v\n%s", err, out)
	}
	league(`"P1 Ana + Rui"`)
	out, err := arenaOut(t, "run", "league.yaml", "--plain")
	if err != nil {
		t.Fatalf("arena run after a display name changed: %v\n%s", err, out)
	}
	dir := filepath.Join("results", "names")
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"standings", dir}, []string{"P1 Ana + Rui"}},
		{[]string{"standings", dir, "--format", "md"}, []string{"P1 Ana + Rui"}},
		{[]string{"standings", dir, "--format", "csv"}, []string{"rank,bot,display,", ",p1,P1 Ana + Rui,"}},
		{[]string{"standings", dir, "--format", "json"}, []string{`"bot": "p1"`, `"display": "P1 Ana + Rui"`}},
		{[]string{"crosstable", dir}, []string{"P1 Ana + Rui"}},
		{[]string{"crosstable", dir, "--format", "json"}, []string{`"p1": "P1 Ana + Rui"`}},
	} {
		out, err := arenaOut(t, tc.args...)
		if err != nil {
			t.Fatalf("arena %q: %v", tc.args, err)
		}
		for _, want := range tc.want {
			if !strings.Contains(out, want) {
				t.Errorf("arena %q does not show %q:\n%s", tc.args, want, out)
			}
		}
		if strings.Contains(out, "ana/rui") {
			t.Errorf("arena %q shows the old display name:\n%s", tc.args, out)
		}
	}
	games, err := os.ReadFile(filepath.Join(dir, "games.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(games), "\n"); n != 2 {
		t.Errorf("the journal holds %d games, want the 2 of the first run", n)
	}
}
