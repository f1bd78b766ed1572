package probe

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/referee"
)

// Selector is the first argument of `arena bot serve` for a probe.
const Selector = "lisp-probe"

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
