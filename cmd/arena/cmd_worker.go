package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/queue"
	"github.com/arenabots/arena/internal/inert"
)

func newWorkerCmd() *cobra.Command {
	var (
		w       queue.Worker
		auth    queue.Auth
		quiet   bool
		cacheTo string
		secret  string
		limits  map[string]int
	)
	cmd := &cobra.Command{
		Use:   "worker URL",
		Short: "Play the games of distributed leagues queued on a NATS server",
		Long: `Connect to the NATS JetStream server at URL (nats://HOST:PORT, or tls://HOST:PORT)
and play the games that 'arena run --queue' coordinators queue there, CONCURRENCY at
a time, until Ctrl-C: the games in flight are then handed back to other workers.

Each game is played as in a local run (fresh bot processes), in this worker's
sandbox (--sandbox) and within its limits (--limit memory_mb, processes, output_kb,
scratch_mb: a league may lower them, never raise them). The bots' files come from
the server, checked by sha256, and are cached in --cache. --secret is the league's
secret file (the coordinator makes it): its key checks each game and signs each
result, and its login is the worker's on an embedded server. Other logins: --creds,
--nkey or --user with $ARENA_NATS_PASSWORD, or the ARENA_NATS_* variables (see
docs/distributed.md).`,
		Args: nArgs("URL"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := league.CheckConcurrency(w.Concurrency); err != nil {
				return usage(fmt.Errorf("--concurrency: %w", err))
			}
			if w.Name == "" {
				host, _ := os.Hostname()
				w.Name = fmt.Sprintf("%s-%d", host, os.Getpid())
			}
			if cacheTo == "" {
				dir, err := os.UserCacheDir()
				if err != nil {
					return usage(fmt.Errorf("no cache directory (%v): pass --cache DIR", err))
				}
				cacheTo = filepath.Join(dir, "arena")
			}
			if err := queue.CheckURL(args[0]); err != nil {
				return usage(err)
			}
			if secret == "" {
				secret = os.Getenv(envSecret)
			}
			if secret == "" {
				return usage(fmt.Errorf("--secret: a worker needs the league's secret file (the coordinator says where it made it), or $%s", envSecret))
			}
			s, err := queue.LoadSecret(secret)
			if err != nil {
				return usage(fmt.Errorf("--secret: %w", err))
			}
			w.Secret = s
			if w.Limits, err = workerLimits(limits); err != nil {
				return usage(fmt.Errorf("--limit: %w", err))
			}
			self, err := os.Executable()
			if err != nil {
				return fmt.Errorf("finding arena's own binary for the built-in bots: %w", err)
			}
			nc, err := connectWorker(args[0], w.Name, auth, s)
			if err != nil {
				return err
			}
			defer nc.Close()
			w.Conn, w.Self, w.CacheDir = nc, self, cacheTo
			w.LispImages = lispImages()
			stderr := cmd.ErrOrStderr()
			w.Notify = func(msg string) {
				if !quiet {
					fmt.Fprintf(stderr, "arena: worker %s: %s\n", w.Name, inert.Line(msg))
				}
			}
			fmt.Fprintf(stderr, "arena: worker %s: connected to %s, %d at once; Ctrl-C stops\n", w.Name, args[0], w.Concurrency)
			err = w.Run(cmd.Context())
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return err
		},
	}
	f := cmd.Flags()
	f.IntVar(&w.Concurrency, "concurrency", 1, "games played at once")
	f.StringVar(&w.Name, "name", "", "the worker's name in the results (default HOST-PID)")
	f.StringVar(&cacheTo, "cache", "", "where fetched bots are kept (default: the user cache directory/arena)")
	f.BoolVarP(&w.Verbose, "verbose", "v", false, "show go-plugin's logs of the bot processes")
	f.BoolVarP(&quiet, "quiet", "q", false, "print nothing but errors")
	f.StringVar(&secret, "secret", "", "the league's secret `FILE` (or $"+envSecret+")")
	addSandboxFlag(f, &w.Sandbox)
	f.StringToIntVar(&limits, "limit", nil, "a bot's most, e.g. memory_mb=2048,processes=512")
	addAuthFlags(cmd, &auth)
	return cmd
}

// envSecret is the variable that names a worker's secret file.
const envSecret = "ARENA_QUEUE_SECRET"

// workerLimits reads the --limit flag of a worker.
func workerLimits(m map[string]int) (league.Limits, error) {
	var l league.Limits
	fields := map[string]*int{"memory_mb": &l.MemoryMB, "processes": &l.Processes, "output_kb": &l.OutputKB, "scratch_mb": &l.ScratchMB}
	for k, v := range m {
		p, ok := fields[k]
		if !ok {
			return l, fmt.Errorf("no limit %q: want memory_mb, processes, output_kb or scratch_mb", k)
		}
		if v < 1 {
			return l, fmt.Errorf("%s: want 1 or more, got %d", k, v)
		}
		*p = v
	}
	return l, nil
}
