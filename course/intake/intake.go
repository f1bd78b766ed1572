package intake

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/arenabots/arena/arena/botkind"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/sandbox"
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
	// Margin is the league's time margin over Tempo; 0:
	// lisp.RecommendedMargin. A bot that thinks longer than Tempo plus
	// Margin at intake gets a warning that it will lose on time.
	Margin time.Duration
	// Driver is the Lisp driver compiled for the probes
	// (lispimage.Cache.Driver), or "": each probe then compiles it.
	Driver string
	// Progress, when set, is told what intake is doing, one call at a
	// time: a command draws it on a terminal (a class takes minutes).
	Progress func(Step)
	// step tells Progress what is done with one submission.
	step func(doing string)
}

// Step is what intake is doing: Done of Total submissions are taken in,
// and Group's is at Doing, e.g. "probing jogo.lisp in its sandbox".
type Step struct {
	Done, Total  int
	Group, Doing string
}

// note tells opt.Progress what is done with the submission being taken
// in, if it listens.
func (opt Options) note(format string, args ...any) {
	if opt.step != nil {
		opt.step(fmt.Sprintf(format, args...))
	}
}

// maxAttempts is how many ways of loading a submission intake tries
// before it calls the submission not eligible.
const maxAttempts = 4

// Attempt is one way of loading a submission that intake tried.
type Attempt struct {
	// Files are loaded in this order, relative to the submission's root.
	Files []string `json:"files"`
	// Why says why these files: e.g. "src/interact.lisp loads
	// src/jogo.lisp, which defines jogar".
	Why string `json:"why"`
	// Needs are the files added for what they define.
	Needs []Need `json:"needs,omitempty"`
	// Outcome is "eligible", or why not, in one line.
	Outcome string `json:"outcome"`
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
	// GameName is the name of the game it was probed on.
	GameName string
	// Config is its league entry, paths absolute, every convention found
	// written out.
	Config lisp.Config
	// Files are Config.Files relative to the submission's root.
	Files []string
	// Needs are the files among Files loaded for what they define that
	// the others use (see Need).
	Needs []Need
	// Tried are the ways of loading the submission that were probed, in
	// order: the last is the one kept when it is eligible.
	Tried []Attempt
	// Warnings are what the lecturer must not miss of an eligible
	// submission, e.g. "will lose on time at tempo 300ms: it thinks 550ms".
	Warnings []string
	// Findings are what the probe found; empty when it did not run.
	Findings probe.Findings
	// Notes say what the scan chose and why (a loader, a load resolved to
	// the submission's file).
	Notes []string
	// Eligible says that the submission can play; Reason, in one line,
	// why not.
	Eligible bool
	Reason   string
	// Admitted says that the lecturer admitted the submission, not
	// eligible, on purpose (see Admit): it plays with Config, the closest
	// settings the probe found.
	Admitted bool
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
	// Score is the pair's score, from 0 to 1 (see course/similarity).
	Score   float64 `json:"score"`
	Flagged bool    `json:"flagged"`
}

// Run takes in every submission, opt.Concurrency at a time, and returns
// their results in the order of subs, with names made unique, and a
// warning on each of two hand-ins that claim one group or one student
// (see claims).
func Run(ctx context.Context, subs []Submission, opt Options) []Result {
	n := opt.Concurrency
	if n <= 0 {
		n = runtime.NumCPU()
	}
	out := make([]Result, len(subs))
	sem := make(chan struct{}, n)
	var wg sync.WaitGroup
	var mu sync.Mutex // one Progress call at a time
	done := 0
	report := func(group, doing string, finished bool) {
		if opt.Progress == nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if finished {
			done++
		}
		opt.Progress(Step{Done: done, Total: len(subs), Group: group, Doing: doing})
	}
	for i, s := range subs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			o := opt
			o.step = func(doing string) { report(s.Group, doing, false) }
			r := submit(ctx, s, o)
			defer report(s.Group, "done", true)
			if note := twinsNote(s); note != "" {
				r.Notes = append(r.Notes, note)
				if r.Eligible {
					r.Warnings = append(r.Warnings, note)
				}
			}
			out[i] = r
		}()
	}
	wg.Wait()
	nameAll(out)
	return out
}

// twinsNote says that s is one of its group's hand-ins (see
// Submission.Twins), or "".
func twinsNote(s Submission) string {
	if len(s.Twins) == 0 {
		return ""
	}
	names := []string{filepath.Base(s.Source)}
	for _, t := range s.Twins {
		names = append(names, filepath.Base(t))
	}
	return fmt.Sprintf("one of %d hand-ins of %s (%s): each is a row and a bot of its own; keep the one the group means",
		len(names), s.Group, strings.Join(names, ", "))
}

// submit takes in one submission: it reads its Lisp files to choose what
// to load and where jogar is (see chooseEntry), then probes it in its
// sandbox (see runProbe) for its conventions and time base.
func submit(ctx context.Context, s Submission, opt Options) (r Result) {
	start := time.Now()
	g := ParseGroup(s.Group)
	r = Result{Submission: s, Name: g.ID, Display: g.Display, Students: g.Students, GameName: opt.Game.Name()}
	defer func() { r.Elapsed = time.Since(start) }()
	if s.Problem != "" {
		r.Reason = s.Problem
		return r
	}
	opt.note("reading its Lisp files")
	files, err := scanTree(s.Root)
	if err != nil {
		r.Reason = err.Error()
		return r
	}
	e := chooseEntry(files)
	r.Notes, r.Files = e.notes, e.rel
	r.Config = lisp.Config{Root: s.Root, Files: e.files, Package: strings.ToLower(e.pkg)}
	if len(e.plans) > 0 {
		r.Needs = e.plans[0].needs
		r.Notes = append(slices.Clone(e.notes), e.plans[0].notes()...)
	}
	if e.reason != "" {
		r.Reason = e.reason
		return r
	}
	var kept plan
	r.Config, r.Findings, r.Tried, kept = probePlans(ctx, r.Name, r.Config, e.plans, opt)
	r.Files, r.Needs = kept.rel(), kept.needs
	r.Notes = append(slices.Clone(e.notes), kept.notes()...)
	r.Eligible, r.Reason = r.Findings.Eligible, r.Findings.Reason
	if strings.HasPrefix(r.Reason, "no convention") {
		r.Reason = fmt.Sprintf("jogar (in %s): %s", e.where, r.Reason) // the student's file and line
	}
	if len(r.Tried) > 1 {
		r.Notes = append(r.Notes, triedText(r.Tried))
		if !r.Eligible {
			r.Reason += fmt.Sprintf(" (the furthest of %d ways of loading it; %s)", len(r.Tried), triedText(r.Tried))
		}
	}
	if r.Eligible {
		r.Warnings = append(yesBut(r.Findings.Failures), timeWarnings(r.Findings.Time, opt)...)
	}
	return r
}

// yesBut returns the warnings of an eligible bot that failed on reference
// positions after the league's opening: it takes part (the course's rule),
// and its games decide what the failure costs it.
func yesBut(failures []string) []string {
	var out []string
	for _, f := range failures {
		out = append(out, "fails on a later position, "+f+" (it plays: its games decide)")
	}
	return out
}

// probePlans probes the Lisp bot c, called name, loaded by each of plans
// in turn (at most maxAttempts) until one is eligible; it returns the
// config and findings of that one, else of the failure that got furthest
// (see furtherThan; the first of those), with what was tried and the plan
// kept: --admit plays a group with the settings under which it did best.
func probePlans(ctx context.Context, name string, c lisp.Config, plans []plan, opt Options) (lisp.Config, probe.Findings, []Attempt, plan) {
	var (
		cfg   lisp.Config
		found probe.Findings
		tried []Attempt
		kept  plan
	)
	for i, p := range plans[:min(len(plans), maxAttempts)] {
		c.Files = p.abs()
		opt.note("probing %s in its sandbox (way %d of %d of loading it)", strings.Join(p.rel(), " + "), i+1, min(len(plans), maxAttempts))
		pc, f := probeConfig(ctx, name, c, opt)
		a := Attempt{Files: p.rel(), Why: p.why, Needs: p.needs, Outcome: "eligible"}
		if !f.Eligible {
			a.Outcome = f.Reason
		}
		tried = append(tried, a)
		if i == 0 || furtherThan(f, found) {
			cfg, found, kept = pc, f, p
		}
		if f.Eligible || ctx.Err() != nil {
			break
		}
	}
	return cfg, found, tried, kept
}

// furtherThan reports whether the findings f got further than g: f is
// eligible, or its bot started where g's did not, or both started and f
// has more legal answers.
func furtherThan(f, g probe.Findings) bool {
	switch {
	case f.Eligible || g.Eligible:
		return f.Eligible && !g.Eligible
	case (f.Package != "") != (g.Package != ""):
		return f.Package != ""
	}
	return legalAnswers(f) > legalAnswers(g)
}

// legalAnswers counts the answers of f's evidence that were legal moves.
func legalAnswers(f probe.Findings) int {
	n := 0
	for _, e := range f.Evidence {
		if strings.HasPrefix(e.Verdict, "legal") {
			n++
		}
	}
	return n
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
	p.Driver = opt.Driver
	spec := botkind.ProbeSpec(opt.Self, name, p, opt.Given)
	spec.Sandbox, spec.Limits = opt.Sandbox, opt.Limits
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

// triedText says which ways of loading a submission were tried, in
// order.
func triedText(tried []Attempt) string {
	var ways []string
	for _, a := range tried {
		ways = append(ways, strings.Join(a.Files, " + "))
	}
	return fmt.Sprintf("tried %d ways of loading it, in order: %s", len(tried), strings.Join(ways, "; "))
}

// timeWarnings returns the warning a lecturer must not miss when the bot
// measured t may lose on time: what the league may charge it for a move
// at worst (t.Used: a call at the league's tempo and the stalls seen) is
// past the league's deadline (the tempo plus the margin), or within reach
// of it: beyond the tempo less the margin, and beyond three quarters of
// the tempo, so that a slower moment than intake's (a busy machine, a
// garbage collection) is enough.
func timeWarnings(t probe.TimeUse, opt Options) []string {
	if t.Tempo <= 0 {
		return nil
	}
	margin := opt.Margin
	if margin <= 0 {
		margin = lisp.RecommendedMargin
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%d ms", d.Milliseconds()) }
	used, deadline := t.Used(), t.Tempo+margin
	const calls = "at worst it takes" // probe.TimeUse.Used
	switch {
	case t.Overran:
		return []string{fmt.Sprintf("will lose on time at tempo %s: it thinks more than %s (it %s), the league allows %s",
			ms(t.Tempo), ms(used), t.Note, ms(deadline))}
	case used > deadline:
		return []string{fmt.Sprintf("will lose on time at tempo %s: %s %s, the league allows %s",
			ms(t.Tempo), calls, ms(used), ms(deadline))}
	case used > max(t.Tempo-margin, t.Tempo*3/4):
		return []string{fmt.Sprintf("may lose on time at tempo %s: %s %s, %s from the league's deadline of %s (a busy machine or a garbage collection is enough)",
			ms(t.Tempo), calls, ms(used), ms(deadline-used), ms(deadline))}
	}
	return nil
}
