package lisp

import (
	"context"
	"errors"
	"io"
	"path/filepath"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/host"
	"github.com/arenabots/arena/referee"
)

// Spec returns the host.Spec that runs the Lisp bot c, called name, through
// self (arena's executable) as `self bot serve lisp key=value...` (see
// Args), launched through self so that limits apply, with
// RecommendedStartTimeout since loading happens before the handshake. The
// paths of c should be absolute (see Config.Resolve); in the sandbox the
// bot sees its Root as its workspace, writable through a private
// copy-on-write layer (host.Spec.Workspace), and the directories of its
// files and its Reads outside Root read-only. check.Run and the league
// start Lisp bots with it.
func Spec(self, name string, c Config) host.Spec {
	return host.Spec{
		Name:         name,
		Path:         self,
		Args:         append([]string{"bot", "serve"}, Args(c)...),
		StartTimeout: RecommendedStartTimeout,
		Launcher:     host.SelfLauncher(self),
		Files:        seen(c),
		Workspace:    c.Root,
	}
}

// seen returns what a sandboxed Lisp bot sees of the host's files besides
// its submission folder: the directories of its files and its reads that
// are not inside Root, whose copy-on-write view holds them already.
func seen(c Config) []string {
	var out []string
	for _, p := range append(dirs(c.Files), c.Reads...) {
		if c.Root == "" || !underAny(filepath.Clean(p), []string{c.Root}) {
			out = append(out, p)
		}
	}
	return out
}

// dirs returns the directories of files, which a sandboxed Lisp bot sees
// read-only: each file is loaded with its own directory as the default
// path of its relative loads.
func dirs(files []string) []string {
	out := make([]string, 0, len(files))
	for _, f := range files {
		out = append(out, filepath.Dir(f))
	}
	return out
}

// Serve is `arena bot serve lisp ...`: it reads args (the words after
// `bot serve`, as Args writes them), starts SBCL and loads the bot's files
// within RecommendedStartTimeout, then serves the adapter with bots.Serve
// until arena stops it. The bot's output goes to log (the serve command
// passes os.Stderr, which arena keeps with each move). It returns an error
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
