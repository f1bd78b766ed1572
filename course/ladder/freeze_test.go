package ladder

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/results"
)

// TestSetKeys: the freeze's league file carries the drawn seed and, for
// each rated group, a rating key arena reads; a group without a rating
// gets none, and intake's header gives way to the freeze's.
func TestSetKeys(t *testing.T) {
	const intake = `# intake data sha256 0000
# Written by arena intake from /class.

name: championship
game: cavalo
seed: 1
rounds: 1
bots:
  # P1: version 2; conventions
  - name: P1
    display: P1 ana/rui
    builtin: random
  - name: P2
    builtin: random
  - name: P3
    display: P3 caio
    builtin: greedy
`
	ratings := map[string]frozenRating{
		"P1": {version: 2, Row: results.Row{Elo: 1612.46, EloMargin: 40.04, Games: 38}},
		"P2": {version: 1, Row: results.Row{Elo: -35.04, EloMargin: 120, Games: 4}},
	}
	data, err := setKeys([]byte(intake), 42, ratings, "# frozen\n")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{"# frozen\n", "seed: 42 # drawn", "display: P1 ana/rui\n    rating: 1612.5 # ladder, version 2: ± 40.0 in 38 games\n", "name: P2\n    rating: -35.0 # ladder, version 1"} {
		if !strings.Contains(text, want) {
			t.Errorf("the league file lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "intake data") {
		t.Errorf("intake's header is left:\n%s", text)
	}
	cfg, _, err := league.Parse("championship.yaml", data)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	got := map[string]float64{}
	for _, b := range cfg.Bots {
		if b.Rating != nil {
			got[b.Name] = *b.Rating
		}
	}
	if len(got) != 2 || got["P1"] != 1612.5 || got["P2"] != -35 || cfg.Seed != 42 {
		t.Errorf("ratings %v, seed %d; want P1 1612.5, P2 -35, none for P3, seed 42", got, cfg.Seed)
	}
}
