package arena

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/results"
)

// stampSh is a bot of the line protocol that writes stamp-N to stderr just
// before its N-th move, and stamp-end when it quits.
const stampSh = `#!/bin/sh
n=0
while read -r cmd rest; do
  case "$cmd" in
    arena) echo "bot name stamp-sh" ;;
    moves) set -- $rest; first=$1 ;;
    go) n=$((n+1)); echo "stamp-$n" >&2; echo "move $first" ;;
    quit) echo "stamp-end" >&2; exit 0 ;;
  esac
done
`

// stampLisp makes a Lisp bot of the example bot of bots/examples/lisp/jogador
// that prints loading-stamp while it loads and stamp-N in its N-th jogar,
// in dir, beside a copy of the rules it loads; it returns the bot's league
// entry.
func stampLisp(t *testing.T, dir string) string {
	t.Helper()
	examples := filepath.Join("..", "bots", "examples", "lisp")
	src, err := os.ReadFile(filepath.Join(examples, "jogador", "jogo.lisp"))
	if err != nil {
		t.Fatal(err)
	}
	rules, err := os.ReadFile(filepath.Join(examples, "regras.lisp"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.NewReplacer(
		"(in-package :pjogador)\n", "(in-package :pjogador)\n(format t \"loading-stamp~%\")\n(defvar *calls* 0)\n",
		"(declare (ignore tempo))\n", "(declare (ignore tempo))\n  (format t \"stamp-~d~%\" (incf *calls*))\n",
	).Replace(string(src))
	if strings.Count(text, "stamp") != 2 {
		t.Fatalf("the example bot changed: no place for the stamps in\n%s", src)
	}
	bot := filepath.Join(dir, "jogador", "jogo.lisp")
	if err := os.Mkdir(filepath.Dir(bot), 0o755); err != nil {
		t.Fatal(err)
	}
	for file, data := range map[string][]byte{bot: []byte(text), filepath.Join(dir, "regras.lisp"): rules} {
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return fmt.Sprintf("  - name: lisp\n    lisp: {files: [%q], reads: [%q], state: board-player-scores, answer: move-and-state, index_base: 1}\n",
		bot, filepath.Join(dir, "regras.lisp"))
}

// stampRE finds the stamps in a move's log.
var stampRE = regexp.MustCompile(`stamp-\d+`)

// moveLogLeague is a league of a bot of each kind that stamps its output
// at each call (Go, the line protocol, Common Lisp), each in 4 games, that
// TestBusyMachine plays beside its busy loops alone: every move's log
// holds the stamp of its own call and no other, what the Go and line bots
// write at their end is on their last line, after the move, and the Lisp
// bot's loading output is in its load log, not in its first move's.
func moveLogLeague(t *testing.T) busyLeague {
	if _, err := exec.LookPath("sbcl"); err != nil {
		t.Fatalf("no sbcl (%v): apt-get install sbcl", err)
	}
	testbot, err := testbin.Testbot()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	sh := filepath.Join(dir, "stamp.sh")
	if err := os.WriteFile(sh, []byte(stampSh), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := loadLeague(t, fmt.Sprintf(`
name: stamps
game: cavalo
seed: 3
rounds: 1
tempo_ms: 1000
start_timeout_ms: 60000
concurrency: 2
bots:
  - {name: go, path: %s, args: [stamp]}
  - {name: lines, path: %s, protocol: lines}
`, strconv.Quote(testbot), strconv.Quote(sh))+stampLisp(t, dir))
	check := func(t *testing.T, _, cfg *league.Config) {
		all := readGames(t, cfg)
		if len(all) != 6 {
			t.Fatalf("played %d games, want 6", len(all))
		}
		games := map[string]int{}
		for _, g := range all {
			games[g.White]++
			games[g.Black]++
			lines, err := results.ReadGameLog(cfg.Out, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			calls := map[string]int{}
			last := map[string]results.MoveLine{}
			for _, l := range lines {
				if strings.Contains(l.Log, "stamp-end") {
					t.Errorf("%s ply %d (%s): a move's log holds what the bot wrote at its end: %q", g.ID, l.Ply, l.Bot, l.Log)
				}
				if l.Side != "" {
					last[l.Bot] = l
				}
				if l.Side == "" || l.Forced {
					continue
				}
				calls[l.Bot]++
				want := fmt.Sprintf("stamp-%d", calls[l.Bot])
				stamps := stampRE.FindAllString(l.Log, -1)
				for _, s := range stamps {
					if s != want {
						t.Errorf("%s ply %d (%s): the log holds %s, want only %s: %q", g.ID, l.Ply, l.Bot, s, want, l.Log)
					}
				}
				if n, wantN := len(stamps), map[bool]int{true: 2, false: 1}[l.Bot == "go"]; n != wantN {
					t.Errorf("%s ply %d (%s): the log holds %d stamps, want %d (%s): %q", g.ID, l.Ply, l.Bot, n, wantN, want, l.Log)
				}
				if l.Bot == "lisp" && calls[l.Bot] == 1 {
					checkLoadLog(t, cfg, g.ID, l)
				}
			}
			for _, bot := range []string{g.White, g.Black} {
				if l := last[bot]; bot != "lisp" && l.AfterLog != "stamp-end\n" {
					t.Errorf("%s: %s's last line, ply %d, holds %q after the move, want stamp-end", g.ID, bot, l.Ply, l.AfterLog)
				}
			}
			if g.Plies < 4 {
				t.Errorf("%s: %d plies (%s, %s): too short to show anything", g.ID, g.Plies, g.Reason, g.Detail)
			}
		}
		for bot, n := range games {
			if n != 4 {
				t.Errorf("%s played %d games, want 4", bot, n)
			}
		}
	}
	return busyLeague{name: "move logs", busy: cfg, check: check}
}

// checkLoadLog fails unless the Lisp bot's first move of game id, l, has a
// load log that holds what it printed while loading, and its own log holds
// none of it.
func checkLoadLog(t *testing.T, cfg *league.Config, id string, l results.MoveLine) {
	t.Helper()
	if strings.Contains(l.Log, "loading-stamp") {
		t.Errorf("%s ply %d: the first move's log holds the loading's output: %q", id, l.Ply, l.Log)
	}
	if l.LoadLog == "" {
		t.Errorf("%s ply %d: no load log", id, l.Ply)
		return
	}
	load, err := os.ReadFile(filepath.Join(cfg.Out, results.GamesDir, l.LoadLog))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(load), "loading-stamp") || stampRE.Match(load) {
		t.Errorf("%s: the load log %s holds %q, want loading-stamp alone", id, l.LoadLog, load)
	}
}
