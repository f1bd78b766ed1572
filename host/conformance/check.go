package conformance

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/wire"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/referee"
)

// Options configure Run.
type Options struct {
	// Clock is the time control of each position; zero: 1s of CPU time
	// and a margin of 500ms, as a league charges by default.
	Clock referee.Clock
	// Seed is the board of the opening position; 0: 1.
	Seed uint64
	// Game is the game the bot is checked on, whose Samples are the
	// positions sent; nil: the default game (games.Default).
	Game referee.Game
}

// Result is the outcome of one conformance check.
type Result struct {
	Name    string
	OK      bool
	Detail  string        // what was seen, or why the check failed
	Elapsed time.Duration // the time the check took
}

// Run runs the conformance checks a course instructor runs on a
// submission, and reports every one, passed or not: the bot starts and
// completes the handshake; Info names it and lists the game; it answers a
// legal move within the clock in each of the game's Samples (for Cavalo:
// an opening after both placements, midgames and a position where it must
// choose which double to remove; claimed states, when sent, must be right);
// and it stops cleanly, leaving no process behind. A position where the
// side to move can only pass is never sent: the referee plays the pass.
func Run(ctx context.Context, spec host.Spec, opts Options) []Result {
	results, _ := run(ctx, spec, opts)
	return results
}

// run is Run, which also returns what the bot's Info said (nothing when it
// did not start).
func run(ctx context.Context, spec host.Spec, opts Options) ([]Result, bots.Info) {
	if opts.Clock == (referee.Clock{}) {
		opts.Clock = referee.Clock{Tempo: time.Second, Margin: 500 * time.Millisecond, CPU: true}
	}
	if opts.Seed == 0 {
		opts.Seed = 1
	}
	if opts.Game == nil {
		opts.Game, _ = games.Lookup(games.Default) // the default is in the table
	}
	game := opts.Game.Name()
	positions, err := opts.Game.Samples(opts.Seed)
	if err != nil {
		return []Result{{Name: "positions", Detail: err.Error()}}, bots.Info{}
	}
	var results []Result
	add := func(name string, start time.Time, err error, detail string) {
		r := Result{Name: name, OK: err == nil, Detail: detail, Elapsed: time.Since(start)}
		if err != nil {
			r.Detail = err.Error()
		}
		results = append(results, r)
	}

	start := time.Now()
	p, err := host.Start(ctx, spec)
	add("starts and completes the handshake", start, err,
		fmt.Sprintf("protocol version %d, started in %.1fms", wire.ProtocolVersion, time.Since(start).Seconds()*1000))
	if err != nil {
		notRun := errors.New("not run: the bot did not start")
		add("Info names the bot and lists "+game, time.Now(), notRun, "")
		for _, pos := range positions {
			add(pos.Name, time.Now(), notRun, "")
		}
		add("stops cleanly", time.Now(), notRun, "")
		return results, bots.Info{}
	}
	defer p.Close()

	start = time.Now()
	info := p.Info()
	err = nil
	switch {
	case strings.TrimSpace(info.Name) == "":
		err = errors.New("Info gives no name")
	case !slices.Contains(info.Games, game):
		err = fmt.Errorf("Info lists games %q, not %s", info.Games, game)
	}
	add("Info names the bot and lists "+game, start, err, InfoLine(info))

	for _, pos := range positions {
		start = time.Now()
		detail, err := checkMove(ctx, p, pos.State, opts.Clock)
		add(pos.Name, start, err, detail)
	}

	start = time.Now()
	detail, err := checkStop(p)
	add("stops cleanly", start, err, detail)
	return results, info
}

// checkMove asks p for a move in st under clock, and has the referee judge
// the answer exactly as in a league game; a wrong claimed state, which a
// game only logs, fails the check. A refused answer's error is the
// *referee.Verdict.
func checkMove(ctx context.Context, p referee.Player, st referee.State, clock referee.Clock) (string, error) {
	var buf [referee.MaxMoves]referee.Move
	moves := st.Moves(buf[:0])
	if len(moves) == 0 || moves[0] == referee.Pass {
		return "only a pass: not sent", nil
	}
	call := referee.Ask(ctx, p, st, moves, clock)
	j := referee.Judge(st, clock, call)
	if j.Verdict != nil {
		return "", j.Verdict
	}
	played := playedText(st, j)
	if j.Discrepancy != "" {
		return "", fmt.Errorf("played %s but claimed a wrong state: %s", played, j.Discrepancy)
	}
	detail := fmt.Sprintf("%s in %.1fms", played, call.Elapsed.Seconds()*1000)
	if call.Reply.Stats.Nodes > 0 {
		detail += fmt.Sprintf(", %d nodes", call.Reply.Stats.Nodes)
	}
	if call.Reply.Claim == nil {
		return detail + ", no claimed state", nil
	}
	return detail + ", claimed state right", nil
}

// playedText names the move j plays in st, and the bot's answer when the
// referee completed or normalized it.
func playedText(st referee.State, j referee.Judgement) string {
	if j.Answer == "" {
		return st.FormatMove(j.Move)
	}
	return fmt.Sprintf("%s (answered %q)", st.FormatMove(j.Move), j.Answer)
}

// stopGrace is how long the check lets a bot exit after go-plugin's
// Shutdown before it calls the bot one that does not: a bound that only a
// bot that stays reaches, however busy the machine (the bot is niced while
// it ends, and a Python bot's exit takes a few hundred milliseconds of CPU),
// where a league's host.GracePeriod is a wait that judges nothing.
const stopGrace = 10 * time.Second

// checkStop closes p and checks that nothing of it is left.
func checkStop(p *host.Process) (string, error) {
	start := time.Now()
	err := p.CloseWithin(stopGrace)
	took := time.Since(start).Round(100 * time.Microsecond)
	if err != nil {
		return "", err
	}
	if err := p.Leftovers(); err != nil {
		return "", fmt.Errorf("after Close: %w", err)
	}
	if p.KilledOnClose() {
		return "", fmt.Errorf("did not exit on Shutdown within %v and was killed", stopGrace)
	}
	return fmt.Sprintf("exited on Shutdown in %v, nothing left", took), nil
}

// InfoLine writes what a bot's Info says in one line, leaving out the
// fields it leaves empty, e.g. "p34 lisp, plays cavalo" or "first 1.0 by
// Ana, plays cavalo, dots"; a bot that lists no game "plays: not stated".
func InfoLine(info bots.Info) string {
	var who []string
	for _, f := range []string{info.Name, info.Version} {
		if f = strings.TrimSpace(f); f != "" {
			who = append(who, f)
		}
	}
	if a := strings.TrimSpace(info.Author); a != "" {
		who = append(who, "by "+a)
	}
	plays := "plays: not stated"
	if len(info.Games) > 0 {
		plays = "plays " + strings.Join(info.Games, ", ")
	}
	if len(who) == 0 {
		return plays
	}
	return strings.Join(who, " ") + ", " + plays
}
