package main

import (
	"context"
	"io"
	"strings"

	"github.com/arenabots/arena/arena/botkind"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/host"
)

// detectLispSpec returns how to start the Lisp bot of words (its folder,
// archive or files, and settings as KEY=VALUE; an archive is unpacked
// under work, which the caller removes), completed as arena intake completes a
// submission (intake.Prepare): the files to load, the conventions not
// given and the time base, probed in the bot's sandbox. It prints what it
// found to w. A bot that cannot play is an error; with lenient, it is
// printed and the spec of the closest conventions is returned, for a
// check to show the failures.
func detectLispSpec(ctx context.Context, w io.Writer, self, work string, words []string, lenient bool, opt intake.Options) (host.Spec, error) {
	cfg, given, err := intake.ParseBot(words, work)
	if err != nil {
		return host.Spec{}, usage(err)
	}
	opt.Self = self
	p, err := intake.Prepare(ctx, cfg, given, opt)
	for _, n := range p.Notes {
		printfWrapped(w, "  ", "lisp: %s\n", n)
	}
	if f := p.Findings; f != nil && f.Eligible {
		printfWrapped(w, "  ", "lisp: %s, package %s: found %s; time per move %s\n", p.Name, f.Package, f.Conventions, f.Time)
	}
	if err != nil && len(cfg.Files) == 0 && len(p.Config.Files) == 0 {
		return host.Spec{}, usage(err) // a folder without a jogar to play
	}
	if err != nil && !lenient {
		return host.Spec{}, err
	}
	if err != nil {
		printfWrapped(w, "  ", "lisp: %v\n", err)
	}
	printfWrapped(w, "  ", "lisp: settings: %s\n", strings.Join(lisp.Args(p.Config)[1:], " "))
	p.Config.GameName = opt.Game.Name()
	spec, err := lispImages().Apply(ctx, botkind.LispSpec(self, p.Name, p.Config), p.Config)
	if err != nil && ctx.Err() == nil {
		printfWrapped(w, "  ", "lisp: %s: no saved image (%v): loading the files\n", p.Name, err)
	}
	return spec, nil
}

// lispImages is where arena's commands keep the saved images of Lisp bots
// (botkind.DefaultImageDir); nil, no images, where the user has no cache
// folder.
func lispImages() *botkind.Images {
	dir, err := botkind.DefaultImageDir()
	if err != nil {
		return nil
	}
	return &botkind.Images{Dir: dir}
}
