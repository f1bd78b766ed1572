package intake

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/arenabots/arena/arena/botkind"

	"github.com/arenabots/arena/bots/host"
	"github.com/arenabots/arena/bots/host/sandbox"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/referee"
)

// Options configure an intake.
type Options struct {
	// Game is the league's game, with its options (the board's size).
	Game referee.Game
	// Tempo is the league's time per move: the time base is measured at it.
	Tempo time.Duration
	// Self is arena's executable, which runs the probes.
	Self string
	// Sandbox and Limits are the league's: a probe runs as the bot will.
	Sandbox sandbox.Mode
	Limits  host.Limits
	// Concurrency is how many submissions are probed at once; 0: the
	// number of CPUs.
	Concurrency int
	// Fixed and Given are settings a person gave (see probe.Keys): the
	// probe keeps them as they are.
	Fixed lisp.Config
	Given []string
	// Spec, when set, adjusts each probe's host.Spec (tests run their own
	// binary as arena).
	Spec func(*host.Spec)
}

// Result is the intake of one submission.
type Result struct {
	Submission
	// Name is the bot's name in the league, its stable id: the group's
	// code (p13), else its entry's name (see ParseGroup).
	Name string
	// Display is the group's name as the class knows it ("P13
	// nome1/nome2"), shown by standings and reports; Students are the
	// students its entry names.
	Display  string
	Students []Student
	// Game is the name of the game it was probed on.
	Game string
	// Config is its league entry, paths absolute, every convention found
	// written out.
	Config lisp.Config
	// Files are Config.Files relative to the submission's root.
	Files []string
	// Findings are what the probe found; empty when it did not run.
	Findings probe.Findings
	// Notes say what the scan chose and why (a loader, a load resolved to
	// the submission's file).
	Notes []string
	// Eligible says that the submission can play; Reason, in one line,
	// why not.
	Eligible bool
	Reason   string
	// Warnings are what the lecturer must not miss of a submission that
	// can play (intake.md, intake.json).
	Warnings []string
	// Elapsed is the time its intake took.
	Elapsed time.Duration
	// Similar are the submissions that arena similarity flagged with this
	// one, the most similar first; set by the caller after Run.
	Similar []Similar
}

// Similar is another submission flagged as similar to one (intake.json's
// similar): evidence for a person to read, never a verdict.
type Similar struct {
	// With is the other submission's entry, as handed in.
	With string `json:"with"`
	// Score is the pair's score, from 0 to 1 (see arena/similarity).
	Score   float64 `json:"score"`
	Flagged bool    `json:"flagged"`
}

// Run takes in every submission, opt.Concurrency at a time, and returns
// their results in the order of subs, with names made unique.
func Run(ctx context.Context, subs []Submission, opt Options) []Result {
	n := opt.Concurrency
	if n <= 0 {
		n = runtime.NumCPU()
	}
	out := make([]Result, len(subs))
	sem := make(chan struct{}, n)
	var wg sync.WaitGroup
	for i, s := range subs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			out[i] = submit(ctx, s, opt)
		}()
	}
	wg.Wait()
	uniqueNames(out)
	return out
}

// submit takes in one submission: it reads its Lisp files to choose what
// to load and where jogar is (see chooseEntry), then probes it in its
// sandbox (see runProbe) for its conventions and time base.
func submit(ctx context.Context, s Submission, opt Options) (r Result) {
	start := time.Now()
	g := ParseGroup(s.Group)
	r = Result{Submission: s, Name: g.ID, Display: g.Display, Students: g.Students, Game: opt.Game.Name()}
	defer func() { r.Elapsed = time.Since(start) }()
	if s.Problem != "" {
		r.Reason = s.Problem
		return r
	}
	files, err := scanTree(s.Root)
	if err != nil {
		r.Reason = err.Error()
		return r
	}
	e := chooseEntry(files)
	r.Notes, r.Files = e.notes, e.rel
	r.Config = lisp.Config{Root: s.Root, Files: e.files, Package: strings.ToLower(e.pkg)}
	if e.reason != "" {
		r.Reason = e.reason
		return r
	}
	r.Config, r.Findings = probeConfig(ctx, r.Name, r.Config, opt)
	r.Eligible, r.Reason = r.Findings.Eligible, r.Findings.Reason
	return r
}

// probeConfig probes the Lisp bot c, called name, in its sandbox and returns c
// with the conventions and the tempo_scale found (those of opt.Given kept
// as opt.Fixed has them), and the findings. `arena bot check --lisp` and
// `arena play` call it for a bot given without settings.
func probeConfig(ctx context.Context, name string, c lisp.Config, opt Options) (lisp.Config, probe.Findings) {
	fixed := opt.Fixed.WithDefaults()
	p := c
	p.State, p.Side, p.Perspective, p.Knights, p.IndexBase, p.TempoScale =
		fixed.State, fixed.Side, fixed.Perspective, fixed.Knights, fixed.IndexBase, fixed.TempoScale
	spec := botkind.ProbeSpec(opt.Self, name, p, opt.Given)
	spec.Sandbox, spec.Limits = opt.Sandbox, opt.Limits
	if opt.Spec != nil {
		opt.Spec(&spec)
	}
	f := runProbe(ctx, spec, opt.Game, opt.Tempo, 0)
	if f.Config.State != "" {
		found := f.Config.WithDefaults()
		c.State, c.Side, c.Perspective, c.Knights, c.IndexBase, c.TempoScale =
			found.State, found.Side, found.Perspective, found.Knights, found.IndexBase, found.TempoScale
	}
	if f.Package != "" && c.Package == "" {
		c.Package = f.Package
	}
	return c.WithDefaults(), f
}

// DisplayName is the name standings show: Display, else the group.
func (r Result) DisplayName() string {
	if r.Display != "" {
		return r.Display
	}
	return r.Group
}

// uniqueNames adds -2, -3... to names already taken.
func uniqueNames(rs []Result) {
	seen := map[string]int{}
	for i := range rs {
		name := rs[i].Name
		seen[name]++
		if k := seen[name]; k > 1 {
			rs[i].Name = fmt.Sprintf("%s-%d", name, k)
		}
	}
}
