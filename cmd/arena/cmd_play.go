package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
	"github.com/arenabots/arena/web/human"
)

// playOptions are the flags of `arena play`.
type playOptions struct {
	white, black  string
	seed          uint64
	round         int // with it, seed is a league's and the board is its round's
	tempo, margin int
	humanTempo    int
	timeControl   string
	clock         *league.TimeControl // --time-control, parsed
	charge        string              // --clock: league.ClockCPU or ClockWall
	start         int
	verbose       bool
	sandbox       sandbox.Mode
	boards        bool
	out           string
	game          gameFlags
}

// humanRef is the player of --white or --black that is a person at the
// terminal.
const humanRef = "human"

// humanOut is where a game with a person is recorded unless --out says
// otherwise.
const humanOut = "results/human"

func newPlayCmd() *cobra.Command {
	var o playOptions
	cmd := &cobra.Command{
		Use:   "play --white PLAYER --black PLAYER --seed N",
		Short: "Play one game between two bots, or against a bot yourself, move by move",
		Long: `Play plays one game of --game (default cavalo) from the initial board of --seed
between two players, bots or you, and prints each move (ply, side, move, time, nodes),
then the final board, the score and the verdict.

PLAYER is the path of an executable, builtin:NAME[,KEY=VALUE...] for a built-in bot,
e.g. builtin:greedy or builtin:random,seed=7, lines:PATH for a program that speaks the
line protocol (docs/protocol.md), lisp:FOLDER or lisp:FILE,...,KEY=VALUE...
for a Common Lisp submission (completed as 'arena intake' does; settings override), or
human: you, at the terminal (./human for a bot of that name). You get the board before
each of your moves and type moves in the game's notation: J10 or C4xH8 (Cavalo), A1-B1
(Dots and Boxes); ? lists the legal moves, a wrong move is refused with the reason, and
the end of the input (Ctrl-D) resigns (verdict resigned). You have no time limit unless
--human-tempo; the bot keeps --tempo. Moves with one choice (the placements, a pass) are
played for both sides.

With --out DIR the game is recorded in the results directory DIR as a league's games
are (games.jsonl, games/ID.jsonl, games/ID.log.dat, read by 'arena standings' and
'arena replay'); a game with a human is recorded in ` + humanOut + ` by default.

To replay a league's game by hand, give the league's seed and the game's round: --seed
N --round R plays the board that round R of a league with seed: N plays (a knockout's
board b of round k is --round 1000*k+b); 'arena schedule' lists each game's board seed,
which --seed alone takes too.`,
		Example: "  arena play --white human --black builtin:greedy --seed 7\n" +
			"  arena play --white builtin:greedy --black human --seed 1 --round 3\n" +
			"  arena play --game dots --white builtin:alphabeta --black human --human-tempo 60000",
		Args: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usage(fmt.Errorf("%s takes no arguments, got %q (see '%s --help')", c.CommandPath(), args, c.CommandPath()))
			}
			return nil
		},
		RunE: func(c *cobra.Command, _ []string) error {
			if o.white == "" || o.black == "" {
				return usage(errors.New("play wants --white PLAYER and --black PLAYER (see 'arena play --help')"))
			}
			if o.tempo <= 0 || o.margin < 0 || o.humanTempo < 0 {
				return usage(fmt.Errorf("--tempo must be positive, --margin and --human-tempo not negative (got %d, %d and %d)", o.tempo, o.margin, o.humanTempo))
			}
			if o.round < 0 {
				return usage(fmt.Errorf("--round must be positive, a round of the league (got %d)", o.round))
			}
			if o.timeControl != "" {
				if c.Flags().Changed("tempo") {
					return usage(errors.New("--tempo and --time-control are both given: keep one (--tempo: a fixed time per move; --time-control: a game clock)"))
				}
				tc, err := league.ParseTimeControl(o.timeControl)
				if err != nil {
					return usage(fmt.Errorf("--time-control: %w", err))
				}
				o.clock = &tc
			}
			if o.humanTempo > 0 && !o.withHuman() {
				return usage(errors.New("--human-tempo is for a game with a person: --white human or --black human"))
			}
			rules, err := o.game.rules()
			if err != nil {
				return err
			}
			self, err := host.Self()
			if err != nil {
				return err
			}
			work, err := os.MkdirTemp("", "arena-lisp-") // a Lisp submission's archive unpacked
			if err != nil {
				return err
			}
			defer os.RemoveAll(work)
			seats, err := o.seats(c.Context(), c.OutOrStdout(), self, work, rules, human.NewTerminal(c.InOrStdin(), c.OutOrStdout()))
			if err != nil {
				return err
			}
			out := o.out
			if out == "" && o.withHuman() {
				out = humanOut
			}
			var rec *resultsdir.Recorder
			if out != "" {
				if rec, err = openRecorder(c.ErrOrStderr(), out); err != nil {
					return err
				}
				defer rec.Close()
			}
			if o.round > 0 { // the league's board of that round, as its schedule draws it
				o.seed = referee.RoundSeed(o.seed, o.round)
			}
			return playGame(c.Context(), c.OutOrStdout(), rules.New(o.seed), seats, o, rec)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.white, "white", "", "the player of White (moves first): a bot, or human")
	f.StringVar(&o.black, "black", "", "the player of Black: a bot, or human")
	f.Uint64Var(&o.seed, "seed", 1, "the board's seed, or with --round the league's seed")
	f.IntVar(&o.round, "round", 0, "play the board of this round of a league whose seed is --seed")
	f.IntVar(&o.tempo, "tempo", 1000, "a bot's time budget per move in ms")
	f.StringVar(&o.timeControl, "time-control", "", "a game clock, BASE+INC or MOVES/BASE+INC ms (e.g. 2000+50)")
	f.IntVar(&o.margin, "margin", league.DefaultMarginMS, "margin over the budget in ms before a move is late")
	addClockFlag(f, &o.charge)
	f.IntVar(&o.humanTempo, "human-tempo", 0, "a person's time per move in ms (default: no limit)")
	f.IntVar(&o.start, "start-timeout", 5000, "time for each bot to start in ms")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "show go-plugin's log and the bots' stderr")
	addSandboxFlag(f, &o.sandbox)
	f.BoolVar(&o.boards, "boards", false, "draw the board after every move")
	f.StringVar(&o.out, "out", "", "record the game in results directory `DIR` (human: "+humanOut+")")
	o.game.add(f)
	return cmd
}

// withHuman reports whether a person plays a side.
func (o playOptions) withHuman() bool { return o.white == humanRef || o.black == humanRef }

// seats returns the players of White and Black: a person at term, or a
// bot of any form (see botkind.ParseSpec), a Lisp submission completed as
// arena intake completes one, saying what was found on w, its archive
// unpacked under work.
func (o playOptions) seats(ctx context.Context, w io.Writer, self, work string, rules referee.Game, term *human.Terminal) ([2]arena.Seat, error) {
	var seats [2]arena.Seat
	env := botEnv(w, self, work, rules, time.Duration(o.tempo)*time.Millisecond, o.sandbox)
	for i, ref := range [2]string{o.white, o.black} {
		if ref == humanRef {
			seats[i].Player = human.New(ref, term)
			continue
		}
		s, err := botSpec(ctx, ref, nil, env)
		if err != nil {
			return seats, err
		}
		s.Name = ref
		// A Lisp bot keeps the adapter's longer start timeout.
		s.StartTimeout = max(s.StartTimeout, time.Duration(o.start)*time.Millisecond)
		s.Verbose = o.verbose
		if err := checkOpen(s); err != nil {
			return seats, err
		}
		seats[i].Spec = s
	}
	return seats, nil
}

// openRecorder opens the results directory dir to record a game, warning
// on stderr. A directory in use or with a damaged journal is a usage error.
func openRecorder(stderr io.Writer, dir string) (*resultsdir.Recorder, error) {
	warn := func(w string) { fmt.Fprintln(stderr, "arena: warning:", w) }
	rec, err := resultsdir.OpenRecorder(dir, warn)
	var (
		locked  *results.LockedError
		damaged *results.DamagedError
	)
	if errors.As(err, &locked) || errors.As(err, &damaged) {
		return nil, usage(fmt.Errorf("%w (or record the game elsewhere with --out DIR)", err))
	}
	return rec, err
}

// playGame plays the game from st between seats, prints it to w and, when
// r is not nil, records it there.
func playGame(ctx context.Context, w io.Writer, st referee.State, seats [2]arena.Seat, o playOptions, r *resultsdir.Recorder) error {
	board := st.Clone() // the board after the moves printed so far
	initial := st.Clone()
	opt := referee.MatchOptions{
		Clock:         league.NewClock(o.tempo, o.margin, o.clock, o.charge),
		RefereeForced: o.withHuman(),
		OnMove: func(m referee.MoveRecord) {
			printMove(w, m, o.charge == league.ClockCPU)
			if o.boards && m.Move != "" {
				printBoard(w, board, m.Move)
			}
		},
	}
	names := [2]string{o.white, o.black}
	for i, s := range seats {
		if s.Player != nil {
			opt.Own[i] = &referee.Clock{}
			if o.humanTempo > 0 {
				// A person thinks on the wall clock: no CPU time to charge.
				c := league.NewClock(o.humanTempo, o.margin, nil, league.ClockWall)
				opt.Own[i] = &c
			}
		}
	}
	start := time.Now()
	rec := arena.Match(ctx, st, seats, opt, func(procs [2]*host.Process) {
		tc := fmt.Sprintf("%dms a move", o.tempo)
		if o.clock != nil {
			tc = "clock " + o.clock.String() + "ms"
		}
		charged := "wall"
		if o.charge == league.ClockCPU {
			charged = "CPU"
		}
		printfWrapped(w, "  ", "board %d, %s (+%dms margin, %s time charged)\nwhite: %s\nblack: %s\n",
			o.seed, tc, o.margin, charged, describeSeat(names[0], procs[0], opt.Own[0]), describeSeat(names[1], procs[1], opt.Own[1]))
		if seated := func(i int) bool { return procs[i] != nil || seats[i].Player != nil }; seated(0) && seated(1) {
			printWrapped(w, "  ", moveLegend+"\n")
			clocks := ""
			if o.clock != nil {
				clocks = "  clocks after (white black)"
			}
			fmt.Fprintf(w, "%4s  %-5s  %-7s  %9s  %10s%s\n", "ply", "side", "move", "time", "nodes", clocks)
		}
	})
	fmt.Fprintf(w, "\n%s\n\n", st)
	printWrapped(w, "  ", verdict(rec)+"\n")
	if rec.Reason == referee.Interrupted {
		return ctx.Err()
	}
	if r == nil {
		return nil
	}
	g, err := r.Record(o.seed, names[0], names[1], initial, rec, start, time.Now())
	if err != nil {
		return err
	}
	printfWrapped(w, "  ", "recorded as %s in %s: arena replay %s %s\n", g.ID, r.Dir(), r.Dir(), g.ID)
	return nil
}

// describeSeat names a player: a bot with what it says of itself once
// started, a person with their time limit.
func describeSeat(name string, p *host.Process, own *referee.Clock) string {
	if own == nil {
		return describeBot(name, p)
	}
	if own.Tempo == 0 {
		return name + " (you: no time limit)"
	}
	return fmt.Sprintf("%s (you: %dms a move)", name, own.Tempo.Milliseconds())
}

// describeBot names a bot with what it says of itself once started.
func describeBot(name string, p *host.Process) string {
	if p == nil {
		return name
	}
	info := p.Info()
	return fmt.Sprintf("%s (%s %s)", name, inert.Line(info.Name), inert.Line(info.Version))
}

// printBoard plays move on board and draws the board after it, indented
// under its move line.
func printBoard(w io.Writer, board referee.State, move string) {
	m, err := board.ParseMove(move)
	if err != nil { // the referee's own notation: never
		fmt.Fprintf(w, "      (cannot draw: %v)\n", err)
		return
	}
	board.Play(m)
	for line := range strings.Lines(board.String() + "\n") {
		if line != "\n" {
			line = "      " + line
		}
		fmt.Fprint(w, line)
	}
}

// moveLegend explains the marks of the move lines.
const moveLegend = "* forced: the referee played it, not the bot (the only legal move or a pass)\n" +
	"(...) a rejected answer, as the bot sent it\n" +
	"time: what the bot's call was charged, in ms (its CPU time under --clock cpu)"

// printMove writes one line of the game, its time the call's CPU time
// when cpu is set and the bot's was measured, else its wall time: what
// the clock charged.
func printMove(w io.Writer, m referee.MoveRecord, cpu bool) {
	move, nodes := m.Move, "-"
	if move == "" {
		move = "(" + inert.Line(strings.TrimSpace(m.Answer)) + ")"
	}
	if m.Forced {
		move += " *"
	}
	if m.Stats.Nodes > 0 {
		nodes = fmt.Sprint(m.Stats.Nodes)
	}
	clocks := ""
	if c := m.Clocks; c != nil {
		clocks = fmt.Sprintf("  %s %s", ms(c[0]), ms(c[1]))
	}
	t := m.Elapsed
	if cpu && m.CPU != nil {
		t = *m.CPU
	}
	printfWrapped(w, "      ", "%4d  %-5s  %-7s  %9s  %10s%s\n", m.Ply, m.Side, move, ms(t), nodes, clocks)
}

// verdict says how the game ended, in one line.
func verdict(rec referee.Record) string {
	score := fmt.Sprintf("white %d, black %d", rec.Scores[0], rec.Scores[1])
	var s string
	switch {
	case rec.Reason == referee.Interrupted:
		s = "interrupted: " + score
	case rec.Winner == 0 && rec.Reason != referee.Normal && rec.Loser == 0:
		s = "no winner, " + score
	case rec.Winner == 0:
		s = "draw, " + score
	default:
		s = fmt.Sprintf("%s wins, %s", rec.Winner, score)
	}
	if rec.Reason != referee.Normal {
		s += fmt.Sprintf(" (%s", rec.Reason)
		if rec.Detail != "" {
			s += ": " + inert.Line(rec.Detail)
		}
		s += ")"
	}
	return s
}
