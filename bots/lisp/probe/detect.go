package probe

import (
	"context"
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
	Answer   string `json:"answer"`
	Move     string `json:"move,omitempty"`
	Verdict  string `json:"verdict"` // "legal", "legal, claimed state differs: ...", or why not
}

// Findings are what a probe found of a submission.
type Findings struct {
	// Package is where jogar was found; empty when the bot did not start.
	Package string `json:"package"`
	// Config holds the conventions found (state, perspective, knights,
	// answer, index_base) and the tempo_scale, or the closest ones when
	// none gives legal moves.
	Config lisp.Config `json:"config"`
	// Conventions names them in a few words.
	Conventions string `json:"conventions"`
	// Eligible says that every reference position got a legal move.
	Eligible bool `json:"eligible"`
	// Reason says, in one line, why the submission is not eligible.
	Reason string `json:"reason,omitempty"`
	// Evidence is one entry per reference position under Config.
	Evidence []Evidence `json:"evidence"`
	// Time is the time jogar takes at the league's tempo.
	Time TimeUse `json:"time"`
	// Calls is how many times jogar was called.
	Calls int `json:"calls"`
}

// Options configure detect.
type Options struct {
	// Tempo is the league's time per move, which the time base is
	// measured at.
	Tempo time.Duration
	// Fixed holds the values a person gave for the keys Given (see Keys):
	// only the conventions that agree with them are tried, and a given
	// tempo_scale is not measured.
	Fixed lisp.Config
	Given []string
	// Seed is the board of the reference positions; 0: 1.
	Seed uint64
}

// probeTempo is the most tempo sent while looking for the conventions: a
// bot that thinks for its whole tempo under each of them would make the
// search slow, and the moves need not be good.
const probeTempo = 250 * time.Millisecond

// grace is how much longer than its tempo a probe call may take before it
// is cut off and counted as a timeout.
const grace = lisp.RecommendedMargin + time.Second

// detect finds how to talk to the started bot a, for game: it calls jogar
// on the reference positions (see samplePositions) with every estado convention
// in turn, reads each answer every way it knows, has the referee judge it,
// then has it play a game for both sides (see trial.play), and keeps the
// first convention, in the fixed order of conventions, under which every
// answer is a legal move (and, among those, one whose claimed states are
// right when there is one). The calls are made at a fixed tempo (the
// league's, at most probeTempo): a wrong convention is told apart by an
// illegal answer on positions where it cannot be right, not by how long
// a search ran, so that the same submission gives the same conventions
// every time. Then it measures the time base (see measureTime). A bot for which
// no convention works is not eligible, with the closest failure as the
// reason.
func detect(ctx context.Context, a Asker, game referee.Game, opt Options) Findings {
	if opt.Seed == 0 {
		opt.Seed = 1
	}
	positions, err := samplePositions(game, opt.Seed)
	if err != nil {
		return Findings{Reason: err.Error()}
	}
	calls, reads := conventions(game.Name(), opt.Fixed, opt.Given)
	tempo := min(opt.Tempo, probeTempo)
	var best, closest *trial
	m := &memo{Asker: a, seen: map[string]asked{}}
	for _, c := range calls {
		t := try(ctx, m, c, reads, positions, tempo)
		if t.failure == "" {
			t.play(ctx, m, game, tempo)
		}
		switch {
		case t.failure == "" && (best == nil || t.flawed < best.flawed):
			best = t
		case t.failure != "" && (closest == nil || t.passed > closest.passed):
			closest = t
		}
		if best != nil && best.flawed == 0 || ctx.Err() != nil {
			break
		}
	}
	n := m.calls
	if best == nil {
		f := Findings{Calls: n}
		if closest != nil {
			f.Config, f.Evidence = closest.cfg, closest.evidence
			f.Conventions = describe(game.Name(), closest.cfg)
			f.Reason = fmt.Sprintf("no convention gives legal moves; closest (%s): %s", f.Conventions, closest.failure)
		}
		return f
	}
	f := Findings{Config: best.cfg, Conventions: describe(game.Name(), best.cfg), Eligible: true, Evidence: best.evidence}
	f.Time = measureTime(ctx, a, &f.Config, positions, opt)
	f.Calls = n + f.Time.Calls
	return f
}

// trial is a convention tried on the reference positions.
type trial struct {
	cfg      lisp.Config // the call's conventions, with the first read that worked
	evidence []Evidence
	passed   int    // positions with a legal answer
	flawed   int    // answers not quite right: a claimed state that differs, a note
	failure  string // why the convention fails, or ""
}

// pliesPerSide is how many times a probe has jogar move for each side in
// a whole game, on top of the reference positions.
const pliesPerSide = 3

// leagueSeed is the seed of the leagues intake writes: the games of the
// probe start from the boards of their first rounds.
const leagueSeed = 1

// play has jogar, under t's conventions, play a game for both sides from
// the league's board of round 1, as in a league game, until it has moved
// pliesPerSide times for each side (a position with one move is played
// without asking): each answer must be a legal move, which is then
// played. The positions answered join t's evidence; the first illegal
// answer is t's failure. It catches what the reference positions may
// miss, such as a bot that plays white well and black by white's rules.
func (t *trial) play(ctx context.Context, a Asker, game referee.Game, tempo time.Duration) {
	seed := referee.RoundSeed(leagueSeed, 1)
	st := game.New(seed)
	asked := map[referee.Side]int{}
	var buf [referee.MaxMoves]referee.Move
	for ply := 0; ply < 200 && !st.Terminal() && (asked[referee.White] < pliesPerSide || asked[referee.Black] < pliesPerSide); ply++ {
		if !playable(st) {
			st.Play(st.Moves(buf[:0])[0])
			continue
		}
		side := st.ToMove()
		pos := referee.Sample{Name: fmt.Sprintf("game from the board of round 1 (seed %d), ply %d", seed, st.Ply()), State: st.Clone()}
		cctx, cancel := context.WithTimeout(ctx, tempo+grace)
		raw, err := a.Ask(cctx, t.cfg, pos.State, tempo)
		cancel()
		asked[side]++
		if err != nil {
			t.failure = fmt.Sprintf("%s: %s", pos.Name, FaultText(err))
			t.evidence = append(t.evidence, Evidence{Position: pos.Name, ToMove: side.String(), Verdict: FaultText(err)})
			return
		}
		j := judge(a, t.cfg, pos, raw)
		t.evidence = append(t.evidence, j.Evidence)
		if !j.legal {
			t.failure = fmt.Sprintf("%s (%s to move): %s; jogar returned %s", pos.Name, side, j.Verdict, raw)
			return
		}
		if j.Verdict != "legal" {
			t.flawed++
		}
		t.passed++
		st.Play(j.move)
	}
}

// try calls jogar under call on each position in turn and keeps the reads
// under which every answer so far is a legal move; it stops at the first
// position where none is.
func try(ctx context.Context, a Asker, call lisp.Config, reads []lisp.Config, positions []referee.Sample, tempo time.Duration) *trial {
	t := &trial{cfg: merge(call, reads[0])}
	alive := make([]int, len(reads))
	for i := range alive {
		alive[i] = i
	}
	evidence := make([][]Evidence, len(reads))
	for _, pos := range positions {
		cctx, cancel := context.WithTimeout(ctx, tempo+grace)
		raw, err := a.Ask(cctx, merge(call, reads[0]), pos.State, tempo)
		cancel()
		if err != nil {
			t.failure = fmt.Sprintf("%s: %s", pos.Name, FaultText(err))
			t.evidence = append(evidence[alive[0]], Evidence{Position: pos.Name, ToMove: pos.State.ToMove().String(), Verdict: FaultText(err)})
			return t
		}
		var keep []int
		var firstFailure *Evidence
		for _, r := range alive {
			ev := judge(a, merge(call, reads[r]), pos, raw)
			if ev.legal {
				keep = append(keep, r)
				evidence[r] = append(evidence[r], ev.Evidence)
			} else if firstFailure == nil {
				firstFailure = &ev.Evidence
			}
		}
		if len(keep) == 0 {
			t.failure = fmt.Sprintf("%s (%s to move): %s; jogar returned %s", pos.Name, pos.State.ToMove(), firstFailure.Verdict, raw)
			t.evidence = append(evidence[alive[0]], *firstFailure)
			return t
		}
		alive = keep
		t.passed++
	}
	// Of the reads under which every answer is legal, the one with the
	// fewest answers that are not quite right (a claimed state that
	// differs, a note of the adapter's).
	imperfect := func(r int) int {
		n := 0
		for _, ev := range evidence[r] {
			if ev.Verdict != "legal" {
				n++
			}
		}
		return n
	}
	best := slices.MinFunc(alive, func(a, b int) int { return imperfect(a) - imperfect(b) })
	t.cfg, t.evidence, t.flawed = merge(call, reads[best]), evidence[best], imperfect(best)
	return t
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
		ev.Verdict = j.Verdict.Reason.String() + ": " + j.Verdict.Detail
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

// FaultText says what a failed call was, e.g. "crash: the bot signalled
// an error: ...", on one line.
func FaultText(err error) string {
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
