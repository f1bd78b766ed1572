package queue

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/lispimage"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/sandbox"
)

// Worker plays the games that coordinators queue, Concurrency at a time.
type Worker struct {
	Conn        *nats.Conn // to the server coordinators queue games on
	Name        string     // recorded in each game it plays
	Concurrency int        // games played at once
	// Self is arena's own executable, which serves the built-in bots and
	// the Lisp adapter.
	Self string
	// CacheDir holds the bots' files fetched from the store, by bundle hash.
	CacheDir string
	Verbose  bool
	// Secret's key checks each spec (one not signed with it is refused)
	// and signs each result.
	Secret Secret
	// Sandbox is how this worker isolates bots, whatever a spec says.
	Sandbox sandbox.Mode
	// Limits are the most this worker grants a bot: a spec's limits apply
	// where they are lower, and a zero field is the bots' default.
	Limits league.Limits
	// Notify, if set, is told of each game the worker plays or refuses, in
	// one line; calls may come from several goroutines at once.
	Notify func(msg string)
	// LispImages, if set, starts each Lisp bot from its saved image, kept
	// here and built before its first game on this worker, as a local run
	// does (arena.Runner.LispImages).
	LispImages *lispimage.Cache

	mu      sync.Mutex
	leagues map[string]*arena.Runner // by spec: config hash and bot hashes
	// kept is each league's engine pool under restart: off, shared by the
	// worker's loops (arena.Keeper).
	kept map[*arena.Runner]*arena.Keeper
}

// waitRetry is how long a worker waits before it asks again for a consumer
// that is not there yet, or after an error of the server.
const waitRetry = 2 * time.Second

// Run pulls and plays games until ctx is done. It waits for a coordinator
// to make the workers' consumer when there is none yet. The games in
// flight when ctx ends are handed back, to be played again.
func (w *Worker) Run(ctx context.Context) error {
	js, err := jetstream.New(w.Conn)
	if err != nil {
		return err
	}
	var (
		cons   jetstream.Consumer
		waited string
	)
	for cons == nil {
		if cons, err = js.Consumer(ctx, gamesStream, workersName); err == nil {
			break
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		// No server yet, or no coordinator yet: a worker waits for both.
		msg := "waiting for a coordinator: " + err.Error()
		if !w.Conn.IsConnected() {
			msg = "waiting for the server at " + w.Conn.Opts.Url
		}
		if msg != waited {
			w.notify(msg)
			waited = msg
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(waitRetry):
		}
	}
	bots, err := js.ObjectStore(ctx, botsBucket)
	if err != nil {
		return fmt.Errorf("bots' store: %w", err)
	}
	leagues, err := js.KeyValue(ctx, leaguesBucket)
	if err != nil {
		return fmt.Errorf("leagues' bucket: %w", err)
	}
	h := &handler{w: w, js: js, bots: bots, leagues: leagues}
	var wg sync.WaitGroup
	for range max(w.Concurrency, 1) {
		wg.Go(func() { h.loop(ctx, cons) })
	}
	wg.Wait()
	w.closeKept()
	return ctx.Err()
}

// notify tells Notify, if set.
func (w *Worker) notify(msg string) {
	if w.Notify != nil {
		w.Notify(msg)
	}
}

// handler is what a worker's loops share.
type handler struct {
	w       *Worker
	js      jetstream.JetStream
	bots    jetstream.ObjectStore
	leagues jetstream.KeyValue
}

// loop fetches one spec at a time, so that a spec waits in the stream for a
// free worker rather than in this one's buffer, and plays it.
func (h *handler) loop(ctx context.Context, cons jetstream.Consumer) {
	for ctx.Err() == nil {
		fctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		batch, err := cons.Fetch(1, jetstream.FetchContext(fctx))
		if err != nil {
			cancel()
			if ctx.Err() != nil {
				return
			}
			h.w.notify(fmt.Sprintf("fetching a game: %v", err))
			select {
			case <-ctx.Done():
			case <-time.After(waitRetry):
			}
			continue
		}
		idle := true
		for m := range batch.Messages() {
			idle = false
			h.handle(ctx, m, cons.CachedInfo().Config)
		}
		cancel()
		if idle { // no game for a while: no bot is kept waiting for one
			h.w.drain(nil)
		}
	}
}

// keeper returns the engine pool of r's league, which the worker's loops
// share (arena.Keeper): under restart: off, the idle processes of the
// league's bots. The idle processes of other leagues are closed.
func (w *Worker) keeper(r *arena.Runner) *arena.Keeper {
	w.drain(r)
	w.mu.Lock()
	defer w.mu.Unlock()
	k := w.kept[r]
	if k == nil {
		if w.kept == nil {
			w.kept = map[*arena.Runner]*arena.Keeper{}
		}
		k = &arena.Keeper{}
		w.kept[r] = k
	}
	return k
}

// drain closes the idle processes of every league's engine pool but that
// of but's league.
func (w *Worker) drain(but *arena.Runner) {
	w.mu.Lock()
	var others []*arena.Keeper
	for r, k := range w.kept {
		if r != but {
			others = append(others, k)
		}
	}
	w.mu.Unlock()
	for _, k := range others {
		k.Drain()
	}
}

// closeKept closes every league's engine pool, once the worker's loops
// are over.
func (w *Worker) closeKept() {
	w.mu.Lock()
	kept := w.kept
	w.kept = nil
	w.mu.Unlock()
	for _, k := range kept {
		k.Close()
	}
}

// handle plays the game of spec message m and acks m once its result
// is stored, or hands m back.
func (h *handler) handle(ctx context.Context, m jetstream.Msg, cc jetstream.ConsumerConfig) {
	if !h.w.Secret.verify("spec", m.Subject(), m.Data(), m.Headers().Get(macHeader)) {
		h.w.notify("refused a spec not signed with the league's key")
		_ = m.Term()
		return
	}
	var spec Spec
	if err := json.Unmarshal(m.Data(), &spec); err != nil {
		h.w.notify(fmt.Sprintf("refused a damaged spec: %v", err))
		_ = m.Term()
		return
	}
	id := spec.Scheduled.ID
	md, err := m.Metadata()
	if err != nil {
		_ = m.Nak()
		return
	}
	// Keep the spec ours while the game runs, however long it takes.
	beat, stopBeat := context.WithCancel(ctx)
	defer stopBeat()
	go func() {
		t := time.NewTicker(max(cc.AckWait/3, 100*time.Millisecond))
		defer t.Stop()
		for {
			select {
			case <-beat.Done():
				return
			case <-t.C:
				_ = m.InProgress()
			}
		}
	}()

	h.w.notify(fmt.Sprintf("playing %s, delivery %d", id, md.NumDelivered))
	p, err := h.play(ctx, spec)
	var refused *refusedError
	switch {
	case errors.As(err, &refused):
		h.w.notify(fmt.Sprintf("refused %s: %v", id, err))
		_ = m.Term()
		return
	case err == nil && p == nil: // interrupted: this worker is stopping
		_ = m.NakWithDelay(0)
		return
	case err != nil && cc.MaxDeliver > 0 && md.NumDelivered >= uint64(cc.MaxDeliver):
		f, ferr := h.fault(spec, fmt.Sprintf("failed on %d workers, the last %s: %v", md.NumDelivered, h.w.Name, err))
		if ferr != nil {
			h.w.notify(fmt.Sprintf("game %s failed on its last delivery and cannot be recorded: %v (%v)", id, ferr, err))
			_ = m.Term()
			return
		}
		p = &f
	case err != nil:
		h.w.notify(fmt.Sprintf("game %s failed (delivery %d), handed back: %v", id, md.NumDelivered, err))
		_ = m.NakWithDelay(time.Second)
		return
	}
	p.Entry.Worker = h.w.Name
	res, _ := json.Marshal(Result{League: spec.League, Epoch: spec.Epoch, Bots: spec.Bots, Played: *p})
	msg := h.w.Secret.signed("result", resultsSubject+spec.League, res)
	if _, err := h.js.PublishMsg(ctx, msg, jetstream.WithMsgID(msgID(spec.League, spec.Epoch, id, msg))); err != nil {
		h.w.notify(fmt.Sprintf("game %s: publishing its result: %v; handed back", id, err))
		_ = m.Nak()
		return
	}
	stopBeat()
	if err := m.DoubleAck(ctx); err != nil {
		h.w.notify(fmt.Sprintf("game %s: acking its spec: %v (its result is stored)", id, err))
	}
	h.w.notify(fmt.Sprintf("played %s: %s (%s), delivery %d", id, p.Entry.Result, p.Entry.Reason, md.NumDelivered))
}

// own puts this worker's sandbox and limits in cfg, a spec's config: a
// spec may lower a limit, never raise it, nor choose the sandbox.
func (w *Worker) own(cfg *league.Config) {
	cfg.Sandbox = w.Sandbox
	if cfg.Sandbox == "" {
		cfg.Sandbox = sandbox.Strict
	}
	for _, l := range []struct {
		spec *int
		own  int
		def  int
	}{
		{&cfg.Limits.MemoryMB, w.Limits.MemoryMB, host.DefaultMemoryMB},
		{&cfg.Limits.Processes, w.Limits.Processes, host.DefaultProcesses},
		{&cfg.Limits.OutputKB, w.Limits.OutputKB, host.DefaultOutputBytes >> 10},
		{&cfg.Limits.ScratchMB, w.Limits.ScratchMB, host.DefaultScratchMB},
	} {
		most := cmp.Or(l.own, l.def)
		if *l.spec <= 0 || *l.spec > most {
			*l.spec = most
		}
	}
}

// fault is the fault game of spec, which failed with detail.
func (h *handler) fault(spec Spec, detail string) (arena.Played, error) {
	cfg, err := localize(spec, nil)
	if err != nil {
		return arena.Played{}, err
	}
	s := spec.Scheduled
	if s.White < 0 || s.White >= len(cfg.Bots) || s.Black < 0 || s.Black >= len(cfg.Bots) {
		return arena.Played{}, fmt.Errorf("game %s names bots the league does not have", s.ID)
	}
	return faultGame(cfg, s, detail)
}

// refusedError is a spec a worker will not play: its bots are not the ones
// its league published.
type refusedError struct{ msg string }

func (e *refusedError) Error() string { return e.msg }

// play plays spec's game, or returns nil for a game interrupted by ctx.
func (h *handler) play(ctx context.Context, spec Spec) (*arena.Played, error) {
	r, err := h.runner(ctx, spec)
	if err != nil {
		return nil, err
	}
	s := spec.Scheduled
	if s.White < 0 || s.White >= len(r.Config.Bots) || s.Black < 0 || s.Black >= len(r.Config.Bots) {
		return nil, &refusedError{fmt.Sprintf("game %s names bots the league does not have", s.ID)}
	}
	return r.PlayScheduled(ctx, s, h.w.keeper(r))
}

// runner returns the Runner that plays the games of spec's league, made at
// its first game: the published bot hashes checked, the bots fetched.
func (h *handler) runner(ctx context.Context, spec Spec) (*arena.Runner, error) {
	key, _ := json.Marshal([]any{spec.League, spec.Bots})
	h.w.mu.Lock()
	defer h.w.mu.Unlock()
	if r, ok := h.w.leagues[string(key)]; ok {
		return r, nil
	}
	entry, err := h.leagues.Get(ctx, spec.League)
	if err != nil {
		return nil, fmt.Errorf("league %s: its bots' hashes: %w", spec.League, err)
	}
	var pub published
	if err := json.Unmarshal(entry.Value(), &pub); err != nil {
		return nil, fmt.Errorf("league %s: its bots' hashes: %w", spec.League, err)
	}
	if !sameBots(pub.Bots, spec.Bots) {
		return nil, &refusedError{fmt.Sprintf("its bot hashes are not the ones league %s published", spec.League)}
	}
	dirs := map[string]string{}
	for name, hash := range spec.Bots {
		dir, err := fetch(ctx, h.bots, filepath.Join(h.w.CacheDir, "bots"), hash)
		if errors.Is(err, ErrBundle) {
			return nil, &refusedError{fmt.Sprintf("bot %q: %v", name, err)}
		}
		if err != nil {
			return nil, fmt.Errorf("bot %q: %w", name, err)
		}
		dirs[name] = dir
	}
	cfg, err := localize(spec, dirs)
	if err != nil {
		return nil, err
	}
	h.w.own(cfg)
	r := &arena.Runner{Config: cfg, Self: h.w.Self, Verbose: h.w.Verbose, CheckBot: func(b league.BotConfig) error { return b.CheckPlatform(b.Name) }, LispImages: h.w.LispImages,
		Events: func(e arena.Event) {
			if e.Warning != "" {
				h.w.notify(e.Warning)
			}
		}}
	if _, err := r.SurveySandbox(ctx); err != nil {
		return nil, err
	}
	if h.w.leagues == nil {
		h.w.leagues = map[string]*arena.Runner{}
	}
	h.w.leagues[string(key)] = r
	return r, nil
}
