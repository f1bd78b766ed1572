package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/queue"
	"github.com/arenabots/arena/course/ladder"
	"github.com/arenabots/arena/host"
	webladder "github.com/arenabots/arena/web/ladder"
)

func newLadderCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "ladder",
		Short: "Run a practice ladder: groups upload all term, every upload is checked and plays",
		Long: `A practice ladder (docs/ladder.md): arena ladder init makes one from a roster,
arena ladder serve plays it and serves its pages and API, groups upload with a
token (the page, curl, or arena ladder upload), arena ladder standings prints it,
and arena ladder freeze turns it into the championship's league file.`,
	}
	group(cmd)
	cmd.AddCommand(newLadderInitCmd(), newLadderServeCmd(), newLadderUploadCmd(), newLadderStandingsCmd(), newLadderFreezeCmd())
	return cmd
}

func newLadderInitCmd() *cobra.Command {
	var (
		roster string
		tempo  int
		game   gameFlags
	)
	cmd := &cobra.Command{
		Use:   "init DIR --roster roster.csv",
		Short: "Make a ladder: its options, its database and a token per group",
		Long: `Make a ladder in DIR (a new folder): ladder.yaml with every option written
out, ladder.db (SQLite) with the roster's groups, and tokens.csv (mode 0600)
with each group's upload token and the lecturer's (row admin). The tokens are
printed only there, once; the database keeps them hashed. The roster has one
group a line: group,students (e.g. P13,ana/rui).`,
		Args: nArgs("DIR"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if roster == "" {
				return usage(errors.New("--roster is missing: give the class's roster.csv (group,students a line)"))
			}
			if tempo <= 0 {
				return usage(fmt.Errorf("--tempo %d: want the ms a move, above 0", tempo))
			}
			rules, err := game.rules()
			if err != nil {
				return err
			}
			ms, err := ladder.ReadRoster(roster)
			if err != nil {
				return usage(err)
			}
			cfg := ladder.DefaultConfig(rules.Name(), tempo)
			cfg.GameOptions = game.options
			dir := args[0]
			if err := ladder.Init(dir, ladder.InitOptions{Config: cfg, Roster: ms}); err != nil {
				return usage(err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "arena: ladder of %d groups in %s; tokens in %s: hand each group its own, keep the admin one\n",
				len(ms), dir, filepath.Join(dir, ladder.TokensFile))
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&roster, "roster", "", "the class's groups: group,students a line")
	f.IntVar(&tempo, "tempo", 1000, "ms a move")
	game.add(f)
	return cmd
}

func newLadderServeCmd() *cobra.Command {
	var (
		addr, where, admin, lang string
		slots                    int
		qf                       = queueFlags{opts: queue.DefaultOptions}
	)
	cmd := &cobra.Command{
		Use:   "serve DIR",
		Short: "Play the ladder's games and serve its pages and API",
		Long: `Play the ladder in DIR on --slots local slots (the league runner's: sandbox,
CPU clock, saved Lisp images) and serve its pages and JSON API on --addr
(ladder.yaml's addr by default). Ctrl-C stops it; games in play then are
lost, not counted, and the next serve goes on.

With --nats URL (nats://HOST:PORT, tls://…, or embedded[:PORT] for a server inside
this process) the ladder's games are played by 'arena worker' processes, here or
on other machines, as a distributed league's (docs/distributed.md): --slots pairs
at a time; the league's secret is DIR/worker.secret unless --secret says
otherwise. The validation games of an upload are played here.`,
		Args: nArgs("DIR"),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			self, err := host.Self()
			if err != nil {
				return err
			}
			if slots < 0 {
				return usage(fmt.Errorf("--slots %d: want 1 or more (0: ladder.yaml's)", slots))
			}
			opt := ladder.Options{Self: self, Slots: slots, AdminToken: admin}
			if where != "" {
				if err := checkQueueFlags(cmd, where, qf); err != nil {
					return err
				}
				c, err := newCoordinator(where, &league.Config{Name: "ladder", Out: args[0]}, qf, false, cmd.ErrOrStderr())
				if err != nil {
					return err
				}
				defer c.close()
				opt.Dispatcher = func(cfg *league.Config) arena.Dispatcher {
					return &queue.Coordinator{Conn: c.Conn, Config: cfg, Secret: c.Secret, Options: c.Options, Notify: c.Notify}
				}
			}
			l, err := ladder.Open(args[0], opt)
			if err != nil {
				return usage(err)
			}
			defer l.Close()
			if addr == "" {
				addr = l.Config().Addr
			}
			if lang != "" && lang != "pt" && lang != "en" {
				return usage(fmt.Errorf("--lang %q: want pt or en", lang))
			}
			// The pages answer to this machine's name and addr's host
			// besides IP addresses and localhost, as serve's.
			var hosts []string
			if h, _, err := net.SplitHostPort(addr); err == nil && h != "" {
				hosts = append(hosts, h)
			}
			if name, err := os.Hostname(); err == nil {
				hosts = append(hosts, name)
			}
			pages, err := webladder.New(l, webladder.Options{Lang: lang, Hosts: hosts})
			if err != nil {
				return err
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return usage(fmt.Errorf("--addr %s: %w", addr, err))
			}
			// The event stream and the upload extend their own deadlines.
			srv := &http.Server{Handler: pages, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}
			fmt.Fprintf(cmd.ErrOrStderr(), "arena: ladder at http://%s/\n", ln.Addr())
			served := make(chan error, 1)
			go func() { served <- srv.Serve(ln) }()
			ran := l.Run(ctx)
			stop, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			_ = srv.Shutdown(stop)
			srv.Close()
			if err := <-served; !errors.Is(err, http.ErrServerClosed) {
				return err
			}
			if errors.Is(ran, context.Canceled) {
				return nil
			}
			return ran
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", "", "host:port to listen on (default: ladder.yaml's addr)")
	f.IntVar(&slots, "slots", 0, "games at once (default: ladder.yaml's slots)")
	f.StringVar(&where, "nats", "", "play by workers at `URL`: nats://HOST:PORT, tls://… or embedded[:PORT]")
	f.StringVar(&qf.secret, "secret", "", "--nats: the league's key `FILE` (default DIR/"+queue.SecretFile+", made here)")
	f.StringVar(&qf.listen, "listen", "", "--nats embedded: listen on `ADDRESS` (default 127.0.0.1; 0.0.0.0: all)")
	addAuthFlags(cmd, &qf.auth)
	f.StringVar(&admin, "admin-token", "", "a lecturer's token besides tokens.csv's admin row")
	f.StringVar(&lang, "lang", "", "the pages' language: pt or en (default: ladder.yaml's lang)")
	return cmd
}

func newLadderUploadCmd() *cobra.Command {
	var token string
	cmd := &cobra.Command{
		Use:   "upload URL FILE --token T",
		Short: "Upload a group's project to a ladder and print the verdict",
		Long: `Upload FILE (a zip, tar, tar.gz or tar.bz2 of the project) to the ladder at URL
(e.g. http://host:8080) with the group's token, and print the verdict: accepted
as version N with the conventions found and any warnings, or refused with
intake's reason. The token may also come from $ARENA_LADDER_TOKEN.`,
		Args: nArgs("URL", "FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if token == "" {
				token = os.Getenv("ARENA_LADDER_TOKEN")
			}
			if token == "" {
				return usage(errors.New("--token is missing: give the group's token from tokens.csv"))
			}
			f, err := os.Open(args[1])
			if err != nil {
				return usage(err)
			}
			defer f.Close()
			u := strings.TrimSuffix(args[0], "/") + "/api/ladder/upload?name=" + url.QueryEscape(filepath.Base(args[1]))
			req, err := http.NewRequestWithContext(cmd.Context(), http.MethodPost, u, f)
			if err != nil {
				return usage(err)
			}
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Content-Type", "application/octet-stream")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return err
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
			if err != nil {
				return err
			}
			if resp.StatusCode != http.StatusOK {
				var e struct{ Error string }
				json.Unmarshal(body, &e)
				return fmt.Errorf("upload: %s: %s", resp.Status, e.Error)
			}
			var v ladder.Version
			if err := json.Unmarshal(body, &v); err != nil {
				return fmt.Errorf("upload: the answer: %w", err)
			}
			return printVerdict(cmd.OutOrStdout(), v)
		},
	}
	cmd.Flags().StringVar(&token, "token", "", "the group's token (or $ARENA_LADDER_TOKEN)")
	return cmd
}

// printVerdict prints an upload's verdict.
func printVerdict(w io.Writer, v ladder.Version) error {
	var b strings.Builder
	switch {
	case v.Same > 0:
		fmt.Fprintf(&b, "same files as version %d: nothing new to play\n", v.Same)
	case v.Status == ladder.Accepted:
		fmt.Fprintf(&b, "accepted: version %d\n", v.Version)
		if c := v.Conventions["found"]; c != "" {
			fmt.Fprintf(&b, "conventions: %s\n", c)
		}
		if v.TimeUse != "" {
			fmt.Fprintf(&b, "time: %s\n", v.TimeUse)
		}
		for _, w := range v.Warnings {
			fmt.Fprintf(&b, "warning: %s\n", w.Text)
		}
	default:
		fmt.Fprintf(&b, "refused: version %d: %s\n", v.Version, v.Reason)
		if v.Position != "" {
			fmt.Fprintf(&b, "position: %s\n", v.Position)
		}
		if v.Load != "" {
			fmt.Fprintf(&b, "output: %s\n", v.Load)
		}
	}
	_, err := io.WriteString(w, wrapText(b.String(), maxWidth, "  "))
	return err
}

func newLadderStandingsCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "standings DIR",
		Short: "Print a ladder's standings",
		Long: `Print the ladder's standings: each group's active version, its Bradley–Terry
rating with its 95 % interval, its games and W/D/L, "?" on a provisional
rating; the same numbers GET /api/ladder/standings returns (--json prints
exactly that). It reads DIR while arena ladder serve plays it.`,
		Args: nArgs("DIR"),
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := ladder.Open(args[0], ladder.Options{})
			if err != nil {
				return usage(err)
			}
			defer l.Close()
			st, err := l.Standings()
			if err != nil {
				return err
			}
			if asJSON {
				if st == nil {
					st = []ladder.Standing{}
				}
				enc := json.NewEncoder(cmd.OutOrStdout())
				return enc.Encode(st)
			}
			tab := newTable([]string{"#", "group", "v", "rating", "±", "games", "W", "D", "L"}, 1)
			provisional := false
			for _, s := range st {
				mark := ""
				if s.Provisional {
					mark, provisional = "?", true
				}
				rank := fmt.Sprint(s.Rank)
				if s.Disabled {
					rank = "off" // disabled by the lecturer: not ranked
				}
				tab.add("", rank, s.Display, fmt.Sprint(s.Version), fmt.Sprintf("%.1f%s", s.Rating, mark),
					fmt.Sprintf("%.1f", s.Margin), fmt.Sprint(s.Games), fmt.Sprint(s.Wins), fmt.Sprint(s.Draws), fmt.Sprint(s.Losses))
			}
			if err := tab.render(cmd.OutOrStdout(), maxWidth); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "rating ± its 95 %% interval: Bradley-Terry fit of every ladder game, per version\n")
			if provisional {
				fmt.Fprintf(cmd.OutOrStdout(), "?: provisional, the interval wider than ±%g (provisional_margin)\n", l.Config().ProvisionalMargin)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the API's JSON")
	return cmd
}

func newLadderFreezeCmd() *cobra.Command {
	var (
		at, out string
	)
	cmd := &cobra.Command{
		Use:   "freeze DIR -o league.yaml [--at TIME]",
		Short: "Freeze a ladder into the championship's league file",
		Long: `Fix each group's last accepted version uploaded before --at (default: now;
RFC 3339, e.g. 2026-12-15T23:59:00Z), copy its files into DIR/frozen/ under
their content hash, and write the championship's league file in intake's form,
its seed drawn from the frozen versions' hashes, each version's ladder rating
as its rating: key (seeding and the last tie-break only). A group with no accepted
version is listed as not eligible with its last reason. Then arena run and
arena grades work as after intake.`,
		Args: nArgs("DIR"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usage(errors.New("-o is missing: name the league file to write, e.g. -o league.yaml"))
			}
			var when time.Time
			if at != "" {
				t, err := time.Parse(time.RFC3339, at)
				if err != nil {
					return usage(fmt.Errorf("--at %q: want RFC 3339, e.g. 2026-12-15T23:59:00Z", at))
				}
				when = t
			}
			l, err := ladder.Open(args[0], ladder.Options{})
			if err != nil {
				return usage(err)
			}
			defer l.Close()
			res, err := l.Freeze(when)
			if err != nil {
				return err
			}
			if err := os.WriteFile(out, res.League, 0o644); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "arena: %d groups frozen, %d not eligible, seed %d: %s\n", len(res.Frozen), len(res.NotEligible), res.Seed, out)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&at, "at", "", "the deadline (RFC 3339; default now)")
	f.StringVarP(&out, "out", "o", "", "the league file to write")
	return cmd
}
