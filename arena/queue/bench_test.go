package queue

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
)

// BenchmarkQueueOverhead measures what the queue adds to each game, bots
// aside: the coordinator publishes a spec, a worker fetches it, says it is
// in progress, publishes a result and acks the spec, and the coordinator
// takes the result in. The game itself is a fault game made at once.
func BenchmarkQueueOverhead(b *testing.B) {
	ts := serve(b)
	cfg, _, err := league.Parse("b.yaml", fmt.Appendf(nil, "name: b\nrounds: %d\nbots: [{name: a, builtin: greedy}, {name: b, builtin: greedy}]\n", max(1, (b.N+1)/2)))
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	js, _ := jetstream.New(ts.worker)
	go fakeWorker(ctx, js, cfg, ts.secret)
	games := tournament.Schedule(cfg.League(), nil)[:b.N]
	b.ResetTimer()
	c := &Coordinator{Conn: ts.coord, Config: cfg, Secret: ts.secret, Options: DefaultOptions}
	n := 0
	if err := c.Dispatch(ctx, games, func(arena.Played) error { n++; return nil }); err != nil {
		b.Fatal(err)
	}
	if n != b.N {
		b.Fatalf("%d games recorded, want %d", n, b.N)
	}
}

// fakeWorker does what a worker does with a spec, but plays no game.
func fakeWorker(ctx context.Context, js jetstream.JetStream, cfg *league.Config, secret Secret) {
	var cons jetstream.Consumer
	for cons == nil && ctx.Err() == nil {
		cons, _ = js.Consumer(ctx, gamesStream, workersName)
	}
	for ctx.Err() == nil {
		batch, err := cons.Fetch(1, jetstream.FetchContext(ctx))
		if err != nil {
			continue
		}
		for m := range batch.Messages() {
			var spec Spec
			_ = json.Unmarshal(m.Data(), &spec)
			_ = m.InProgress()
			p, _ := faultGame(cfg, spec.Scheduled, "benchmark")
			res, _ := json.Marshal(Result{League: spec.League, Epoch: spec.Epoch, Bots: spec.Bots, Played: p})
			msg := secret.signed("result", resultsSubject+spec.League, res)
			if _, err := js.PublishMsg(ctx, msg, jetstream.WithMsgID(msgID(spec.League, spec.Epoch, spec.Scheduled.ID, msg))); err == nil {
				_ = m.DoubleAck(ctx)
			}
		}
	}
}
