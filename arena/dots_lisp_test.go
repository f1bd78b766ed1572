package arena

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/arenabots/arena/referee"
)

// TestDotsLispLeague plays a Dots and Boxes league of the course-style Lisp
// sample bots, one per answer shape (the new estado after a whole turn,
// (jogada estado), the bare board), against greedy through real, sandboxed
// processes: every game ends normally, so no Lisp bot got a verdict of its
// own, and every logged ply is the rules' replay.
func TestDotsLispLeague(t *testing.T) {
	skipIfShort(t, "starts an SBCL for every bot of every game")
	if _, err := exec.LookPath("sbcl"); err != nil {
		t.Fatalf("no sbcl (%v): apt-get install sbcl", err)
	}
	samples, err := filepath.Abs(filepath.Join("..", "bots", "examples", "lisp", "dots"))
	if err != nil {
		t.Fatal(err)
	}
	entry := func(name, extra string) string {
		return fmt.Sprintf("  - name: %s\n    lisp: {files: [%q], reads: [%q]%s}\n",
			name, filepath.Join(samples, name, "jogo.lisp"), filepath.Join(samples, "regras.lisp"), extra)
	}
	cfg := loadLeague(t, "game: dots\ngame_options: {opening_arcs: 4}\nseed: 5\nrounds: 1\ntempo_ms: 200\nstart_timeout_ms: 30000\nbots:\n"+
		"  - {name: greedy, builtin: greedy}\n"+
		entry("estado", ", package: pestado, tempo_scale: 1000")+
		entry("jogada", "")+
		entry("tabuleiro", ", state: board"))
	if sum := run(t, cfg, nil); sum.Played != 12 {
		t.Fatalf("played %d, want 12", sum.Played)
	}
	for _, g := range readGames(t, cfg) {
		if g.Reason != referee.Normal {
			t.Errorf("%s: reason %s, at fault %q (%s), want normal", g.ID, g.Reason, g.Loser, g.Detail)
			continue
		}
		checkReplay(t, cfg, g.ID)
	}
}
