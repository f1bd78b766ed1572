package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// Coordinator hands a league's games to workers over JetStream and brings
// their results back: it is the arena.Dispatcher of `arena run --queue`.
type Coordinator struct {
	Conn   *nats.Conn     // to the server the workers pull from
	Config *league.Config // the league, as the Runner plays it
	// Secret's key signs the specs; a result not signed with it is
	// dropped.
	Secret  Secret
	Options Options // the workers' consumer: ack wait, max deliver, dedupe
	// DiscardResults starts the league's queue anew: the specs and results
	// of earlier runs of the league are purged (the Runner, told
	// DiscardResults too, discards its journal).
	DiscardResults bool
	// Notify, if set, is told what the coordinator does, in one line: the
	// games it queued, a spec that failed on every worker.
	Notify func(msg string)
}

// Dispatch publishes a spec for each game of pending (JetStream drops one
// it still holds, by its id), then records results as they come, each game
// once, and a fault game for a spec that failed on Options.MaxDeliver
// deliveries. It returns when every game of pending is recorded, or on
// ctx's end: the specs stay queued and their results wait in the results
// stream for the next run. When record says the league is decided
// (arena.ErrDecided), the specs no worker has taken yet are withdrawn, and
// it returns arena.ErrDecided once the games that workers hold are
// recorded.
func (c *Coordinator) Dispatch(ctx context.Context, pending []tournament.Scheduled, record func(arena.Played) error) error {
	js, err := jetstream.New(c.Conn)
	if err != nil {
		return err
	}
	s, err := setup(ctx, js, c.Options)
	if err != nil {
		return err
	}
	league := c.Config.Hash()
	bots, cfg, err := c.packBots(ctx, s)
	if err != nil {
		return err
	}
	epoch, err := c.publish(ctx, s, league, bots)
	if err != nil {
		return err
	}
	// The next stage of a Swiss or knockout, dispatched by another call,
	// carries on with this epoch: its first call restarted the queue.
	c.DiscardResults = false
	left := make(map[string]tournament.Scheduled, len(pending))
	for _, g := range pending {
		left[g.ID] = g
	}
	// Listen before publishing, so that no result or advisory is missed.
	results, err := js.CreateOrUpdateConsumer(ctx, resultsStream, jetstream.ConsumerConfig{
		Durable: "coordinator-" + league, FilterSubject: resultsSubject + league,
		AckPolicy: jetstream.AckExplicitPolicy, DeliverPolicy: jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return fmt.Errorf("results consumer: %w", err)
	}
	resc := make(chan jetstream.Msg)
	it, err := results.Messages()
	if err != nil {
		return fmt.Errorf("results consumer: %w", err)
	}
	defer it.Stop()
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			m, err := it.Next()
			if err != nil {
				return // stopped
			}
			select {
			case resc <- m:
			case <-stop:
				return
			}
		}
	}()
	advc := make(chan *nats.Msg, 64)
	sub, err := c.Conn.ChanSubscribe("$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES."+gamesStream+"."+workersName, advc)
	if err != nil {
		return fmt.Errorf("max deliveries advisory: %w", err)
	}
	defer sub.Unsubscribe()

	queued := 0
	seqs := make(map[string]uint64, len(pending)) // each spec's stream sequence
	for _, g := range pending {
		spec, _ := json.Marshal(Spec{League: league, Epoch: epoch, Scheduled: g, Config: cfg, Bots: bots})
		msg := c.Secret.signed("spec", gamesSubject+league, spec)
		ack, err := js.PublishMsg(ctx, msg, jetstream.WithMsgID(msgID(league, epoch, g.ID, msg)))
		if err != nil {
			return fmt.Errorf("queueing %s: %w", g.ID, err)
		}
		seqs[g.ID] = ack.Sequence // a duplicate's is the first copy's
		if !ack.Duplicate {
			queued++
		}
	}
	c.notify(fmt.Sprintf("queued %d games (%d were already queued)", queued, len(pending)-queued))

	decided := false
	for len(left) > 0 {
		var err error
		select {
		case <-ctx.Done():
			return ctx.Err()
		case m := <-resc:
			err = c.result(m, Result{League: league, Epoch: epoch, Bots: bots}, left, record)
		case m := <-advc:
			err = c.maxDelivered(ctx, s.games, m, league, epoch, left, record)
		}
		if errors.Is(err, arena.ErrDecided) && !decided {
			decided = true
			err = c.withdraw(ctx, s.games, seqs, left)
		}
		if err != nil && !errors.Is(err, arena.ErrDecided) {
			return err
		}
	}
	if decided {
		return arena.ErrDecided
	}
	return nil
}

// notify tells Notify, if set.
func (c *Coordinator) notify(msg string) {
	if c.Notify != nil {
		c.Notify(msg)
	}
}

// packBots puts each external bot's files in the object store and returns
// their bundle hashes by bot name, and the config as workers get it.
func (c *Coordinator) packBots(ctx context.Context, s *streams) (map[string]string, []byte, error) {
	hashes := map[string]string{}
	bots := make([]league.BotConfig, len(c.Config.Bots))
	for i, b := range c.Config.Bots {
		bots[i] = b
		if !external(b) {
			continue
		}
		p, portableBot, err := pack(b)
		if err != nil {
			return nil, nil, err
		}
		if err := p.put(ctx, s.bots); err != nil {
			return nil, nil, err
		}
		bots[i], hashes[b.Name] = portableBot, p.hash
	}
	cfg, err := portable(c.Config, bots)
	return hashes, cfg, err
}

// publish publishes the league's bot hashes in the leagues bucket and
// returns the league's epoch: the one of the last run, or one more when
// DiscardResults is set or the bots' files changed since, whose specs and results
// are then purged.
func (c *Coordinator) publish(ctx context.Context, s *streams, league string, bots map[string]string) (int, error) {
	var last published
	if e, err := s.leagues.Get(ctx, league); err == nil {
		_ = json.Unmarshal(e.Value(), &last) // a damaged entry counts as none
	} else if !errors.Is(err, jetstream.ErrKeyNotFound) {
		return 0, fmt.Errorf("reading the league's bot hashes: %w", err)
	}
	now := published{Bots: bots, Epoch: max(last.Epoch, 1)}
	if last.Epoch > 0 && (c.DiscardResults || !sameBots(last.Bots, bots)) {
		now.Epoch++
		for _, p := range []struct {
			st   jetstream.Stream
			subj string
		}{{s.games, gamesSubject + league}, {s.results, resultsSubject + league}} {
			if err := p.st.Purge(ctx, jetstream.WithPurgeSubject(p.subj)); err != nil {
				return 0, fmt.Errorf("purging %s: %w", p.subj, err)
			}
		}
	}
	data, _ := json.Marshal(now)
	if _, err := s.leagues.Put(ctx, league, data); err != nil {
		return 0, fmt.Errorf("publishing the bots' hashes: %w", err)
	}
	return now.Epoch, nil
}

// result records the game that m brings, unless it is not signed with the
// league's key, not one of left (already recorded), not of want's league
// and epoch, or its bots are not want's, and acks m once it is recorded.
func (c *Coordinator) result(m jetstream.Msg, want Result, left map[string]tournament.Scheduled, record func(arena.Played) error) error {
	if !c.Secret.verify("result", m.Subject(), m.Data(), m.Headers().Get(macHeader)) {
		c.notify("dropped a result not signed with the league's key")
		return m.Term()
	}
	var r Result
	if err := json.Unmarshal(m.Data(), &r); err != nil {
		c.notify(fmt.Sprintf("dropped a damaged result: %v", err))
		return m.Term()
	}
	g := r.Played.Entry
	s, ok := left[g.ID]
	switch {
	case !ok || r.League != want.League || r.Epoch != want.Epoch:
		return m.Ack() // a duplicate, or of another league or run
	case !sameBots(r.Bots, want.Bots) || g.Round != s.Round || g.Seed != s.Seed ||
		g.White != c.Config.Bots[s.White].Name || g.Black != c.Config.Bots[s.Black].Name:
		c.notify(fmt.Sprintf("dropped a result of %s from %s: it is not the game queued", g.ID, g.Worker))
		return m.Ack()
	}
	err := record(r.Played)
	if err != nil && !errors.Is(err, arena.ErrDecided) {
		return err
	}
	delete(left, g.ID)
	if aerr := m.Ack(); aerr != nil {
		return aerr
	}
	return err // nil, or ErrDecided
}

// sameBots reports whether two sets of bot hashes are the same.
func sameBots(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// maxDeliveries is the part of JetStream's max-deliveries advisory that
// the coordinator reads.
type maxDeliveries struct {
	StreamSeq  uint64 `json:"stream_seq"`
	Deliveries uint64 `json:"deliveries"`
}

// maxDelivered records a fault game for the spec that advisory m names,
// when it is one of left, and deletes the spec from the stream.
func (c *Coordinator) maxDelivered(ctx context.Context, games jetstream.Stream, m *nats.Msg, league string, epoch int, left map[string]tournament.Scheduled, record func(arena.Played) error) error {
	var a maxDeliveries
	if err := json.Unmarshal(m.Data, &a); err != nil {
		return nil // not one we can read
	}
	raw, err := games.GetMsg(ctx, a.StreamSeq)
	if err != nil {
		return nil // gone: acked after all, or another coordinator's
	}
	var spec Spec
	if !c.Secret.verify("spec", raw.Subject, raw.Data, raw.Header.Get(macHeader)) {
		return nil // not one of ours
	}
	if err := json.Unmarshal(raw.Data, &spec); err != nil || spec.League != league || spec.Epoch != epoch {
		return nil
	}
	s, ok := left[spec.Scheduled.ID]
	if !ok {
		return nil
	}
	detail := fmt.Sprintf("failed on %d workers: each stopped before the game ended (killed, or lost its connection)", a.Deliveries)
	p, err := faultGame(c.Config, s, detail)
	if err != nil {
		return err
	}
	c.notify(fmt.Sprintf("game %s %s", s.ID, detail))
	err = record(p)
	if err != nil && !errors.Is(err, arena.ErrDecided) {
		return err
	}
	delete(left, s.ID)
	if err := games.DeleteMsg(ctx, a.StreamSeq); err != nil {
		c.notify(fmt.Sprintf("could not delete the spec of %s: %v", s.ID, err))
	}
	return err // nil, or ErrDecided
}

// faultGame is the record of game s that could not be played on any
// worker: a crash of both sides (0-0) with detail, its move log the initial
// position alone.
func faultGame(c *league.Config, s tournament.Scheduled, detail string) (arena.Played, error) {
	st := c.Rules().New(s.Seed)
	rec := referee.Unplayed(st, 0, referee.Crash, detail)
	now := time.Now()
	g := results.FromRecord(s.ID, s.Round, s.Seed, c.Bots[s.White].Name, c.Bots[s.Black].Name, rec, now, now)
	lines, err := results.MoveLines(g, st, rec)
	if err != nil {
		return arena.Played{}, err
	}
	return arena.Played{Entry: g, Moves: lines}, nil
}
