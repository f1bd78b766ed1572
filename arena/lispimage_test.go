package arena

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/arenabots/arena/arena/lispimage"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// TestLispImagesLeague plays one league of Lisp bots and greedy twice,
// through real, sandboxed processes: loading the bots' files, and with
// saved images (Runner.LispImages). The sample jogador (restart: off,
// whose every game starts anew from its image) is built once into one
// image; efeito, whose loading writes a file its jogar reads
// (bots/lisp/testdata/sideeffect.lisp), has none, plays by loading, and a
// warning says why. Every game ends normally, with the same result and
// plies either way.
func TestLispImagesLeague(t *testing.T) {
	skipIfShort(t, "starts an SBCL for every bot of every game")
	if _, err := exec.LookPath("sbcl"); err != nil {
		t.Fatalf("no sbcl (%v): apt-get install sbcl", err)
	}
	lispDir, err := filepath.Abs(filepath.Join("..", "bots", "examples", "lisp"))
	if err != nil {
		t.Fatal(err)
	}
	sideEffect, err := filepath.Abs(filepath.Join("..", "bots", "lisp", "testdata", "sideeffect.lisp"))
	if err != nil {
		t.Fatal(err)
	}
	jogador := filepath.Join(lispDir, "jogador", "jogo.lisp")
	rules := filepath.Join(lispDir, "regras.lisp")
	body := fmt.Sprintf("seed: 3\nrounds: 1\ntempo_ms: 200\nstart_timeout_ms: 30000\nconcurrency: 2\nbots:\n"+
		"  - {name: greedy, builtin: greedy}\n"+
		"  - {name: jogador, restart: \"off\", lisp: {files: [%q], reads: [%q], index_base: 1}}\n"+
		"  - {name: efeito, lisp: {files: [%q, %q], reads: [%q], index_base: 1}}\n",
		jogador, rules, jogador, sideEffect, rules)

	images := &lispimage.Cache{Dir: t.TempDir()}
	var plays [2]map[string]string
	for i, im := range []*lispimage.Cache{nil, images} {
		cfg := loadLeague(t, body)
		var mu sync.Mutex
		var warnings []string
		r := &Runner{Config: cfg, Self: arenaBin, LispImages: im, Events: func(e Event) {
			if e.Warning != "" {
				mu.Lock()
				warnings = append(warnings, e.Warning)
				mu.Unlock()
			}
		}}
		if _, err := r.Run(context.Background()); err != nil {
			t.Fatalf("Run: %v", err)
		}
		plays[i] = map[string]string{}
		for _, g := range readGames(t, cfg) {
			if g.Reason != referee.Normal {
				t.Errorf("images %v: %s: reason %s, at fault %q (%s), want normal", im != nil, g.ID, g.Reason, g.Loser, g.Detail)
			}
			plays[i][g.ID] = fmt.Sprintf("%s %v %d plies", g.Result, g.Scores, g.Plies)
			log, err := os.ReadFile(filepath.Join(cfg.Out, results.GamesDir, g.ID+".log.dat"))
			if err != nil {
				t.Fatal(err)
			}
			// An image that does not start is said in the game's log.
			if strings.Contains(string(log), "no saved image") {
				t.Errorf("images %v: %s: a bot's image did not start:\n%s", im != nil, g.ID, log)
			}
		}
		want := []string(nil)
		if im != nil {
			want = []string{"lisp: efeito: no saved image (its loading writes dados.txt): loading the files"}
		}
		if !slices.Equal(warnings, want) {
			t.Errorf("images %v: warnings %q, want %q", im != nil, warnings, want)
		}
	}
	for id, p := range plays[0] {
		if plays[1][id] != p {
			t.Errorf("%s: %s loading, %s with images", id, p, plays[1][id])
		}
	}
	// The compiled driver beside it: every bot that loaded its files
	// loaded it.
	kept, _ := filepath.Glob(filepath.Join(images.Dir, "*"))
	cores, drivers := 0, 0
	for _, p := range kept {
		if strings.HasSuffix(p, ".core") {
			cores++
		}
		if strings.HasPrefix(filepath.Base(p), "driver-") && strings.HasSuffix(p, ".fasl") {
			drivers++
		}
	}
	if len(kept) != 2 || cores != 1 || drivers != 1 {
		t.Errorf("images folder holds %v, want jogador's core and the compiled driver alone", kept)
	}
}
