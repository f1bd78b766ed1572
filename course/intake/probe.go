package intake

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/referee"
)

// probeTimeout bounds a probe's calls, the submission's loading aside.
const probeTimeout = 5 * time.Minute

// runProbe starts the probe of spec (see botkind.ProbeSpec) and asks it for its findings
// on game at the league's tempo: the bot loads once, in its sandbox, and
// every convention is tried in that one process. A bot that does not
// start is not eligible, with the start error (which names the file and
// the Lisp condition) as the reason.
func runProbe(ctx context.Context, spec host.Spec, game referee.Game, tempo, timeout time.Duration) probe.Findings {
	if timeout <= 0 {
		timeout = probeTimeout
	}
	if err := spec.CheckOpen(); err != nil {
		return probe.Findings{Reason: "does not start: " + probe.OneLine(err.Error())}
	}
	p, err := host.Start(ctx, spec)
	if err != nil {
		return probe.Findings{Reason: "does not start: " + startText(err)}
	}
	defer p.Close()
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	reply, err := p.Jogar(cctx, referee.Request{State: game.New(1), Tempo: tempo})
	var f probe.Findings
	if err != nil {
		f = probe.Findings{Package: p.Info().Name, Reason: "the probe failed: " + probe.FaultText(err)}
	} else if err := json.Unmarshal([]byte(reply.Move), &f); err != nil {
		f = probe.Findings{Package: p.Info().Name, Reason: fmt.Sprintf("the probe's answer is unreadable: %v", err)}
	}
	// The call's log holds all the bot wrote: while it loaded (marked),
	// then in every call of the probe.
	f.Load, f.Output = referee.SplitLoadLog(reply.Log)
	f.Load, f.Output = strings.TrimSpace(f.Load), strings.TrimSpace(f.Output)
	return f
}

// startText is the start error err on one line, without the host's
// prefixes.
func startText(err error) string {
	var f *referee.Fault
	if errors.As(err, &f) {
		err = f.Err
	}
	var b *host.BotError
	if errors.As(err, &b) {
		err = b.Err
	}
	// What the bot process said last is the point; the host's account of
	// its exit comes before it.
	text := err.Error()
	if _, said, ok := strings.Cut(text, "before the handshake: "); ok {
		text = strings.TrimPrefix(said, "arena: ")
	}
	return probe.OneLine(text)
}
