package builtin

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/search"
	"github.com/arenabots/arena/referee"
)

// classic is what a good course project submits: minimax with alpha-beta
// pruning to a fixed depth, moves that score the most tried first, no
// transposition table. It gives up at 70% of its time and plays the best
// root move finished so far. Its evaluation is the course's for each game,
// which the game's positions give (CoursePosition).
type classic struct {
	depth int
}

// CoursePosition is implemented by the states of the games the classic bot
// plays: a position it can copy without allocating (search.Position), with
// the course's evaluation of its game. A game's positions implement it
// without importing this package.
type CoursePosition interface {
	search.Position
	// CourseValue MUST return the evaluation a course project of the game
	// uses, for the side to move, in the game's points (scores and their
	// multiples): what classic plays by. It is called at every leaf, so it
	// should be cheap, and it MUST NOT change the position.
	CourseValue() int
}

// classicDefaultDepth is the depth of classic without options.
const classicDefaultDepth = 4

// classicTimeShare is the share of tempo classic allows itself.
const classicTimeShare = 0.7

// newClassic makes the classic bot. Options: depth (plies, default 4).
func newClassic(opts Options) (bots.Bot, error) {
	v, err := searchBotOptions("classic", opts, []searchBotOption{
		{key: "depth", def: classicDefaultDepth, min: 1, max: 64},
	})
	if err != nil {
		return nil, err
	}
	return &classic{depth: int(v[0])}, nil
}

// Info describes classic: it plays the games with a course evaluation.
func (c *classic) Info() bots.Info {
	return bots.Info{Name: "classic", Author: "arena", Version: "1", Games: gamesWith(func(g referee.Game) bool {
		_, ok := g.New(1).(CoursePosition)
		return ok
	})}
}

// Jogar searches st to the bot's depth, or for 70% of tempo.
func (c *classic) Jogar(ctx context.Context, st referee.State, tempo time.Duration) (bots.Answer, error) {
	deadline := searchBotDeadline(ctx, time.Now(), tempo, classicTimeShare)
	p, ok := st.(CoursePosition)
	if st == nil || !ok {
		return bots.Answer{}, errOtherGame("classic", st, c.Info().Games...)
	}
	return classicPlay(ctx, deadline, p, c.depth)
}

// classicPlay searches st to depth or until deadline with the course's
// evaluation at the leaves, and answers with the best root move.
func classicPlay(ctx context.Context, deadline time.Time, st CoursePosition, depth int) (bots.Answer, error) {
	s := classicSearch{ctx: ctx, deadline: deadline,
		bufs: make([][referee.MaxMoves]referee.Move, depth+1), pos: make([]CoursePosition, depth+1)}
	for i := range s.pos {
		s.pos[i] = st.Clone().(CoursePosition)
	}
	s.scratch = st.Clone().(CoursePosition)
	moves := s.order(st, st.Moves(s.bufs[depth][:0]))
	if len(moves) == 0 {
		return bots.Answer{}, errGameOver("classic")
	}
	best, bestV := moves[0], -classicInf
	alpha := -classicInf
	child := s.pos[depth]
	for _, m := range moves {
		child.CopyFrom(st)
		child.Play(m)
		v := s.child(st, child, depth-1, alpha, classicInf)
		if s.stopped {
			break
		}
		if v > bestV {
			best, bestV = m, v
			alpha = max(alpha, v)
		}
	}
	stats := referee.Stats{Nodes: s.nodes, Cuts: s.cuts, Eval: float64(bestV)}
	if !s.stopped {
		stats.Depth = int32(depth)
	}
	return searchBotAnswer(st, best, []referee.Move{best}, stats), nil
}

// classicInf bounds classic's values; a finished game is worth classicWin
// plus the margin.
const (
	classicInf = 1 << 20
	classicWin = 1 << 16
)

// classicSearch is the state of one classic search.
type classicSearch struct {
	ctx         context.Context
	deadline    time.Time
	bufs        [][referee.MaxMoves]referee.Move // the moves of each remaining depth
	pos         []CoursePosition                 // the children of each remaining depth
	scratch     CoursePosition                   // where order plays a move to see its points
	nodes, cuts int64
	stopped     bool
}

// child returns the value for the side to move in p of its child c,
// searched to depth within (alpha, beta): negated when the turn passes, as
// it is when the mover moves again (Dots and Boxes after a box).
func (s *classicSearch) child(p, c CoursePosition, depth, alpha, beta int) int {
	if c.ToMove() == p.ToMove() {
		return s.minimax(c, depth, alpha, beta)
	}
	return -s.minimax(c, depth, -beta, -alpha)
}

// minimax returns the value of p for its side to move, to depth plies.
func (s *classicSearch) minimax(p CoursePosition, depth, alpha, beta int) int {
	s.nodes++
	if s.nodes%1024 == 0 && (s.ctx.Err() != nil || time.Now().After(s.deadline)) {
		s.stopped = true
	}
	if s.stopped {
		return 0
	}
	moves := p.Moves(s.bufs[max(depth, 0)][:0])
	if len(moves) == 0 {
		sc, i := p.Scores(), p.ToMove().Index()
		switch d := sc[i] - sc[1-i]; {
		case d > 0:
			return classicWin + d
		case d < 0:
			return -classicWin + d
		}
		return 0
	}
	if depth <= 0 {
		return p.CourseValue()
	}
	best := -classicInf
	child := s.pos[depth]
	for _, m := range s.order(p, moves) {
		child.CopyFrom(p)
		child.Play(m)
		v := s.child(p, child, depth-1, alpha, beta)
		if v > best {
			best = v
			alpha = max(alpha, v)
			if alpha >= beta {
				s.cuts++
				break
			}
		}
	}
	return best
}

// order sorts moves by the points they score, most first.
func (s *classicSearch) order(p CoursePosition, moves []referee.Move) []referee.Move {
	slices.SortStableFunc(moves, func(a, b referee.Move) int {
		return s.gain(p, b) - s.gain(p, a)
	})
	return moves
}

// gain is the points move m of p scores.
func (s *classicSearch) gain(p CoursePosition, m referee.Move) int {
	s.scratch.CopyFrom(p)
	s.scratch.Play(m)
	i := p.ToMove().Index()
	return s.scratch.Scores()[i] - p.Scores()[i]
}

// searchBotOption is one numeric option of a searching bot.
type searchBotOption struct {
	key           string
	def, min, max float64
}

// searchBotOptions reads opts against the known options, in their order,
// rejecting unknown keys (naming the known ones) and values out of range.
func searchBotOptions(bot string, opts Options, known []searchBotOption) ([]float64, error) {
	names := make([]string, len(known))
	for i, o := range known {
		names[i] = o.key
	}
	var unknown []string
	for k := range opts {
		if !slices.Contains(names, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return nil, fmt.Errorf("%s: unknown option %s (known: %s)", bot, strings.Join(unknown, ", "), strings.Join(names, ", "))
	}
	vals := make([]float64, len(known))
	for i, o := range known {
		vals[i] = o.def
		text, ok := opts[o.key]
		if !ok {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
		if err != nil || v < o.min || v > o.max || o.def == float64(int64(o.def)) && v != float64(int64(v)) {
			kind := "a number"
			if o.def == float64(int64(o.def)) {
				kind = "a whole number"
			}
			return nil, fmt.Errorf("%s: option %s is %q: want %s from %v to %v", bot, o.key, text, kind, o.min, o.max)
		}
		vals[i] = v
	}
	return vals, nil
}

// errOtherGame is the error of a bot that plays only the games named,
// asked to move in st.
func errOtherGame(bot string, st referee.State, games ...string) error {
	name := "no"
	if st != nil {
		name = st.Game().Name()
	}
	return fmt.Errorf("%s plays %s, not a %s position", bot, strings.Join(games, " and "), name)
}

// searchBotDeadline is when a bot that may use share of tempo, called at
// start, must answer: never after the context's own deadline's share either.
// Without a tempo it allows itself a second.
func searchBotDeadline(ctx context.Context, start time.Time, tempo time.Duration, share float64) time.Time {
	if tempo <= 0 {
		tempo = time.Second
	}
	d := start.Add(time.Duration(float64(tempo) * share))
	if cd, ok := ctx.Deadline(); ok {
		if late := start.Add(time.Duration(float64(cd.Sub(start)) * share)); late.Before(d) {
			d = late
		}
	}
	return d
}

// errGameOver is the error of a bot asked to move in a finished game.
func errGameOver(bot string) error {
	return fmt.Errorf("%s: asked for a move in a finished game", bot)
}

// searchBotAnswer writes the answer of a bot that plays m in st, with the
// state it leads to and the stats, the PV in the game's notation.
func searchBotAnswer(st referee.State, m referee.Move, pv []referee.Move, stats referee.Stats) bots.Answer {
	after := st.Clone()
	line := st.Clone()
	for _, x := range pv {
		if !referee.Legal(line, x) {
			break
		}
		stats.PV = append(stats.PV, line.FormatMove(x))
		line.Play(x)
	}
	after.Play(m)
	return bots.Answer{Move: st.FormatMove(m), State: after, Stats: stats}
}
