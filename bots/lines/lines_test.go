package lines

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

func TestParseInfo(t *testing.T) {
	got := parseInfo(strings.Fields("name My Bot author Ana Rui version 1.2"))
	if got.Name != "My Bot" || got.Author != "Ana Rui" || got.Version != "1.2" {
		t.Errorf("parseInfo = %+v", got)
	}
}

func TestReadStats(t *testing.T) {
	var s referee.Stats
	readStats(&s, strings.Fields("depth 6 nodes 12345 bogus eval -1.5 cuts 7 pv E5 C4xH8"))
	if s.Depth != 6 || s.Nodes != 12345 || s.Eval != -1.5 || s.Cuts != 7 || strings.Join(s.PV, " ") != "E5 C4xH8" {
		t.Errorf("readStats = %+v", s)
	}
}

// TestAdapter plays moves with a shell-script bot, unsandboxed: what it is
// sent, and the move and stats read back; newgame comes before a game's
// first call only (the bot counts it in its nodes).
func TestAdapter(t *testing.T) {
	dir := t.TempDir()
	bot := filepath.Join(dir, "bot.sh")
	script := `#!/bin/sh
while read -r cmd rest; do
  case "$cmd" in
    arena) echo "bot name sh author test" ;;
    newgame) echo "newgame seen" >&2; games=$((games+1)) ;;
    moves) set -- $rest; first=$1 ;;
    go) echo "info depth 2 nodes $games"; echo "move $first" ;;
    quit) exit 0 ;;
  esac
done
`
	if err := os.WriteFile(bot, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	a, err := Start(context.Background(), bot, nil, cavalo.Name, &log)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if i := a.Info(); i.Name != "sh" || i.Author != "test" || len(i.Games) != 1 || i.Games[0] != cavalo.Name {
		t.Errorf("Info = %+v", i)
	}
	st := cavalo.New(1)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var buf [referee.MaxMoves]referee.Move
	want := st.FormatMove(st.Moves(buf[:0])[0])
	for i, games := range []int64{1, 1, 2} {
		if i == 2 {
			if err := a.NewGame(ctx); err != nil {
				t.Fatal(err)
			}
		}
		ans, err := a.Jogar(ctx, &st, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Move != want || ans.Stats.Depth != 2 || ans.Stats.Nodes != games {
			t.Errorf("call %d: answer %+v, want move %s with depth 2, nodes (newgames) %d", i+1, ans, want, games)
		}
	}
	a.Close()
	if !strings.Contains(log.String(), "newgame seen") {
		t.Errorf("the bot's stderr: %q, want its log", log.String())
	}
}
