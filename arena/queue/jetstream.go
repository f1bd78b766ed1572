package queue

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/tournament"
)

// The JetStream names arena uses. Every league shares them; subjects carry
// the league's config hash.
const (
	gamesStream   = "ARENA_GAMES"   // game specs, a work queue
	resultsStream = "ARENA_RESULTS" // results, kept until the coordinator acks them
	workersName   = "workers"       // the workers' durable pull consumer
	botsBucket    = "arena-bots"    // the bots' files, by sha256
	leaguesBucket = "arena-leagues" // each league's bot hashes, by config hash

	gamesSubject   = "arena.games."
	resultsSubject = "arena.results."
)

// Options are the coordinator's settings of the workers' consumer.
type Options struct {
	// AckWait is how long a spec stays with a worker that neither acks it
	// nor says it is still at work; then it goes to another worker.
	AckWait time.Duration
	// MaxDeliver is how many times a spec is handed out before it becomes
	// a fault game.
	MaxDeliver int
	// Dedupe is how long JetStream remembers a spec's id to drop it when
	// published again.
	Dedupe time.Duration
}

// DefaultOptions are the consumer settings a coordinator uses unless told
// otherwise.
var DefaultOptions = Options{AckWait: 30 * time.Second, MaxDeliver: 3, Dedupe: 24 * time.Hour}

// streams are the JetStream objects of a league.
type streams struct {
	js      jetstream.JetStream
	games   jetstream.Stream
	results jetstream.Stream
	bots    jetstream.ObjectStore
	leagues jetstream.KeyValue
}

// setup makes (or updates) the streams, the buckets and the workers'
// consumer. Only a coordinator calls it; workers wait for them.
func setup(ctx context.Context, js jetstream.JetStream, o Options) (*streams, error) {
	s := &streams{js: js}
	var err error
	if s.games, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: gamesStream, Subjects: []string{gamesSubject + ">"},
		Retention: jetstream.WorkQueuePolicy, Storage: jetstream.FileStorage, Duplicates: o.Dedupe,
	}); err != nil {
		return nil, fmt.Errorf("stream %s: %w", gamesStream, err)
	}
	if s.results, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: resultsStream, Subjects: []string{resultsSubject + ">"},
		Retention: jetstream.LimitsPolicy, Storage: jetstream.FileStorage, Duplicates: o.Dedupe,
		MaxAge: 30 * 24 * time.Hour,
	}); err != nil {
		return nil, fmt.Errorf("stream %s: %w", resultsStream, err)
	}
	if s.bots, err = js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: botsBucket, Storage: jetstream.FileStorage}); err != nil {
		return nil, fmt.Errorf("object store %s: %w", botsBucket, err)
	}
	if s.leagues, err = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: leaguesBucket, Storage: jetstream.FileStorage}); err != nil {
		return nil, fmt.Errorf("key-value bucket %s: %w", leaguesBucket, err)
	}
	// Last: workers wait for it, then use the rest.
	if _, err = js.CreateOrUpdateConsumer(ctx, gamesStream, jetstream.ConsumerConfig{
		Durable: workersName, AckPolicy: jetstream.AckExplicitPolicy,
		AckWait: o.AckWait, MaxDeliver: o.MaxDeliver,
	}); err != nil {
		return nil, fmt.Errorf("consumer %s: %w", workersName, err)
	}
	return s, nil
}

// Spec is the message that asks a worker to play one game.
type Spec struct {
	League    string               `json:"league"` // the config hash
	Epoch     int                  `json:"epoch"`  // the league's run: one more at each --restart
	Scheduled tournament.Scheduled `json:"game"`
	// Config is the league's resolved config with each external bot's
	// paths relative to its bundle (see portable).
	Config []byte `json:"config"`
	// Bots are the bundle hashes of the league's external bots, by name.
	Bots map[string]string `json:"bots"`
}

// Result is the message that brings a played game back.
type Result struct {
	League string            `json:"league"`
	Epoch  int               `json:"epoch"`
	Bots   map[string]string `json:"bots"` // the spec's
	Played arena.Played      `json:"played"`
}

// published is what a coordinator publishes of its league in the leagues
// bucket, under the config hash: its bot hashes, which workers check specs
// against, and its epoch.
type published struct {
	Bots  map[string]string `json:"bots"`
	Epoch int               `json:"epoch"`
}

// msgID is the JetStream message id of signed message m, of game id in
// epoch of league: JetStream drops a second message with the same id
// within the dedupe window. The id ends with the start of m's HMAC, so
// that a message forged without the key cannot take the id of the genuine
// one, which would then be dropped as its duplicate.
func msgID(league string, epoch int, id string, m *nats.Msg) string {
	return fmt.Sprintf("%s.%d.%s.%.32s", league, epoch, id, m.Header.Get(macHeader))
}

// signed is a message of kind on subject with data, signed with s's key.
func (s Secret) signed(kind, subject string, data []byte) *nats.Msg {
	m := nats.NewMsg(subject)
	m.Data = data
	m.Header.Set(macHeader, s.mac(kind, subject, data))
	return m
}
