package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/bots/host"
	"github.com/arenabots/arena/referee"
)

// playOptions are the flags of `arena play`.
type playOptions struct {
	white, black  string
	seed          uint64
	tempo, margin int
	start         int
	verbose       bool
	sandbox       host.Sandbox
	boards        bool
	game          gameFlags
}

func newPlayCmd() *cobra.Command {
	var o playOptions
	cmd := &cobra.Command{
		Use:   "play --white BOT --black BOT --seed N",
		Short: "Play one game between two bots and show it move by move",
		Long: `Play starts two bots, plays one game of --game (default cavalo) from the initial
board of --seed, and prints each move (ply, side, move, time, nodes), then the final
board, the score and the verdict.

BOT is the path of an executable, or builtin:NAME[,KEY=VALUE...] for a built-in bot,
e.g. builtin:greedy or builtin:random,seed=7.`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usage(fmt.Errorf("%s takes no arguments, got %q (see '%s --help')", c.CommandPath(), args, c.CommandPath()))
			}
			return nil
		},
		RunE: func(c *cobra.Command, _ []string) error {
			if o.white == "" || o.black == "" {
				return usage(errors.New("play wants --white BOT and --black BOT (see 'arena play --help')"))
			}
			if o.tempo <= 0 || o.margin < 0 {
				return usage(fmt.Errorf("--tempo must be positive and --margin not negative (got %d and %d)", o.tempo, o.margin))
			}
			rules, err := o.game.rules()
			if err != nil {
				return err
			}
			self, err := host.Self()
			if err != nil {
				return err
			}
			var specs [2]host.Spec
			for i, ref := range [2]string{o.white, o.black} {
				if specs[i], err = botSpec(self, ref, nil); err != nil {
					return usage(err)
				}
				specs[i].Name = ref
				specs[i].StartTimeout = time.Duration(o.start) * time.Millisecond
				specs[i].Verbose = o.verbose
				specs[i].Sandbox = o.sandbox
			}
			return playGame(c.Context(), c.OutOrStdout(), rules.New(o.seed), specs, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.white, "white", "", "the bot playing White (moves first)")
	f.StringVar(&o.black, "black", "", "the bot playing Black")
	f.Uint64Var(&o.seed, "seed", 1, "the board's seed")
	f.IntVar(&o.tempo, "tempo", 1000, "time budget per move in ms")
	f.IntVar(&o.margin, "margin", arena.DefaultMarginMS, "margin over the budget in ms before a move is late")
	f.IntVar(&o.start, "start-timeout", 5000, "time for each bot to start in ms")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "show go-plugin's log and the bots' stderr")
	addSandboxFlag(f, &o.sandbox)
	f.BoolVar(&o.boards, "boards", false, "draw the board after every move")
	o.game.add(f)
	return cmd
}

// playGame starts both bots, plays the game from st and prints it to w.
func playGame(ctx context.Context, w io.Writer, st referee.State, specs [2]host.Spec, o playOptions) error {
	board := st.Clone() // the board after the moves printed so far
	opt := referee.MatchOptions{
		Clock: referee.Clock{Tempo: time.Duration(o.tempo) * time.Millisecond, Margin: time.Duration(o.margin) * time.Millisecond},
		OnMove: func(m referee.MoveRecord) {
			printMove(w, m)
			if o.boards && m.Move != "" {
				printBoard(w, board, m.Move)
			}
		},
	}
	rec := arena.PlayGame(ctx, st, specs, opt, func(procs [2]*host.Process) {
		fmt.Fprintf(w, "board %d, %dms a move (+%dms margin)\nwhite: %s\nblack: %s\n",
			o.seed, o.tempo, o.margin, describeBot(specs[0].Name, procs[0]), describeBot(specs[1].Name, procs[1]))
		if procs[0] != nil && procs[1] != nil {
			fmt.Fprintln(w, moveLegend)
			fmt.Fprintf(w, "%4s  %-5s  %-7s  %9s  %10s\n", "ply", "side", "move", "time", "nodes")
		}
	})
	fmt.Fprintf(w, "\n%s\n\n%s\n", st, verdict(rec))
	if rec.Reason == referee.Interrupted {
		return ctx.Err()
	}
	return nil
}

// describeBot names a bot with what it says of itself once started.
func describeBot(name string, p *host.Process) string {
	if p == nil {
		return name
	}
	info := p.Info()
	return fmt.Sprintf("%s (%s %s)", name, info.Name, info.Version)
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
const moveLegend = "* forced: played by the referee, without asking the bot (the only legal move or a pass)\n" +
	"(...) a rejected answer, as the bot sent it; time: the bot's call, in ms"

// printMove writes one line of the game.
func printMove(w io.Writer, m referee.MoveRecord) {
	move, nodes := m.Move, "-"
	if move == "" {
		move = "(" + strings.TrimSpace(m.Answer) + ")"
	}
	if m.Forced {
		move += " *"
	}
	if m.Stats.Nodes > 0 {
		nodes = fmt.Sprint(m.Stats.Nodes)
	}
	fmt.Fprintf(w, "%4d  %-5s  %-7s  %9s  %10s\n", m.Ply, m.Side, move, ms(m.Elapsed), nodes)
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
			s += ": " + rec.Detail
		}
		s += ")"
	}
	return s
}
