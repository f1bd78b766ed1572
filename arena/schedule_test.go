package arena

import (
	"fmt"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/referee"
)

func TestSchedule(t *testing.T) {
	cfg := &league.Config{Seed: 5, Rounds: 3, Bots: []league.BotConfig{{Name: "a"}, {Name: "b"}, {Name: "c"}}}
	games := tournament.Schedule(cfg.League(), nil)
	if got, want := len(games), 3*3*2; got != want {
		t.Fatalf("len = %d, want %d", got, want)
	}
	ids := map[string]bool{}
	colours := map[[2]int]int{}
	for _, g := range games {
		if ids[g.ID] {
			t.Errorf("duplicate id %s", g.ID)
		}
		ids[g.ID] = true
		if want := referee.RoundSeed(5, g.Round); g.Seed != want {
			t.Errorf("%s: seed %d, want %d", g.ID, g.Seed, want)
		}
		if want := fmt.Sprintf("%02d-%s-%s", g.Round, cfg.Bots[g.White].Name, cfg.Bots[g.Black].Name); g.ID != want {
			t.Errorf("id %s, want %s", g.ID, want)
		}
		colours[[2]int{g.White, g.Black}]++
	}
	for i := range 3 {
		for j := range 3 {
			if want := map[bool]int{true: 0, false: 3}[i == j]; colours[[2]int{i, j}] != want {
				t.Errorf("%d as white vs %d: %d games, want %d", i, j, colours[[2]int{i, j}], want)
			}
		}
	}
	again := tournament.Schedule(cfg.League(), nil)
	for i := range games {
		if games[i] != again[i] {
			t.Fatalf("schedule is not a pure function: game %d %v then %v", i, games[i], again[i])
		}
	}
	if games[0].Seed == games[len(games)-1].Seed {
		t.Error("rounds 1 and 3 share a board seed")
	}
}
