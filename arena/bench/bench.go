package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/referee"
)

// Options configure Run. Zero fields take the defaults below.
type Options struct {
	// Self is arena's own executable: the launcher, and the built-in bots.
	Self string
	// TestBot is the test bot's executable (host/internal/testbot), the
	// external bot: mode ok for throughput, mode punctual for the
	// overcharge. "" leaves out what needs it.
	TestBot string
	// Games is how many games each throughput row plays (default 60);
	// negative leaves the throughput out.
	Games int
	// Concurrency is the high concurrency (default runtime.NumCPU()).
	Concurrency int
	// Moves is the least number of punctual moves the overcharge counts
	// (default 5000); negative leaves the overcharge out.
	Moves int
	// Sandbox is the bots' sandbox (default strict).
	Sandbox sandbox.Mode
	// Prestart starts each game's bots while the game before plays (see
	// arena.Runner.Prestart).
	Prestart bool
	// RoundRobins are the numbers of built-in bots of the round robins
	// played with restart on and off (default 3 and 6).
	RoundRobins []int
	// Dir holds the leagues' results; "" makes and removes a temporary one.
	Dir string
	// Progress, if set, is told what is measured next.
	Progress func(string)
}

// Defaults of Options.
const (
	DefaultGames = 60
	DefaultMoves = 5000
	// benchTempo is the budget of every bench league, and benchMargin its
	// time_margin_ms: the overcharge's targets are stated for them.
	benchTempo  = 100 * time.Millisecond
	benchMargin = 10 * time.Millisecond
	// punctuality is the share of the tempo the punctual bot takes, in %.
	punctuality = 95
)

// Timings of the restart rows: a fast tempo, and a game clock.
var restartTimings = []timing{
	{name: "tempo 10 ms", yaml: "tempo_ms: 10"},
	{name: "clock 1000+10", yaml: "time_control: {base_ms: 1000, inc_ms: 10}"},
}

// timing is how a bench league times its moves.
type timing struct {
	name string // for people
	yaml string // the league file's key
}

// Row is one throughput measure: a league of fast bots.
type Row struct {
	Bots        string        // "built-in", "external", "built-in pair" or "round robin of N"
	Timing      string        // e.g. "tempo 100 ms"
	Restart     string        // the league's restart: "on" or "off"
	Concurrency int           // games at once
	Games       int           // games played
	Wall        time.Duration // the league's wall time
	BotTime     time.Duration // time charged to bots
}

// GamesPerSecond is the league's throughput.
func (r Row) GamesPerSecond() float64 { return float64(r.Games) / r.Wall.Seconds() }

// FixedCost is the slot time per game outside the bots' calls: every
// slot's wall time, less the time charged to bots, per game.
func (r Row) FixedCost() time.Duration {
	if r.Games == 0 {
		return 0
	}
	return (r.Wall*time.Duration(r.Concurrency) - r.BotTime) / time.Duration(r.Games)
}

// Overcharge is what the clock charged a punctual bot beyond its own time.
type Overcharge struct {
	Concurrency int
	Moves       int           // the punctual bot's moves measured
	P50, P99    time.Duration // of charged time less the bot's own
	Max         time.Duration
	// Late counts the moves charged more than tempo + margin, and
	// FalseTimeouts the games a punctual bot lost on time: both should be
	// 0, since the bot answers well within its budget.
	Late, FalseTimeouts int
}

// Report is what Run measured.
type Report struct {
	CPUs     int
	Sandbox  sandbox.Mode
	Prestart bool
	// Launcher is the launcher's executable: arena-launch beside arena,
	// or arena itself (see host.SelfLauncher).
	Launcher   string
	Rows       []Row
	Overcharge *Overcharge // nil when left out
}

// Run plays the bench's leagues and returns their measures. It returns
// ctx's error, with what was measured so far, when ctx is cancelled.
func Run(ctx context.Context, opt Options) (Report, error) {
	opt = opt.withDefaults()
	rep := Report{CPUs: runtime.NumCPU(), Sandbox: opt.Sandbox, Prestart: opt.Prestart, Launcher: host.SelfLauncher(opt.Self)[0]}
	dir := opt.Dir
	if dir == "" {
		tmp, err := os.MkdirTemp("", "arena-bench-")
		if err != nil {
			return rep, err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	kinds := []string{"built-in"}
	if opt.TestBot != "" {
		kinds = append(kinds, "external")
	}
	if opt.Games < 0 {
		kinds = nil
	}
	var leagues []benchLeague
	for _, kind := range kinds {
		for _, c := range slices.Compact([]int{1, opt.Concurrency}) {
			leagues = append(leagues, fastLeague(opt, kind, c, filepath.Join(dir, fmt.Sprintf("%s-c%d", kind, c))))
		}
	}
	if opt.Games >= 0 {
		for i, tm := range restartTimings {
			for _, c := range slices.Compact([]int{1, opt.Concurrency}) {
				for _, restart := range []string{"on", "off"} {
					leagues = append(leagues, pairLeague(opt, tm, restart, c, filepath.Join(dir, fmt.Sprintf("pair-t%d-c%d-%s", i, c, restart))))
				}
			}
		}
		for _, n := range opt.RoundRobins {
			for _, c := range slices.Compact([]int{1, opt.Concurrency}) {
				for _, restart := range []string{"on", "off"} {
					leagues = append(leagues, roundRobin(opt, n, restart, c, filepath.Join(dir, fmt.Sprintf("rr%d-c%d-%s", n, c, restart))))
				}
			}
		}
	}
	for _, l := range leagues {
		opt.progress(fmt.Sprintf("%d games of %s bots, %s, restart %s, %d at once", opt.Games, l.kind, l.timing.name, l.restart, l.concurrency))
		sum, err := l.run(ctx)
		if err != nil {
			return rep, err
		}
		rep.Rows = append(rep.Rows, Row{Bots: l.kind, Timing: l.timing.name, Restart: l.restart, Concurrency: sum.AtOnce, Games: sum.Played, Wall: sum.Wall, BotTime: sum.BotTime})
	}
	if opt.TestBot == "" || opt.Moves < 0 {
		return rep, nil
	}
	oc, err := overcharge(ctx, opt, dir)
	if err != nil {
		return rep, err
	}
	rep.Overcharge = &oc
	return rep, nil
}

func (o Options) withDefaults() Options {
	if o.Games == 0 {
		o.Games = DefaultGames
	}
	if o.Concurrency <= 0 {
		o.Concurrency = runtime.NumCPU()
	}
	if o.Moves == 0 {
		o.Moves = DefaultMoves
	}
	if o.Sandbox == "" {
		o.Sandbox = sandbox.Strict
	}
	if o.RoundRobins == nil {
		o.RoundRobins = defaultRoundRobins
	}
	return o
}

func (o Options) progress(msg string) {
	if o.Progress != nil {
		o.Progress(msg)
	}
}

// league is a bench league: its config file's lines besides the bots.
type benchLeague struct {
	name, out   string
	kind        string // the bots, for people (Row.Bots)
	seed        uint64
	rounds      int
	timing      timing
	restart     string
	concurrency int
	sandbox     sandbox.Mode
	prestart    bool
	bots        []string // YAML flow mappings, one per bot
	self        string
}

// benchTiming is the timing of the fast and punctual leagues.
var benchTiming = timing{name: fmt.Sprintf("tempo %d ms", benchTempo.Milliseconds()), yaml: fmt.Sprintf("tempo_ms: %d", benchTempo.Milliseconds())}

// fastLeague is four fast bots of kind, playing at least opt.Games games
// (12 a round) c at once.
func fastLeague(opt Options, kind string, c int, out string) benchLeague {
	l := benchLeague{name: "bench", kind: kind, out: out, seed: 1, rounds: (opt.Games + 11) / 12, timing: benchTiming, restart: "on", concurrency: c, sandbox: opt.Sandbox, prestart: opt.Prestart, self: opt.Self}
	if kind == "built-in" {
		l.bots = []string{
			"{name: greedy, builtin: greedy}",
			"{name: random, builtin: random, options: {seed: 7}}",
			"{name: greedy2, builtin: greedy}",
			"{name: random2, builtin: random, options: {seed: 9}}",
		}
		return l
	}
	for i := range 4 {
		l.bots = append(l.bots, fmt.Sprintf("{name: ok%d, path: %q, args: [ok]}", i+1, opt.TestBot))
	}
	return l
}

// pairLeague is two fast built-in bots, greedy and random, playing at least
// opt.Games games (2 a round) c at once under tm, with restart: every game
// of a slot has the bots of the game before, which restart: off keeps.
func pairLeague(opt Options, tm timing, restart string, c int, out string) benchLeague {
	return benchLeague{
		name: "pair", kind: "built-in pair", out: out, seed: 1, rounds: (opt.Games + 1) / 2, timing: tm, restart: restart,
		concurrency: c, sandbox: opt.Sandbox, prestart: opt.Prestart, self: opt.Self,
		bots: []string{"{name: greedy, builtin: greedy}", "{name: random, builtin: random, options: {seed: 7}}"},
	}
}

// defaultRoundRobins are the sizes of the round robins of built-in bots
// played with restart on and off: consecutive games of a slot rarely
// share both bots, so only an engine pool per bot (arena.Keeper) spares
// their starts.
var defaultRoundRobins = []int{3, 6}

// roundRobin is a round robin of n fast built-in bots (greedy and random,
// in turn), playing at least opt.Games games (n(n-1) a round) c at once at
// tempo 10 ms, with restart.
func roundRobin(opt Options, n int, restart string, c int, out string) benchLeague {
	l := benchLeague{
		name: "robin", kind: fmt.Sprintf("round robin of %d", n), out: out, seed: 1, rounds: (opt.Games + n*(n-1) - 1) / (n * (n - 1)),
		timing: restartTimings[0], restart: restart, concurrency: c, sandbox: opt.Sandbox, prestart: opt.Prestart, self: opt.Self,
	}
	for i := range n {
		if i%2 == 0 {
			l.bots = append(l.bots, fmt.Sprintf("{name: greedy%d, builtin: greedy}", i/2+1))
		} else {
			l.bots = append(l.bots, fmt.Sprintf("{name: random%d, builtin: random, options: {seed: %d}}", i/2+1, 7+i))
		}
	}
	return l
}

// run plays the league in its out directory, from scratch.
func (l benchLeague) run(ctx context.Context) (arena.Summary, error) {
	var b strings.Builder
	// clock: wall, so that the time charged is each call's wall time and
	// the fixed cost what a game costs beyond its calls, as the numbers in
	// docs/performance.md were measured (the CPU clock charges a fast bot
	// almost nothing, and a punctual bot's own time is wall time).
	fmt.Fprintf(&b, "name: %s\nseed: %d\nrounds: %d\n%s\ntime_margin_ms: %d\nclock: wall\nrestart: %s\nconcurrency: %d\nsandbox: %s\nout: %q\nbots:\n",
		l.name, l.seed, l.rounds, l.timing.yaml, benchMargin.Milliseconds(), l.restart, l.concurrency, l.sandbox, l.out)
	for _, bot := range l.bots {
		fmt.Fprintf(&b, "  - %s\n", bot)
	}
	cfg, _, err := league.Parse(l.out+".yaml", []byte(b.String()))
	if err != nil {
		return arena.Summary{}, fmt.Errorf("bench league: %w", err)
	}
	r := &arena.Runner{Config: cfg, Self: l.self, DiscardResults: true, Prestart: l.prestart}
	return r.Run(ctx)
}

// overcharge plays leagues of two punctual test bots, opt.Concurrency
// games at once, until opt.Moves moves were measured, and reads their move
// logs.
func overcharge(ctx context.Context, opt Options, dir string) (Overcharge, error) {
	oc := Overcharge{Concurrency: opt.Concurrency}
	var over []time.Duration
	// n bots make n(n-1) games a round, enough to keep the slots busy.
	n := max(2, opt.Concurrency)
	var bots []string
	for i := range n {
		bots = append(bots, fmt.Sprintf("{name: p%d, path: %q, args: [punctual, %d]}", i+1, opt.TestBot, punctuality))
	}
	for seed := uint64(1); len(over) < opt.Moves; seed++ {
		opt.progress(fmt.Sprintf("punctual moves: %d of %d, %d at once", len(over), opt.Moves, opt.Concurrency))
		// A game of bots that play the first legal move has some 20
		// moves a side.
		perRound := 40 * n * (n - 1)
		l := benchLeague{
			name: "punctual", out: filepath.Join(dir, fmt.Sprintf("punctual-%d", seed)), seed: seed,
			rounds: (opt.Moves-len(over))/perRound + 1, timing: benchTiming, restart: "on", concurrency: opt.Concurrency,
			sandbox: opt.Sandbox, prestart: opt.Prestart, bots: bots, self: opt.Self,
		}
		if _, err := l.run(ctx); err != nil {
			return oc, err
		}
		r, err := arena.OpenResults(l.out)
		if err != nil {
			return oc, err
		}
		for _, g := range r.Games {
			if g.Reason == referee.Timeout {
				oc.FalseTimeouts++
			}
			lines, err := r.GameLog(g.ID)
			if err != nil {
				return oc, err
			}
			for _, m := range lines {
				if m.Ply == 0 || m.Forced || m.Nodes <= 0 {
					continue
				}
				charged := time.Duration(m.TimeMS * float64(time.Millisecond))
				if charged > benchTempo+benchMargin {
					oc.Late++
				}
				over = append(over, charged-time.Duration(m.Nodes))
			}
		}
	}
	if len(over) == 0 {
		return oc, errors.New("bench: the punctual bots played no move")
	}
	slices.Sort(over)
	oc.Moves = len(over)
	oc.P50, oc.P99, oc.Max = quantile(over, 0.50), quantile(over, 0.99), over[len(over)-1]
	return oc, nil
}

// quantile returns the q-quantile of sorted, by the nearest rank.
func quantile(sorted []time.Duration, q float64) time.Duration {
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

// Write prints the report as a table for people.
func (r Report) Write(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "bots\ttiming\trestart\tat once\tgames\twall s\tgames/s\tfixed ms/game\tbot calls %%\t\n")
	for _, row := range r.Rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%.1f\t%.2f\t%.1f\t%.0f\t\n", row.Bots, row.Timing, row.Restart, row.Concurrency, row.Games,
			row.Wall.Seconds(), row.GamesPerSecond(), ms(row.FixedCost()),
			100*row.BotTime.Seconds()/(row.Wall.Seconds()*float64(row.Concurrency)))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, kind := range []string{"built-in", "external"} {
		var rows []Row
		for _, row := range r.Rows {
			if row.Bots == kind {
				rows = append(rows, row)
			}
		}
		if len(rows) == 2 {
			fmt.Fprintf(w, "%s: %d at once plays %.2fx the games/s of 1\n", kind, rows[1].Concurrency, rows[1].GamesPerSecond()/rows[0].GamesPerSecond())
		}
	}
	for i, on := range r.Rows {
		if i+1 < len(r.Rows) && on.Restart == "on" && r.Rows[i+1].Restart == "off" {
			off := r.Rows[i+1]
			fmt.Fprintf(w, "restart off, %s, %s, %d at once: fixed cost %.1fx lower, %.2fx the games/s of restart on\n",
				on.Bots, on.Timing, on.Concurrency, on.FixedCost().Seconds()/off.FixedCost().Seconds(), off.GamesPerSecond()/on.GamesPerSecond())
		}
	}
	if oc := r.Overcharge; oc != nil {
		fmt.Fprintf(w, "overcharge of a bot answering at %d %% of %v (margin %v), %d at once, %d moves:\n",
			punctuality, benchTempo, benchMargin, oc.Concurrency, oc.Moves)
		fmt.Fprintf(w, "  p50 %.3f ms, p99 %.3f ms, max %.3f ms; %d moves over the limit, %d false timeouts\n",
			ms(oc.P50), ms(oc.P99), ms(oc.Max), oc.Late, oc.FalseTimeouts)
	}
	fmt.Fprintf(w, "%d cores, sandbox %s, prestart %v, launcher %s\n", r.CPUs, r.Sandbox, r.Prestart, r.Launcher)
	return nil
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// testBotPackage is the import path of the test bot, which BuildTestBot
// builds.
const testBotPackage = "github.com/arenabots/arena/host/internal/testbot"

// BuildTestBot builds the test bot into dir with the go command, which
// must run inside arena's module (a clone of its sources), and returns the
// binary's path.
func BuildTestBot(ctx context.Context, dir string) (string, error) {
	bin := filepath.Join(dir, "testbot")
	out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, testBotPackage).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("building the test bot (go build %s, run from arena's sources): %v: %s", testBotPackage, err, strings.TrimSpace(string(out)))
	}
	return bin, nil
}
