package arena

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// TestDotsLeague plays a small Dots and Boxes league of built-in bots that
// play it, with a bot that does not (the test bot plays only cavalo): its
// games are start forfeits that say so, the others end normally, and every
// logged position is the rules' replay of the logged moves.
func TestDotsLeague(t *testing.T) {
	testbot, err := testbin.Testbot()
	if err != nil {
		t.Fatal(err)
	}
	cfg := loadLeague(t, `
game: dots
game_options: {rows: 3, cols: 4, opening_arcs: 3}
rounds: 1
tempo_ms: 100
bots:
  - {name: greedy, builtin: greedy}
  - {name: alphabeta, builtin: alphabeta}
  - {name: cavaloonly, path: `+strconv.Quote(testbot)+`, args: [ok]}
`)
	if sum := run(t, cfg, nil); sum.Played != 6 {
		t.Fatalf("played %d, want 6", sum.Played)
	}
	for _, g := range readGames(t, cfg) {
		if g.White == "cavaloonly" || g.Black == "cavaloonly" {
			if g.Reason != referee.Start || g.Loser != "cavaloonly" || !strings.Contains(g.Detail, "plays cavalo, not dots") {
				t.Errorf("%s: reason %s, loser %q, detail %q; want start, cavaloonly, \"plays cavalo, not dots\"", g.ID, g.Reason, g.Loser, g.Detail)
			}
			continue
		}
		if g.Reason != referee.Normal {
			t.Errorf("%s: reason %s (%s), want normal", g.ID, g.Reason, g.Detail)
			continue
		}
		checkReplay(t, cfg, g.ID)
	}
}

// checkReplay checks game id's move log: each ply's position is the one
// before it with the logged move played, and the game ends with every arc
// drawn.
func checkReplay(t *testing.T, cfg *league.Config, id string) {
	t.Helper()
	lines, err := results.ReadGameLog(cfg.Out, id)
	if err != nil {
		t.Fatal(err)
	}
	var st referee.State
	for _, l := range lines {
		logged, err := cfg.Rules().Decode(l.Position)
		if err != nil {
			t.Fatalf("%s ply %d: %v", id, l.Ply, err)
		}
		if st == nil {
			st = logged
			continue
		}
		m, err := st.ParseMove(l.Move)
		if err != nil || !referee.Legal(st, m) {
			t.Fatalf("%s ply %d: move %q is not legal (%v)", id, l.Ply, l.Move, err)
		}
		st.Play(m)
		if d := st.(*dots.Position).Diff(logged); d != "" {
			t.Fatalf("%s ply %d: logged position differs from the replay: %s", id, l.Ply, d)
		}
	}
	if st == nil || !st.Terminal() {
		t.Errorf("%s: the log does not end with every arc drawn", id)
	}
	dat, err := os.ReadFile(results.LogDatPath(cfg.Out, id))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(dat), "+---+") {
		t.Errorf("%s.log.dat draws no board:\n%s", id, dat)
	}
}
