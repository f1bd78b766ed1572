package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/referee"
)

// Asker is what the probe needs of a started Lisp bot: *lisp.Adapter.
type Asker interface {
	Ask(ctx context.Context, cfg lisp.Config, st referee.State, tempo time.Duration) (lisp.Raw, error)
	Read(cfg lisp.Config, raw lisp.Raw) (bots.Answer, string, error)
	Estado(cfg lisp.Config, st referee.State) (string, error)
}

// memo is an Asker that asks jogar each question once: a convention that
// writes the same estado as one tried before, at the same tempo, gets the
// answer jogar gave then (on the opening, white to move, the perspectives
// agree). It saves calls, and a bot whose answers depend on its search
// time answers one question one way within a probe. It is for finding the
// conventions, not for measuring time.
type memo struct {
	Asker
	seen  map[string]asked
	calls int // the calls made, not answered from seen
}

// asked is an answer memo keeps.
type asked struct {
	raw lisp.Raw
	err error
}

// Ask asks jogar, unless it was asked the same before.
func (m *memo) Ask(ctx context.Context, cfg lisp.Config, st referee.State, tempo time.Duration) (lisp.Raw, error) {
	estado, err := m.Estado(cfg, st)
	if err != nil {
		return lisp.Raw{}, err
	}
	key := fmt.Sprintf("%d %d %s", tempo, max(cfg.TempoScale, 1), estado)
	if a, ok := m.seen[key]; ok {
		return a.raw, a.err
	}
	raw, err := m.Asker.Ask(ctx, cfg, st, tempo)
	m.calls++
	m.seen[key] = asked{raw, err}
	return raw, err
}

// Evidence is what one call of jogar showed: the position, what jogar
// answered, the move arena read and what the referee said of it.
type Evidence struct {
	Position string `json:"position"`
	ToMove   string `json:"to_move"`
	// State is the position as the game's position file
	// (referee.State.Encode), kept only where jogar failed on it, so that
	// a page can draw the board a refusal names.
	State   json.RawMessage `json:"state,omitempty"`
	Answer  string          `json:"answer"`
	Move    string          `json:"move,omitempty"`
	Verdict string          `json:"verdict"` // "legal", "legal, claimed state differs: ...", or why not
}

// failedOn returns the evidence of a call that failed on pos: its name,
// its side to move and the position itself, the verdict to be said.
func failedOn(pos referee.Sample) Evidence {
	ev := Evidence{Position: pos.Name, ToMove: pos.State.ToMove().String()}
	if data, err := pos.State.Encode(); err == nil {
		ev.State = data
	}
	return ev
}

// Findings are what a probe found of a submission.
type Findings struct {
	// Package is where jogar was found; empty when the bot did not start.
	Package string `json:"package"`
	// Config holds the conventions found (state, perspective, knights,
	// answer, index_base) and the tempo_scale, or the closest ones when
	// none gives legal moves in the league's opening.
	Config lisp.Config `json:"config"`
	// Conventions names them in a few words.
	Conventions string `json:"conventions"`
	// Eligible says that jogar answered legal moves in the league's
	// opening, for both sides, under Config: the course's rule.
	Eligible bool `json:"eligible"`
	// Reason says, in one line, why the submission is not eligible.
	Reason string `json:"reason,omitempty"`
	// Failures are the reference positions on which an eligible bot failed
	// under Config ("yes, but"), one line each: the position and the
	// error. Its games decide what they cost it.
	Failures []string `json:"failures,omitempty"`
	// Evidence is one entry per position asked under Config: the league's
	// opening for both sides, then the reference positions.
	Evidence []Evidence `json:"evidence"`
	// Time is the time jogar takes at the league's tempo.
	Time TimeUse `json:"time"`
	// Calls is how many times jogar was called.
	Calls int `json:"calls"`
	// Load is what the bot printed while it loaded, and Output what it
	// wrote during the probe's calls, its loading output aside (SBCL's
	// stdout and stderr are one pipe): the host that ran the probe sets
	// them from the call's log, for the group to read.
	Load   string `json:"load,omitempty"`
	Output string `json:"output,omitempty"`
}

// Options configure detect.
type Options struct {
	// Tempo is the league's time per move, which the time use is
	// measured at.
	Tempo time.Duration
	// Fixed holds the values a person gave for the keys Given (see Keys):
	// only the conventions that agree with them are tried, and a given
	// tempo_scale is not decided.
	Fixed lisp.Config
	Given []string
	// Seed is the board of the reference positions; 0: 1.
	Seed uint64
}

// probeTempo is the most tempo sent while looking for the conventions,
// with the time base decided: a bot that thinks for its whole tempo under
// each of them would make the search slow, and the moves need not be
// good, only moves: 50 ms of its own clock is a hundred times what a
// search needs to find one (a Cavalo search of depth 2 takes 0.3 ms).
const probeTempo = 50 * time.Millisecond

// patience is how long a probe call may take before it is cut off and
// counted as a timeout: long enough that a bot that answers is never cut
// off for a busy machine or a first move that builds its tables, so that
// whether a bot can play rests on its answers, not on how long they took
// (its time use at the league's tempo is measured apart, and warned of).
const patience = 20 * time.Second

// detect finds how to talk to the started bot a, for game.
//
// First its time base: the tempo_scale its sources give (see ReadClock:
// whether jogar reads the internal clock in LispWorks' units), the same
// in every run, so that every later call gives the bot the time it
// expects: a bot that reads tempo in LispWorks units would otherwise have
// a thousandth of it and answer whatever it found, or nothing.
//
// Then, at the league's tempo, at most probeTempo, for every estado
// convention in turn (in the fixed order of conventions), with every way
// of reading the answer: jogar answers the positions of a game from the
// league's first board for both sides (see trial.play), which it must
// answer with legal moves, the course's rule for taking part; then
// the reference positions (see samplePositions), each of which counts.
// The first convention under which every answer is legal and every
// claimed state right is kept; else the one with the most legal answers
// on the reference positions (the first of those, in order), its failures
// named in Findings.Failures. A convention is told apart by an illegal
// answer where it cannot be right, never by how long a search ran. When
// no convention gets through the league's opening with the time base of
// the sources, tempo_scale was not given and jogar uses its tempo, the
// other time base is tried: a bot that answers legal moves under one
// plays under it. A bot
// that no convention gets through the league's opening under either is
// not eligible, with the closest failure and the time bases tried as the
// reason.
//
// Last, its time use at the league's tempo (see measureTime), with the
// stalls seen in the calls under the convention kept.
func detect(ctx context.Context, a Asker, game referee.Game, opt Options) Findings {
	if opt.Seed == 0 {
		opt.Seed = 1
	}
	positions, err := samplePositions(game, opt.Seed)
	if err != nil {
		return Findings{Reason: err.Error()}
	}
	tempo := min(opt.Tempo, probeTempo)
	m := &memo{Asker: a, seen: map[string]asked{}}
	var base TimeBase
	scale, note := max(opt.Fixed.TempoScale, 1), ""
	given := slices.Contains(opt.Given, "tempo_scale")
	if given {
		note = fmt.Sprintf("tempo_scale %d as given", scale)
	} else {
		base.ClockReading = ReadClock(opt.Fixed)
		scale, note = base.scale()
	}
	base.Tried = []int{scale}
	// The conventions are tried on the clock a league charges (clock: cpu,
	// the adapter's ON-CPU-CLOCK): a bot that budgets by its clock searches
	// as far on a busy machine as on a quiet one, and the same submission
	// is found the same, however loaded the machine that takes it in.
	trials := bots.WithCPUClock(ctx)
	best, closest := search(trials, m, game, positions, opt, tempo, scale)
	if best == nil && !given && base.Ignores == "" && ctx.Err() == nil {
		other := LispWorksScale
		if scale == LispWorksScale {
			other = 1
		}
		base.Tried = append(base.Tried, other)
		b, c := search(trials, m, game, positions, opt, tempo, other)
		if b != nil {
			best = b
			note = fmt.Sprintf("answers legal moves only with tempo_scale %d, not with %d (%s)", other, scale, note)
		} else if c != nil && (closest == nil || c.passed > closest.passed) {
			closest = c
		}
	}
	if best == nil {
		f := Findings{Calls: m.calls, Time: TimeUse{Scale: scale, Note: note, Base: base}}
		if closest != nil {
			f.Config, f.Evidence = closest.cfg, closest.evidence
			f.Conventions = describe(game.Name(), closest.cfg)
			f.Reason = fmt.Sprintf("no convention gives legal moves in the league's opening at tempo %v, %s; closest (%s): %s",
				tempo, triedScales(base.Tried, note), f.Conventions, closest.failure)
		}
		return f
	}
	f := Findings{Config: best.cfg, Conventions: describe(game.Name(), best.cfg), Eligible: true,
		Evidence: best.evidence, Failures: best.failures}
	f.Time = measureTime(ctx, a, f.Config, best.asked, best.times, opt)
	f.Time.Base = base
	if f.Time.Note == "" { // it did not overrun at the league's tempo
		f.Time.Note = note
	}
	f.Calls = m.calls + f.Time.Calls
	return f
}

// triedScales says which tempo_scales were tried, and why the first.
func triedScales(tried []int, note string) string {
	s := fmt.Sprintf("with tempo_scale %d", tried[0])
	for _, t := range tried[1:] {
		s += fmt.Sprintf(" nor with tempo_scale %d", t)
	}
	return s + " (" + note + ")"
}

// search looks for the conventions of the bot a under the tempo_scale
// scale (see detect): it returns the best trial that got through the
// league's opening, else nil and the closest that did not.
func search(ctx context.Context, a Asker, game referee.Game, positions []referee.Sample, opt Options, tempo time.Duration, scale int) (best, closest *trial) {
	calls, reads := conventions(game.Name(), opt.Fixed, opt.Given)
	for _, c := range calls {
		c.TempoScale = scale
		t := &trial{cfg: merge(c, reads[0])}
		t.play(ctx, a, game, reads, tempo)
		if t.failure == "" {
			t.try(ctx, a, positions, tempo)
		}
		switch {
		case t.failure == "" && (best == nil || t.better(best)):
			best = t
		case t.failure != "" && (closest == nil || t.passed > closest.passed):
			closest = t
		}
		if best != nil && best.perfect() || ctx.Err() != nil {
			break
		}
	}
	if best != nil {
		closest = nil
	}
	return best, closest
}

// trial is a convention tried: the league's opening, then the reference
// positions.
type trial struct {
	cfg      lisp.Config // the call's conventions, with the read kept
	evidence []Evidence
	asked    []referee.Sample // the opening's positions that jogar answered
	times    []time.Duration  // how long each answer took
	passed   int              // answers that are legal moves
	flawed   int              // answers not quite right: a claimed state that differs, a note
	failure  string           // why it fails in the league's opening, or ""
	failures []string         // the reference positions it fails on
}

// perfect reports whether every answer under t was right.
func (t *trial) perfect() bool { return len(t.failures) == 0 && t.flawed == 0 }

// better reports whether t, which got through the opening, is to be kept
// rather than u, tried before it: fewer failures, then fewer flaws.
func (t *trial) better(u *trial) bool {
	if len(t.failures) != len(u.failures) {
		return len(t.failures) < len(u.failures)
	}
	return t.flawed < u.flawed
}

// pliesPerSide is how many times a probe has jogar move for each side in
// a whole game, on top of the reference positions.
const pliesPerSide = 3

// leagueSeed is the seed of the leagues intake writes: the games of the
// probe start from the boards of their first rounds.
const leagueSeed = 1

// play has jogar, under t's conventions and each of reads, answer the
// positions of a game for both sides from the league's board of round 1,
// until it has answered pliesPerSide times for each side (a position with
// one move is played without asking): the reads under which an answer is
// not a legal move are dropped. The game goes on by seeded random moves,
// not the bot's, so that the positions asked are the same in every run,
// whatever the bot's search found in the time it had.
// The read kept is the first under which every answer was legal and
// right, else the first with the fewest flaws; the positions answered
// join t's evidence. When no read is left, the answer is t's failure:
// a bot that cannot play the league's opening, for both sides, does not
// take part. It catches what the reference positions may miss, such as a
// bot that plays white well and black by white's rules.
func (t *trial) play(ctx context.Context, a Asker, game referee.Game, reads []lisp.Config, tempo time.Duration) {
	seed := referee.RoundSeed(leagueSeed, 1)
	st := game.New(seed)
	line := referee.SplitMix64{State: seed}
	call := t.cfg
	alive := make([]int, len(reads))
	for i := range alive {
		alive[i] = i
	}
	evidence := make([][]Evidence, len(reads))
	flawed := make([]int, len(reads))
	asked := map[referee.Side]int{}
	var buf [referee.MaxMoves]referee.Move
	for ply := 0; ply < 200 && !st.Terminal() && (asked[referee.White] < pliesPerSide || asked[referee.Black] < pliesPerSide); ply++ {
		moves := st.Moves(buf[:0])
		next := moves[line.Below(uint64(len(moves)))]
		if !playable(st) {
			st.Play(next)
			continue
		}
		side := st.ToMove()
		pos := referee.Sample{Name: fmt.Sprintf("game from the board of round 1 (seed %d), ply %d", seed, st.Ply()), State: st.Clone()}
		cctx, cancel := context.WithTimeout(ctx, tempo+patience)
		raw, err := a.Ask(cctx, merge(call, reads[alive[0]]), pos.State, tempo)
		cancel()
		asked[side]++
		if err != nil {
			t.cfg = merge(call, reads[alive[0]])
			t.failure = fmt.Sprintf("%s: %s", pos.Name, callText(err, tempo+patience))
			ev := failedOn(pos)
			ev.Verdict = callText(err, tempo+patience)
			t.evidence = append(evidence[alive[0]], ev)
			return
		}
		var keep []int
		var first *Evidence
		for _, r := range alive {
			j := judge(a, merge(call, reads[r]), pos, raw)
			if !j.legal {
				if first == nil {
					first = &j.Evidence
				}
				continue
			}
			keep = append(keep, r)
			evidence[r] = append(evidence[r], j.Evidence)
			if j.Verdict != "legal" {
				flawed[r]++
			}
		}
		if len(keep) == 0 {
			t.cfg = merge(call, reads[alive[0]])
			t.failure = fmt.Sprintf("%s (%s to move): %s; jogar returned %s", pos.Name, side, first.Verdict, raw)
			t.evidence = append(evidence[alive[0]], *first)
			return
		}
		alive = keep
		t.passed++
		t.asked = append(t.asked, pos)
		t.times = append(t.times, raw.Charged())
		st.Play(next)
	}
	r := slices.MinFunc(alive, func(a, b int) int { return flawed[a] - flawed[b] })
	t.cfg, t.evidence, t.flawed = merge(call, reads[r]), evidence[r], flawed[r]
}

// try calls jogar under t's conventions on each reference position, after
// the league's opening: every legal answer counts, every other is one of
// t's failures, named with the position and the error.
func (t *trial) try(ctx context.Context, a Asker, positions []referee.Sample, tempo time.Duration) {
	for _, pos := range positions {
		cctx, cancel := context.WithTimeout(ctx, tempo+patience)
		raw, err := a.Ask(cctx, t.cfg, pos.State, tempo)
		cancel()
		if err != nil {
			t.failures = append(t.failures, fmt.Sprintf("%s (%s to move): %s", pos.Name, pos.State.ToMove(), callText(err, tempo+patience)))
			ev := failedOn(pos)
			ev.Verdict = callText(err, tempo+patience)
			t.evidence = append(t.evidence, ev)
			continue
		}
		t.times = append(t.times, raw.Charged())
		j := judge(a, t.cfg, pos, raw)
		t.evidence = append(t.evidence, j.Evidence)
		if !j.legal {
			t.failures = append(t.failures, OneLine(fmt.Sprintf("%s (%s to move): %s; jogar returned %s", pos.Name, pos.State.ToMove(), j.Verdict, raw)))
			continue
		}
		if j.Verdict != "legal" {
			t.flawed++
		}
		t.passed++
	}
}

// judged is an answer judged by the referee.
type judged struct {
	Evidence
	legal bool
	move  referee.Move
}

// judge reads raw under cfg and has the referee judge the move, as in a
// league game (without the clock).
func judge(a Asker, cfg lisp.Config, pos referee.Sample, raw lisp.Raw) judged {
	ev := Evidence{Position: pos.Name, ToMove: pos.State.ToMove().String(), Answer: raw.String()}
	ans, note, err := a.Read(cfg, raw)
	call := referee.Call{Reply: referee.Reply{Move: ans.Move, Claim: ans.State}, Err: err}
	j := referee.Judge(pos.State, referee.Clock{}, call)
	if j.Verdict != nil {
		f := failedOn(pos)
		ev.State, ev.Verdict = f.State, j.Verdict.Reason.String()+": "+j.Verdict.Detail
		return judged{Evidence: ev}
	}
	ev.Move = pos.State.FormatMove(j.Move)
	ev.Verdict = "legal"
	if j.Discrepancy != "" {
		ev.Verdict += ", claimed state differs: " + j.Discrepancy
	}
	if note != "" {
		ev.Verdict += "; " + note
	}
	return judged{Evidence: ev, legal: true, move: j.Move}
}

// callText is FaultText, a timeout said with the time the call was
// given: "timeout: jogar did not answer within 20.05s".
func callText(err error, within time.Duration) string {
	if timedOut(err) {
		return fmt.Sprintf("timeout: jogar did not answer within %v", round(within))
	}
	return FaultText(err)
}

// FaultText says what a failed call was, e.g. "crash: the bot signalled
// an error: ...", on one line, in the course's words: a timeout is
// "timeout: jogar did not answer in time", never Go's "context deadline
// exceeded".
func FaultText(err error) string {
	if timedOut(err) {
		return "timeout: jogar did not answer in time"
	}
	first := func(s string) string {
		s, _, _ = strings.Cut(s, "\n")
		return OneLine(s)
	}
	var f *referee.Fault
	if errors.As(err, &f) {
		return fmt.Sprintf("%s: %s", f.Kind, first(f.Err.Error()))
	}
	return first(err.Error())
}

// samplePositions returns the reference positions of game: its samples (for
// Cavalo: an opening with white to move, midgames with black to move, a
// landing on a double; for Dots and Boxes: an opening, a box to take, a box
// just taken, a late game), and, when none of them is a late game
// (lateGamePly plies in), one reached by seeded random moves.
func samplePositions(game referee.Game, seed uint64) ([]referee.Sample, error) {
	samples, err := game.Samples(seed)
	if err != nil {
		return nil, fmt.Errorf("reference positions: %w", err)
	}
	var out []referee.Sample
	late := false
	for _, s := range samples {
		if playable(s.State) {
			out = append(out, s)
		}
		late = late || s.State.Ply() >= lateGamePly
	}
	if !late {
		if late := lateGame(game, seed); late != nil {
			out = append(out, referee.Sample{Name: fmt.Sprintf("late game (board %d, ply %d)", seed, late.Ply()), State: late})
		}
	}
	return out, nil
}

// playable reports whether st asks its side to move for a choice: more
// than one legal move, none of them a pass.
func playable(st referee.State) bool {
	var buf [referee.MaxMoves]referee.Move
	moves := st.Moves(buf[:0])
	return len(moves) > 1 && moves[0] != referee.Pass
}

// lateGamePly is how many plies into a game a late game is.
const lateGamePly = 16

// lateGame plays seeded random moves from game's board seed and returns
// the last position that asks for a choice, at least lateGamePly plies in;
// nil if none.
func lateGame(game referee.Game, seed uint64) referee.State {
	st := game.New(seed)
	r := referee.SplitMix64{State: seed}
	var buf [referee.MaxMoves]referee.Move
	var last referee.State
	for !st.Terminal() {
		if st.Ply() >= lateGamePly && playable(st) {
			last = st.Clone()
		}
		moves := st.Moves(buf[:0])
		st.Play(moves[r.Below(uint64(len(moves)))])
	}
	return last
}
