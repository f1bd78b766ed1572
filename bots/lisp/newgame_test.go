package lisp

import (
	"context"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
)

// TestNewGameFreshImage tells a started Lisp bot that a new game starts: it
// gets a fresh SBCL (a Lisp bot keeps nothing between games), which then
// answers.
func TestNewGameFreshImage(t *testing.T) {
	a, _ := startAdapter(t, Config{Files: []string{"testdata/first.lisp"}})
	before := a.proc.cmd.Process.Pid
	ctx, cancel := context.WithTimeout(context.Background(), RecommendedStartTimeout)
	defer cancel()
	if err := a.NewGame(ctx); err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	if after := a.proc.cmd.Process.Pid; after == before {
		t.Errorf("NewGame kept SBCL %d: want a fresh image", before)
	}
	st := cavalo.New(1)
	if ans, err := a.Jogar(ctx, &st, time.Second); err != nil || ans.Move != "A1" {
		t.Errorf("Jogar after NewGame: %+v, %v; want A1", ans, err)
	}
}
