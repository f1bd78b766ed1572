package lisp

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/referee"
)

// BuildTimeout bounds a build of a saved image (`bot serve lisp
// build=PATH`): loading, within RecommendedStartTimeout as a game's start,
// then SBCL writing its image.
const BuildTimeout = RecommendedStartTimeout + 30*time.Second

// Serve is `arena bot serve lisp ...`: it reads args (the words after
// `bot serve`, as Args writes them), starts SBCL and loads the bot's files
// within RecommendedStartTimeout, then serves the adapter with bots.Serve
// until arena stops it. With build=PATH (Config.BuildCore) it builds the
// bot's saved image into PATH instead (Build, within BuildTimeout) and
// returns; its error's text then ends with why there is no image. The
// bot's output goes to log (the serve command passes os.Stderr, which
// arena keeps with each move). It returns an error
// only when the bot cannot start; the command should print it and exit
// with a non-zero status, which arena reports as a start failure.
func Serve(ctx context.Context, args []string, log io.Writer) error {
	c, err := ParseArgs(args)
	if err != nil {
		return err
	}
	a, err := New(c, Options{Log: log})
	if err != nil {
		return err
	}
	defer a.Close()
	if c.BuildCore != "" {
		buildCtx, cancel := context.WithTimeout(ctx, BuildTimeout)
		defer cancel()
		return a.Build(buildCtx, c.BuildCore)
	}
	startCtx, cancel := context.WithTimeout(ctx, RecommendedStartTimeout)
	err = a.Start(startCtx)
	cancel()
	var f *referee.Fault
	if errors.As(err, &f) {
		err = f.Err // the "start" of the fault is the host's to say
	}
	if err != nil {
		return err
	}
	bots.Serve(a)
	return nil
}
