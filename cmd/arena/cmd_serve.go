package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"time"

	"github.com/arenabots/arena/arena/botkind"
	"github.com/arenabots/arena/arena/league"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/registry"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/results"
	"github.com/arenabots/arena/web"
)

// defaultAddr is where the web page listens unless --addr says otherwise:
// this machine only.
const defaultAddr = "127.0.0.1:8080"

// followEvery is how often arena serve reads the journals it shows.
const followEvery = 500 * time.Millisecond

// playFlags are the flags of arena serve --play.
type playFlags struct {
	on       bool
	out      string
	registry string
	tempo    int
	margin   int
	charge   string // --clock
	sandbox  sandbox.Mode
	game     gameFlags
	// gameSet and tempoSet say the game and the tempo were given: else
	// they are the first served league's.
	gameSet, tempoSet bool
	idle              time.Duration
}

func newServeCmd() *cobra.Command {
	var (
		addr string
		lang string
		play playFlags
	)
	cmd := &cobra.Command{
		Use:   "serve DIR...",
		Short: "Show leagues' results directories in a web page, live as they grow",
		Long: `Serve a web page of each results directory: progress and ETA, standings with
their ratings chart, crosstable, faults, time per move, and a viewer of every
finished game (arrow keys step through it). The page follows each journal as
another process (arena run) writes it. It listens on ` + defaultAddr + ` (this
machine only) unless --addr says otherwise, and is read-only.

With --play, a person picks a bot (one of the served leagues', a Lisp group's
included, by its display name; built-in; or registered in --registry) and a
board seed on the page and plays it by clicking the board; those games are
recorded in --play-out like a league's. A league's bot starts as its league
starts it (limits, start timeout), in the sandbox of --sandbox. The game and the
bot's tempo are the first served league's unless --game or --tempo say otherwise.
A person's game that sees no move for --play-idle ends unrecorded, its bot
stopped, whether or not its page is open (the page says so when it starts); one
address holds at most 3 games in play, all of them at most 8.`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 && !play.on {
				return usage(fmt.Errorf("%s wants at least one results directory, or --play (see '%s --help')", c.CommandPath(), c.CommandPath()))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if err := league.CheckLang(lang); err != nil {
				return usage(fmt.Errorf("--%w", err))
			}
			if play.idle <= 0 {
				return usage(fmt.Errorf("--play-idle must be positive (got %v)", play.idle))
			}
			s := &web.Server{Limits: web.Limits{PlayIdle: play.idle}}
			for _, dir := range args {
				if err := resultsdir.CheckDir(dir); err != nil {
					return usage(err)
				}
				l, err := web.Open(dir)
				if err != nil {
					return usage(err)
				}
				go l.Follow(ctx, followEvery)
				s.Leagues = append(s.Leagues, l)
			}
			if play.on {
				f := cmd.Flags()
				play.gameSet = f.Changed("game") || f.Changed("game-options")
				play.tempoSet = f.Changed("tempo")
				p, closePlay, err := newPlay(ctx, cmd.ErrOrStderr(), play, s.Leagues)
				if err != nil {
					return err
				}
				defer closePlay()
				s.Play = p
				s.Leagues = append(s.Leagues, p.League)
			}
			if lang != "" {
				for _, l := range s.Leagues {
					l.SetLang(lang)
				}
			}
			return serveWeb(ctx, cmd.ErrOrStderr(), addr, s)
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", defaultAddr, "host:port to listen on (port 0: any)")
	f.StringVar(&lang, "lang", "", "the page's language: en or pt (default: each league's lang:)")
	f.BoolVar(&play.on, "play", false, "let a person play a bot on the page")
	f.StringVar(&play.registry, "registry", registry.DefaultFile, "--play: offer the bots registered there too")
	f.StringVar(&play.out, "play-out", "results/play", "--play: where people's games go")
	f.IntVar(&play.tempo, "tempo", 1000, "--play: the bot's ms a move (a person: no limit)")
	f.IntVar(&play.margin, "margin", league.DefaultMarginMS, "--play: margin over the bot's budget in ms")
	addClockFlag(f, &play.charge)
	f.DurationVar(&play.idle, "play-idle", web.DefaultPlayIdle, "--play: a game with no move for this long ends")
	addSandboxFlag(f, &play.sandbox)
	play.game.add(f)
	return cmd
}

// newPlay sets up people's games, recorded in o.out, whose lock it takes
// until close, against the bots of leagues too.
func newPlay(ctx context.Context, stderr io.Writer, o playFlags, leagues []*web.League) (p *web.Play, close func() error, err error) {
	if o.tempo <= 0 || o.margin < 0 {
		return nil, nil, usage(fmt.Errorf("--tempo must be positive and --margin not negative (got %d and %d)", o.tempo, o.margin))
	}
	rules, err := o.game.rules()
	if err != nil {
		return nil, nil, err
	}
	if len(leagues) > 0 && !o.gameSet {
		rules = leagues[0].Info().Rules
	}
	if len(leagues) > 0 && !o.tempoSet && leagues[0].Info().TempoMS > 0 {
		o.tempo = leagues[0].Info().TempoMS
	}
	own := leagueBots(leagues, rules.Name())
	self, err := host.Self()
	if err != nil {
		return nil, nil, err
	}
	rec, err := openRecorder(stderr, o.out)
	if err != nil {
		return nil, nil, err
	}
	l := web.NewLeague(web.Info{Name: "play", Dir: o.out, Rules: rules, TempoMS: o.tempo, Scoring: results.DefaultScoring(),
		Display: own.display, Lang: playLang(leagues)})
	if err := l.Reload(); err != nil {
		rec.Close()
		return nil, nil, err
	}
	reg, err := registry.Load(o.registry)
	if err != nil {
		rec.Close()
		return nil, nil, usage(err)
	}
	bots := slices.Clone(own.names)
	for _, b := range botkind.Names(reg, rules.Name()) {
		if !slices.Contains(bots, b) {
			bots = append(bots, b)
		}
	}
	images := lispImages()
	seat := func(name string) (arena.Seat, error) {
		var spec host.Spec
		var ref botkind.Ref
		if b, ok := own.bots[name]; ok {
			spec, ref = b.config.BotSpec(self, b.bot), b.bot.Ref
		} else {
			r, err := botkind.Named(name, reg)
			if err != nil {
				return arena.Seat{}, err
			}
			spec, ref = r.Spec(self, name, rules.Name()), r
		}
		spec.Name, spec.Sandbox = name, o.sandbox
		spec, err := ref.FromImage(ctx, images, spec)
		if err != nil && ctx.Err() == nil {
			fmt.Fprintf(stderr, "arena: play: lisp: %s: no saved image (%v): loading the files\n", name, err)
		}
		return arena.Seat{Spec: spec}, nil
	}
	clock := league.NewClock(o.tempo, o.margin, nil, o.charge)
	p = web.NewPlay(ctx, l, bots, clock, seat, rec)
	p.Log = func(err error) { fmt.Fprintln(stderr, "arena: play:", err) }
	// The games end with ctx; their bots are stopped and their files
	// recorded before the recorder closes.
	return p, func() error { p.Wait(); return rec.Close() }, nil
}

// serveWeb serves s on addr until ctx is done, saying where on w.
func serveWeb(ctx context.Context, w io.Writer, addr string, s *web.Server) error {
	stop, err := startWeb(w, addr, s)
	if err != nil {
		return err
	}
	<-ctx.Done()
	return stop()
}

// startWeb starts serving s on addr, within s's limits, says where on w,
// and returns the function that stops it. The page answers to this
// machine's name and addr's host besides IP addresses and localhost.
func startWeb(w io.Writer, addr string, s *web.Server) (stop func() error, err error) {
	if host, _, err := net.SplitHostPort(addr); err == nil && host != "" {
		s.Hosts = append(s.Hosts, host)
	}
	if name, err := os.Hostname(); err == nil {
		s.Hosts = append(s.Hosts, name)
	}
	ln, err := s.Listen(addr)
	if err != nil {
		return nil, usage(fmt.Errorf("--addr %s: %w", addr, err))
	}
	srv := s.HTTPServer()
	fmt.Fprintf(w, "arena: web page at http://%s/\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	return func() error {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx) // event streams never end by themselves: cut them
		srv.Close()
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}, nil
}
