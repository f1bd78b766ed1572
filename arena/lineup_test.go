package arena

import (
	"context"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/botkind"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/web/human"
)

// firstLegal is a Source that enters the first legal move.
type firstLegal struct{}

func (firstLegal) Move(_ context.Context, req referee.Request, _ string) (string, error) {
	return req.State.FormatMove(req.Legal[0]), nil
}

// TestPlaySeat plays a person (a scripted Source) against a built-in bot's
// process, each keeping its own clock.
func TestPlaySeat(t *testing.T) {
	st := cavalo.Game{}.New(4)
	seats := [2]Seat{{Player: human.New("human", firstLegal{})}, {Spec: botkind.Ref{Builtin: "greedy"}.Spec(arenaBin, "greedy", "")}}
	var procs [2]*host.Process
	opt := referee.MatchOptions{Clock: referee.Clock{Tempo: time.Second, Margin: time.Second}, Own: [2]*referee.Clock{{}, nil}}
	rec := Match(t.Context(), st, seats, opt, func(p [2]*host.Process) { procs = p })
	if rec.Reason != referee.Normal {
		t.Fatalf("game ended %v (%s), want normal", rec.Reason, rec.Detail)
	}
	if procs[0] != nil || procs[1] == nil {
		t.Errorf("started %v, want Black's process alone", procs)
	}
}
