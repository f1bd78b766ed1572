package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/course/intake/intaketest"
	"github.com/arenabots/arena/results"
)

// TestIntakeHyphenNamesRun hands in two entries named on purpose so that
// their game's id was that of two other groups' game
// ("01-p2203001-2203002-p2203003-2203004" both), through `arena intake`
// and `arena run`: every game of the four groups is played and counts.
func TestIntakeHyphenNamesRun(t *testing.T) {
	t.Parallel()
	examples := lispExamples(t)
	dir := t.TempDir() // arena run writes results/NAME here
	file := filepath.Join(dir, "league.yaml")
	class := filepath.Join(dir, "entregas")
	if err := os.Mkdir(class, 0o755); err != nil {
		t.Fatal(err)
	}
	groups := []string{"P2_ana_2203001_rui_2203002", "P2_bia_2203003_eva_2203004", "p2203001-2203002-p2203003", "2203004"}
	wantBots := []string{"p2203001-2203002", "p2203003-2203004", "p2203001-2203002-p2203003", "2203004"}
	samples := map[string]bool{"caio_2201005_luis_2201006_P3": true, "dani_2201007_joao_2201008_P4": true, "sara_2201011_vasco_2201012_P6": true, "ugo_2201015_zoe_2201016_P8": true}
	n := 0
	for _, s := range intaketest.Samples {
		if samples[s.Group] {
			if err := intaketest.AssembleAs(examples, class, s, groups[n], n%2 == 0); err != nil {
				t.Fatal(err)
			}
			n++
		}
	}
	if out, err := arenaExecIn(t, dir, "intake", class, "--tempo", "20", "--margin", "1000", "--rounds", "1", "-o", "league.yaml", "--out", "work"); err != nil {
		t.Fatalf("arena intake: %v\n%s", err, out)
	}
	cfg, _, err := league.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, b := range cfg.Bots {
		names = append(names, b.Name)
	}
	for _, want := range wantBots {
		if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+want+" ") {
			t.Fatalf("the league's bots are %v, want %v", names, wantBots)
		}
	}
	// Each bot plays six games: loading its files for them costs less
	// than building its saved image and starting from it (image: false,
	// as a lecturer may set it; TestIntakeThenRun's challenger and
	// arena's TestLispImagesLeague play from images).
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	loaded := strings.ReplaceAll(string(text), "\n    lisp:\n", "\n    lisp:\n      image: false\n")
	if n := strings.Count(loaded, "image: false"); n != len(wantBots) {
		t.Fatalf("image: false set for %d bots, want %d:\n%s", n, len(wantBots), loaded)
	}
	if err := os.WriteFile(file, []byte(loaded), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := arenaExecIn(t, dir, "run", "league.yaml", "--plain", "--concurrency", "2"); err != nil {
		t.Fatalf("arena run: %v\n%s", err, out)
	}
	games, _, err := results.ReadJournal(filepath.Join(under(dir, cfg.Out), results.JournalName))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 12 {
		t.Errorf("%d games played, want 12", len(games))
	}
	ids := map[string]bool{}
	for _, g := range games {
		ids[g.ID] = true
	}
	if len(ids) != 12 {
		t.Errorf("%d ids among %d games", len(ids), len(games))
	}
}
