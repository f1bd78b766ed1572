package arena

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/results"
)

// playoffLeague is a league of three deterministic built-in bots on a
// small Dots and Boxes board that ends with the three level on every key:
// its playoff decides them, one tie after a tie-break board.
const playoffLeague = `name: po
seed: 9
rounds: 1
tempo_ms: 500
concurrency: 2
game: dots
game_options: {rows: 2, cols: 2, opening_arcs: 2}
tiebreak: playoff
bots:
  - {name: greedy, builtin: greedy}
  - {name: classic2, builtin: classic, options: {depth: 2}}
  - {name: classic3, builtin: classic, options: {depth: 3}}
`

// TestPlayoffLeague plays playoffLeague, stopped once its main event is
// over and resumed, as after a kill: the resumed run plays the playoff
// alone, its total growing as the playoff's games become known, and the
// standings on disk order the three by it; the crosstable leaves it out.
func TestPlayoffLeague(t *testing.T) {
	cfg := loadLeague(t, playoffLeague)
	main := len(tournament.Schedule(cfg.League(), nil))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop := func(e Event) {
		if e.End != nil && e.Done == main {
			cancel()
		}
	}
	if _, err := (&Runner{Config: cfg, Self: arenaBin, Events: stop}).Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v, want it stopped", err)
	}
	if n := len(readGames(t, cfg)); n != main {
		t.Fatalf("stopped with %d games in the journal, want the %d of the main event", n, main)
	}
	var totals []int
	sum := run(t, cfg, func(e Event) {
		if e.Start == nil && e.Move == nil && e.Warning == "" {
			totals = append(totals, e.Total)
			if e.Done > e.Total {
				t.Errorf("%d of %d games done", e.Done, e.Total)
			}
		}
	})
	// The playoff: three ties of a board pair, then one tie-break board.
	if sum.Skipped != main || sum.Played != 8 || sum.Total != main+8 {
		t.Errorf("skipped %d, played %d of %d; want %d, 8 of %d", sum.Skipped, sum.Played, sum.Total, main, main+8)
	}
	if !slices.IsSorted(totals) || totals[0] != main+6 || totals[len(totals)-1] != main+8 {
		t.Errorf("totals %v: want them growing from %d to %d", totals, main+6, main+8)
	}
	games := readGames(t, cfg)
	for _, g := range games {
		if _, err := os.Stat(results.MoveLogPath(cfg.Out, g.ID)); err != nil {
			t.Errorf("%s has no move log: %v", g.ID, err)
		}
	}
	st := tournament.Standings(cfg.League(), games)
	want := []string{"1 classic3 playoff 2 of 2 ties, 4.5 points", "2 classic2 playoff 1 of 2 ties, 3.5 points", "3 greedy playoff 0 of 2 ties, 0 points"}
	if got := placing(st); !slices.Equal(got, want) {
		t.Errorf("standings %q, want %q", got, want)
	}
	for _, r := range st.Rows {
		if r.Games != 4 || r.Points != 2 {
			t.Errorf("%s: %d games, %v points; want the main event's 4 and 2", r.Bot, r.Games, r.Points)
		}
	}
	res := &Results{Config: cfg, Games: games}
	ct := fmt.Sprint(res.Crosstable(st))
	if all := fmt.Sprint(results.NewCrosstable(games, st.Bots(), cfg.Scoring)); ct == all || ct != fmt.Sprint(results.NewCrosstable(tournament.MainGames(cfg.League(), games), st.Bots(), cfg.Scoring)) {
		t.Errorf("crosstable %s: want the main event's, not %s", ct, all)
	}
	for file, wants := range map[string][]string{
		"standings.md":   {"playoff 2 of 2 ties, 4.5 points", "then playoff", "playoff 1, of the bots level at #1: (1) greedy 0-2 (2) classic2"},
		"standings.csv":  {",tiebreak,playoff,", `playoff,"2 of 2 ties, 4.5 points"`},
		"standings.json": {`"playoffs": [`, `"tiebreak": "playoff"`},
	} {
		data, err := os.ReadFile(filepath.Join(cfg.Out, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range wants {
			if !strings.Contains(string(data), w) {
				t.Errorf("%s lacks %q:\n%s", file, w, data)
			}
		}
	}
}
