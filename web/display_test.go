package web

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arenabots/arena/results"
)

// TestDisplayNames checks that the page shows a bot's display: name from
// the results directory's config, escaped, in the standings and the
// crosstable, and keeps its name as the key.
func TestDisplayNames(t *testing.T) {
	dir := t.TempDir()
	cfg := "name: l\ngame: cavalo\nrounds: 1\nbots:\n  - {name: p1, display: \"P1 ana/rui\\e[2J\", builtin: greedy}\n  - {name: p2, builtin: random}\n"
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	info, err := readInfo(dir)
	if err != nil {
		t.Fatal(err)
	}
	l := &League{info: info, games: []results.Entry{{ID: "r1-p1-p2", White: "p1", Black: "p2", Result: results.WhiteWins}}}
	tab := l.tables("", l.games)
	want := `P1 ana/rui\x1b[2J`
	if len(tab.Standings) != 2 || tab.Crosstable.Display["p1"] != want {
		t.Fatalf("standings %+v, crosstable display %v; want p1 shown as %q", tab.Standings, tab.Crosstable.Display, want)
	}
	for _, r := range tab.Standings {
		if r.Bot == "p1" && r.Display != want || r.Bot == "p2" && r.Display != "" {
			t.Errorf("row %s shows %q", r.Bot, r.Display)
		}
	}
}
