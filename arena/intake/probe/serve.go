package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/host"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/referee"
)

// Selector is the first argument of `arena bot serve` for a probe.
const Selector = "lisp-probe"

// defaultTimeout bounds a probe's calls, the submission's loading aside.
const defaultTimeout = 5 * time.Minute

// HostSpec returns the host.Spec that probes the Lisp bot c, called name,
// through self (arena's executable): the bot's own Spec (lisp.Spec: its
// sandbox, its view, its start timeout) running `self bot serve lisp-probe
// [given=KEY,...] key=value...` instead of the bot. given names the keys
// of c that a person set, which the probe takes as they are.
func HostSpec(self, name string, c lisp.Config, given []string) host.Spec {
	s := lisp.Spec(self, name, c)
	args := []string{"bot", "serve", Selector}
	if len(given) > 0 {
		args = append(args, "given="+strings.Join(given, ","))
	}
	s.Args = append(args, lisp.Args(c)[1:]...)
	return s
}

// Run starts the probe of spec (see HostSpec) and asks it for its findings
// on game at the league's tempo: the bot loads once, in its sandbox, and
// every convention is tried in that one process. A bot that does not
// start is not eligible, with the start error (which names the file and
// the Lisp condition) as the reason.
func Run(ctx context.Context, spec host.Spec, game referee.Game, tempo, timeout time.Duration) Findings {
	if timeout <= 0 {
		timeout = defaultTimeout
	}
	if err := spec.CheckOpen(); err != nil {
		return Findings{Reason: "does not start: " + oneLine(err.Error())}
	}
	p, err := host.Start(ctx, spec)
	if err != nil {
		return Findings{Reason: "does not start: " + startText(err)}
	}
	defer p.Close()
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	reply, err := p.Jogar(cctx, referee.Request{State: game.New(1), Tempo: tempo})
	if err != nil {
		return Findings{Package: p.Info().Name, Reason: "the probe failed: " + faultText(err)}
	}
	var f Findings
	if err := json.Unmarshal([]byte(reply.Move), &f); err != nil {
		return Findings{Package: p.Info().Name, Reason: fmt.Sprintf("the probe's answer is unreadable: %v", err)}
	}
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
	return oneLine(text)
}

// Serve is `arena bot serve lisp-probe [given=KEY,...] key=value...`: it
// loads the Lisp bot as lisp.Serve does, then serves a bot whose first
// call runs detect on the game of the position it is sent, at the tempo it
// is sent, and answers the findings, as JSON, in place of a move.
func Serve(ctx context.Context, args []string, log io.Writer) error {
	if len(args) > 0 && args[0] == Selector {
		args = args[1:]
	}
	var given []string
	if len(args) > 0 && strings.HasPrefix(args[0], "given=") {
		given = strings.Split(strings.TrimPrefix(args[0], "given="), ",")
		args = args[1:]
	}
	c, err := lisp.ParseArgs(args)
	if err != nil {
		return err
	}
	a, err := lisp.New(c, lisp.Options{Log: log})
	if err != nil {
		return err
	}
	defer a.Close()
	startCtx, cancel := context.WithTimeout(ctx, lisp.RecommendedStartTimeout)
	err = a.Start(startCtx)
	cancel()
	var f *referee.Fault
	if errors.As(err, &f) {
		err = f.Err
	}
	if err != nil {
		return err
	}
	bots.Serve(&prober{a: a, fixed: c, given: given})
	return nil
}

// prober is the bot that a probe process serves.
type prober struct {
	a     *lisp.Adapter
	fixed lisp.Config
	given []string
}

// Info is the Lisp bot's.
func (p *prober) Info() bots.Info { return p.a.Info() }

// Jogar runs detect and answers its findings as JSON.
func (p *prober) Jogar(ctx context.Context, st referee.State, tempo time.Duration) (bots.Answer, error) {
	f := detect(ctx, p.a, st.Game(), Options{Tempo: tempo, Fixed: p.fixed, Given: p.given})
	f.Package = p.a.Info().Name
	data, err := json.Marshal(f)
	if err != nil {
		return bots.Answer{}, err
	}
	return bots.Answer{Move: string(data)}, nil
}
