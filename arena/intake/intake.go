package intake

import (
	"context"
	"fmt"
	"github.com/arenabots/arena/arena/botkind"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"

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
	// Name is the bot's name in the league: its package, or the group's
	// numbers.
	Name string
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
	r = Result{Submission: s, Name: botName(s.Group, ""), Game: opt.Game.Name()}
	defer func() { r.Elapsed = time.Since(start) }()
	files, err := scanTree(s.Root)
	if err != nil {
		r.Reason = err.Error()
		return r
	}
	e := chooseEntry(files)
	r.Notes, r.Files = e.notes, e.rel
	r.Name = botName(s.Group, e.pkg)
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

// notName is what a bot's name may not hold.
var notName = regexp.MustCompile(`[^a-z0-9_-]+`)

// botName names a bot after its package when it is a group's (p...), else
// after the group's numbers, else its group.
func botName(group, pkg string) string {
	pkg = strings.ToLower(pkg)
	if strings.HasPrefix(pkg, "p") && pkg != "common-lisp-user" {
		return notName.ReplaceAllString(pkg, "-")
	}
	if n := groupNumbers(group); n != "" {
		return n
	}
	if name := strings.Trim(notName.ReplaceAllString(strings.ToLower(group), "-"), "-"); name != "" {
		return name
	}
	return "bot"
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
