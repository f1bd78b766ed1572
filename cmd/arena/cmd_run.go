package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/queue"
	"github.com/arenabots/arena/results"
	"github.com/arenabots/arena/web"
)

func newRunCmd() *cobra.Command {
	var (
		restart, verbose, plain, prestart bool
		allowUnsandboxed                  bool
		concurrency                       int
		where                             string
		qf                                = queueFlags{opts: queue.DefaultOptions}
	)
	var wide bool
	var webAddr string
	cmd := &cobra.Command{
		Use:   "run CONFIG",
		Short: "Play a league: a round robin, gauntlet, Swiss or knockout of bots",
		Long: `Play the league described by CONFIG (see docs/config.md; its format:
docs/formats.md). Results go to the
league's out directory (default results/<name>): games.jsonl, per-move logs in
games/, config.yaml, standings.{txt,md,csv,json} and crosstable.{txt,md,csv};
the standings are printed at the end, in 80 columns unless --wide.

Running the same command again resumes a stopped league: finished games are
kept, unfinished ones are played again. Ctrl-C stops cleanly.

One run at a time writes a results directory: a second run into it is
refused, naming the first (its pid, host and start). Before the first game
every bot is checked: a missing binary or Lisp file, or a registered binary
that changed since 'arena bot add', stops the league unless its config says
'missing_bots: forfeit'. A journal with a damaged line is refused too;
'arena journal repair DIR' repairs it.

With --queue, the games are played by 'arena worker' processes, here or on other
machines, through a NATS JetStream server: --queue nats://HOST:4222 (or tls://) names
one, --queue embedded[:PORT] starts one inside this run, storing in the out directory.
This run stays the only writer of the results; see docs/distributed.md.`,
		Args: nArgs("CONFIG"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("concurrency") {
				if err := league.CheckConcurrency(concurrency); err != nil {
					return usage(fmt.Errorf("--concurrency: %w", err))
				}
			}
			if err := checkQueueFlags(cmd, where, qf); err != nil {
				return err
			}
			cfg, warnings, err := league.Load(args[0])
			if err != nil {
				return usage(err)
			}
			if err := cfg.CheckUnsandboxed(allowUnsandboxed); err != nil {
				return usage(err)
			}
			for _, w := range warnings {
				fmt.Fprintln(cmd.ErrOrStderr(), "arena: warning:", w)
			}
			if cmd.Flags().Changed("concurrency") {
				cfg.Concurrency = concurrency
			}
			self, err := os.Executable()
			if err != nil {
				return fmt.Errorf("finding arena's own binary for the built-in bots: %w", err)
			}
			prog := newProgress(cmd.OutOrStdout(), cfg, plain)
			var page *web.League
			if webAddr != "" {
				page = web.NewLeague(web.InfoOf(cfg))
				stop, err := startWeb(cmd.ErrOrStderr(), webAddr, &web.Server{Leagues: []*web.League{page}})
				if err != nil {
					return err
				}
				defer stop()
			}
			events := func(e arena.Event) {
				if page != nil {
					page.Event(e)
				}
				if e.Warning != "" {
					fmt.Fprintln(cmd.ErrOrStderr(), "arena: warning:", e.Warning)
					return
				}
				prog.event(e)
			}
			r := &arena.Runner{Config: cfg, Self: self, DiscardResults: restart, Verbose: verbose, Prestart: prestart, Events: events, LispImages: lispImages()}
			if where != "" {
				c, err := newCoordinator(where, cfg, qf, restart, cmd.ErrOrStderr())
				if err != nil {
					prog.stop()
					return err
				}
				defer c.close()
				r.Dispatcher = c
			}
			sum, err := r.Run(cmd.Context())
			prog.stop()
			var (
				locked  *results.LockedError
				damaged *results.DamagedError
				missing *arena.BotsError
			)
			switch {
			case errors.Is(err, arena.ErrConfigChanged), errors.As(err, &locked), errors.As(err, &damaged), errors.As(err, &missing):
				return usage(err)
			case errors.Is(err, context.Canceled):
				return fmt.Errorf("interrupted: %d of %d games are recorded in %s; run 'arena run %s' again to resume", sum.Skipped+sum.Played, sum.Total, sum.Out, args[0])
			case err != nil:
				return err
			}
			out := cmd.OutOrStdout()
			fmt.Fprintln(out)
			if err := writeStandings(out, sum.Standings, results.FormatText, wide); err != nil {
				return err
			}
			printWrapped(out, "  ", summaryLine(sum)+"\n")
			// Lisp bots start from saved images, which take room: say how
			// much, and how to trim them.
			if r.LispImages != nil && slices.ContainsFunc(cfg.Bots, func(b league.BotConfig) bool { return b.ImageKind() }) {
				return printImages(out, r.LispImages)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&restart, "restart", false, "discard the results of an earlier run in the out directory, start over")
	f.BoolVar(&allowUnsandboxed, "allow-unsandboxed", false, "play a league whose file says sandbox: off (refused without this flag)")
	f.IntVar(&concurrency, "concurrency", 0, "games played at once (default: the config's concurrency, else the cores)")
	f.BoolVar(&plain, "plain", false, "print one line per game instead of a progress bar")
	f.BoolVarP(&verbose, "verbose", "v", false, "show go-plugin's logs of the bot processes")
	f.StringVar(&webAddr, "web", "", "serve the league's live web page on this address, e.g. "+defaultAddr)
	f.StringVar(&where, "queue", "", "play by workers at `URL`: nats://HOST:PORT, tls://… or embedded[:PORT]")
	f.DurationVar(&qf.opts.AckWait, "ack-wait", qf.opts.AckWait, "with --queue: a silent worker keeps a game this `TIME`")
	f.IntVar(&qf.opts.MaxDeliver, "max-deliver", qf.opts.MaxDeliver, "with --queue: tries of a game before it is a fault")
	f.StringVar(&qf.secret, "secret", "", "--queue: the league's key `FILE` (default OUT/"+queue.SecretFile+", made here)")
	f.StringVar(&qf.listen, "listen", "", "--queue embedded: listen on `ADDRESS` (default 127.0.0.1; 0.0.0.0: all)")
	addAuthFlags(cmd, &qf.auth)
	f.BoolVar(&prestart, "prestart", false, "start each game's bots while the game before plays (spare cores)")
	addWideFlag(cmd, &wide)
	return cmd
}

// checkQueueFlags checks the flags of a coordinator.
func checkQueueFlags(cmd *cobra.Command, where string, qf queueFlags) error {
	o := qf.opts
	for _, name := range []string{"ack-wait", "max-deliver", "secret", "listen", "creds", "nkey", "user", "ca", "cert", "key"} {
		if cmd.Flags().Changed(name) && where == "" {
			return usage(fmt.Errorf("--%s is for a league played through workers: add --queue URL", name))
		}
	}
	if where != "" {
		_, embedded, err := queue.ParseEmbedded(where)
		if err != nil {
			return usage(fmt.Errorf("--queue: %w", err))
		}
		if err := queue.CheckURL(where); !embedded && err != nil {
			return usage(fmt.Errorf("--queue: %w, or embedded[:PORT]", err))
		}
		if qf.listen != "" && !embedded {
			return usage(errors.New("--listen is for the embedded server: --queue embedded[:PORT]"))
		}
		for _, name := range []string{"creds", "nkey", "user", "ca", "cert", "key"} {
			if embedded && cmd.Flags().Changed(name) {
				return usage(fmt.Errorf("--%s is for a standalone NATS server: the embedded server makes its own logins (see docs/distributed.md)", name))
			}
		}
	}
	if o.AckWait < time.Second {
		return usage(fmt.Errorf("--ack-wait: want 1s or more, e.g. --ack-wait 30s, got %s", o.AckWait))
	}
	if o.MaxDeliver < 1 {
		return usage(fmt.Errorf("--max-deliver: want 1 or more, got %d", o.MaxDeliver))
	}
	return nil
}

// summaryLine says what a run did and how fast, in two lines.
func summaryLine(s arena.Summary) string {
	line := fmt.Sprintf("%d games played", s.Played)
	if secs := s.Wall.Seconds(); s.Played > 0 && secs > 0 && s.AtOnce == 0 {
		line += fmt.Sprintf(" in %.1fs: %.2f games/s by the queue's workers", secs, float64(s.Played)/secs)
	} else if s.Played > 0 && secs > 0 {
		busy := 100 * s.BotTime.Seconds() / (secs * float64(s.AtOnce))
		line += fmt.Sprintf(" in %.1fs: %.2f games/s, %d at once, bot calls %.0f%% of the slots' time", secs, float64(s.Played)/secs, s.AtOnce, busy)
	}
	line += "\nresults in " + s.Out
	if s.Skipped > 0 {
		line += fmt.Sprintf(" (%d games were already recorded)", s.Skipped)
	}
	return line
}
