package lisp

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/judgetest"
)

// TestHostVerdicts plays one game per fault through the real host
// (go-plugin, the sandbox, this adapter and SBCL), as a league does, and
// checks that the referee's verdict names the bot's real fault: an answer
// arena cannot read is illegal, not a crash; a Lisp error is a crash that
// names the function; a load failure is a start failure with the file and
// line. modes.lisp misbehaves by tempo.
func TestHostVerdicts(t *testing.T) {
	tests := []struct {
		name   string
		cfg    Config
		tempo  time.Duration
		reason referee.Reason
		detail string
	}{
		{"an answer without a move", Config{Files: []string{"testdata/modes.lisp"}}, 107 * time.Millisecond, referee.Illegal, `bad move "42"`},
		{"a circular answer", Config{Files: []string{"testdata/modes.lisp"}}, 110 * time.Millisecond, referee.Illegal, unreadableMove},
		{"a Lisp error", Config{Files: []string{"testdata/modes.lisp"}}, 114 * time.Millisecond, referee.Crash, "jogar signalled TYPE-ERROR in PMODES::AVALIA: The value 5 is not of type LIST"},
		{"estado with the wrong side", Config{Files: []string{"testdata/knightside.lisp"}, Reads: rules}, time.Second, referee.Illegal, `bad move "NIL"`},
		{"a load failure", Config{Files: []string{"testdata/nested/top.lisp"}}, time.Second, referee.Start, "nested/bad.lisp, line 2: TYPE-ERROR"},
		{"as handed in", handedIn, time.Second, referee.Illegal, "A1 is not a legal move"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			rec := hostGame(ctx, t, tc.cfg, tc.tempo)
			if rec.Reason != tc.reason || rec.Loser != referee.White || !strings.Contains(rec.Detail, tc.detail) {
				t.Errorf("game ended with %s against %s: %s\nwant %s against white, mentioning %q", rec.Reason, rec.Loser, rec.Detail, tc.reason, tc.detail)
			}
		})
	}
}

// hostGame plays the Lisp bot c as white, through the host, against a
// bot that plays its first legal move, at tempo.
func hostGame(ctx context.Context, t *testing.T, c Config, tempo time.Duration) referee.Record {
	t.Helper()
	var white referee.Player
	p, err := host.Start(ctx, hostSpec(t, "white", c))
	if err != nil {
		// A bot that cannot start loses as the league has it.
		white = failing{err}
	} else {
		defer p.Close()
		white = p
	}
	st := cavalo.New(5)
	clock := referee.Clock{Tempo: tempo, Margin: 5 * time.Second}
	return referee.Match(ctx, &st, [2]referee.Player{white, judgetest.FirstLegal{}}, referee.MatchOptions{Clock: clock})
}

// failing is a player whose every call fails with err.
type failing struct{ err error }

func (f failing) Jogar(context.Context, referee.Request) (referee.Reply, error) {
	return referee.Reply{}, f.err
}
