package arena

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/referee"
)

// TestStartedBotsAreNotCharged starts two bots that take 1.5 s to start,
// lets them wait stopped a while, then plays a game at 1 s a move: their
// start and their wait are not the game's, so the time charged is the
// moves' own, and no more than the game had run when each move ended. A
// charged start or wait (2.5 s) would exceed that however fast the machine
// is; the margin is untimedMS, so that a move that a busy machine makes
// late is no verdict of the test's.
func TestStartedBotsAreNotCharged(t *testing.T) {
	if testing.Short() {
		t.Skip("starts real bots that start slowly (-short)")
	}
	_, testbot := hostileDir(t)
	var seats [2]Seat
	for i := range seats {
		seats[i].Spec = host.ExecSpec(arenaBin, testbot, []string{"slowstart", "1500"})
		seats[i].Spec.Name = []string{"white", "black"}[i]
	}
	b := startLineup(context.Background(), seats, noneKept)
	defer b.Close()
	time.Sleep(time.Second) // the stimulus: stopped a whole tempo, which charged would be in the first move
	clock := referee.Clock{Tempo: time.Second, Margin: untimedMS * time.Millisecond}
	st := cavalo.New(5)
	var total time.Duration // charged so far, both sides
	begun := time.Now()
	rec := b.match(context.Background(), &st, referee.MatchOptions{Clock: clock, OnMove: func(m referee.MoveRecord) {
		total += m.Elapsed
		if ran := time.Since(begun); total > ran {
			t.Errorf("ply %d: %v charged in a game that had run %v: the start or the wait was charged", m.Ply, total, ran)
		}
	}})
	if rec.Reason != referee.Normal {
		t.Fatalf("game ended %v (%s), want normal", rec.Reason, rec.Detail)
	}
	var charged [2]time.Duration
	for _, m := range rec.Moves {
		charged[m.Side.Index()] += m.Elapsed
	}
	if charged != rec.Time {
		t.Errorf("time charged %v, want the moves' own %v", rec.Time, charged)
	}
}

// TestCancelStopsStartedBots cancels a league of one game at a time, its
// bots started ahead (Prestart), after its first game, while the next game
// plays and the bots of the one after are started: nothing of any bot is
// left.
func TestCancelStopsStartedBots(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a league of real bots (-short)")
	}
	_, testbot := hostileDir(t)
	cfg := loadLeague(t, `
name: cancel
seed: 3
rounds: 3
tempo_ms: 1000
concurrency: 1
bots:
  - {name: a, path: `+testbot+`, args: [ok]}
  - {name: b, path: `+testbot+`, args: [ok]}
  - {name: c, path: `+testbot+`, args: [ok]}
`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &Runner{Config: cfg, Self: arenaBin, Prestart: true, Events: func(e Event) {
		if e.End != nil {
			cancel()
		}
	}}
	if _, err := r.Run(ctx); err == nil {
		t.Fatal("cancelled run returned no error")
	}
	if n := len(readGames(t, cfg)); n < 1 || n >= 18 {
		t.Errorf("the journal has %d games, want 1..17", n)
	}
	assertNoLeftovers(t, testbot, ownerPrefix(t, os.Getpid()))
}
