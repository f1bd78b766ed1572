package queue

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/internal/testbin"
)

// TestNoLoginRefused: a client without the coordinator's or a worker's
// login, or with a wrong password, cannot connect.
func TestNoLoginRefused(t *testing.T) { eachServer(t, testNoLoginRefused) }

func testNoLoginRefused(t *testing.T, ts testServer) {
	for _, a := range []Auth{{}, {User: WorkerUser, Password: "guess"}, {User: CoordinatorUser, Password: ts.secret.Password}} {
		if nc, err := Connect(ts.url, "intruder", a, false); err == nil {
			nc.Close()
			t.Errorf("connected as %q with password %q", a.User, a.Password)
		}
	}
}

// TestWorkerLoginCannotWrite: a worker's login may publish results, but
// not write a spec, a key-value entry, an object or a stream.
func TestWorkerLoginCannotWrite(t *testing.T) { eachServer(t, testWorkerLoginCannotWrite) }

func testWorkerLoginCannotWrite(t *testing.T, ts testServer) {
	ctx := context.Background()
	cjs, _ := jetstream.New(ts.coord)
	s, err := setup(ctx, cjs, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	wjs, _ := jetstream.New(ts.worker)
	kv, err := wjs.KeyValue(ctx, leaguesBucket)
	if err != nil {
		t.Fatalf("a worker cannot open the leagues' bucket: %v", err)
	}
	obs, err := wjs.ObjectStore(ctx, botsBucket)
	if err != nil {
		t.Fatalf("a worker cannot open the bots' store: %v", err)
	}
	// A refused write is often told by no answer within a second: the
	// tries wait at once, each on its own.
	var tries sync.WaitGroup
	try := func(what string, op func(ctx context.Context) error) {
		tries.Go(func() {
			ctx, cancel := context.WithTimeout(ctx, time.Second)
			defer cancel()
			if err := op(ctx); err == nil {
				t.Errorf("a worker's login may %s", what)
			}
		})
	}
	try("publish a spec", func(ctx context.Context) error {
		_, err := wjs.PublishMsg(ctx, ts.secret.signed("spec", gamesSubject+"L", []byte("{}")))
		return err
	})
	try("put a key-value entry", func(ctx context.Context) error {
		_, err := kv.Put(ctx, "L", []byte(`{"epoch":9}`))
		return err
	})
	try("put an object", func(ctx context.Context) error {
		_, err := obs.PutBytes(ctx, bundleObject(strings.Repeat("0", 64)), []byte("{}"))
		return err
	})
	try("make a stream", func(ctx context.Context) error {
		_, err := wjs.CreateStream(ctx, jetstream.StreamConfig{Name: "EVIL", Subjects: []string{"evil.>"}})
		return err
	})
	try("delete the games' stream", func(ctx context.Context) error { return wjs.DeleteStream(ctx, gamesStream) })
	try("purge the results", func(ctx context.Context) error {
		st, err := wjs.Stream(ctx, resultsStream)
		if err != nil {
			return err
		}
		return st.Purge(ctx)
	})
	tries.Wait()
	// What a worker must do, it may.
	if _, err := wjs.PublishMsg(ctx, ts.secret.signed("result", resultsSubject+"L", []byte("{}"))); err != nil {
		t.Errorf("a worker cannot publish a result: %v", err)
	}
	if err := s.games.Purge(ctx); err != nil { // the coordinator still may
		t.Errorf("the coordinator cannot purge: %v", err)
	}
	for _, c := range []struct {
		st   jetstream.Stream
		want uint64
	}{{s.games, 0}} {
		info, err := c.st.Info(ctx)
		if err != nil || info.State.Msgs != c.want {
			t.Errorf("stream %v holds %v messages, want %d", info.Config.Name, info.State.Msgs, c.want)
		}
	}
	if _, err := s.leagues.Get(ctx, "L"); !errors.Is(err, jetstream.ErrKeyNotFound) {
		t.Errorf("the worker's key-value entry is there: %v", err)
	}
	if _, err := s.bots.GetInfo(ctx, bundleObject(strings.Repeat("0", 64))); err == nil {
		t.Error("the worker's object is there")
	}
}

// TestForgedResultDropped: results published without the league's key,
// one of them with the message id a worker used to give its result, are
// dropped; the worker's own result is recorded.
func TestForgedResultDropped(t *testing.T) { eachServer(t, testForgedResultDropped) }

func testForgedResultDropped(t *testing.T, ts testServer) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cfg := testConfig(t)
	game := tournament.Schedule(cfg.League(), nil)[0]
	league := cfg.Hash()
	cjs, _ := jetstream.New(ts.coord)
	if _, err := setup(ctx, cjs, DefaultOptions); err != nil {
		t.Fatal(err)
	}
	// The forger holds a worker's login, not the key: a won game recorded
	// as a loss by crash, published before any worker plays.
	forged, err := faultGame(cfg, game, "forged")
	if err != nil {
		t.Fatal(err)
	}
	forged.Entry.Worker = "forger"
	data, _ := json.Marshal(Result{League: league, Epoch: 1, Bots: map[string]string{}, Played: forged})
	wjs, _ := jetstream.New(ts.worker)
	subject := resultsSubject + league
	other := Secret{Key: RandomHex(32)}
	for _, m := range []struct {
		msg *nats.Msg
		id  string
	}{
		{&nats.Msg{Subject: subject, Data: data}, league + ".1." + game.ID}, // unsigned, the old message id
		{other.signed("result", subject, data), ""},                         // signed with another key
		{ts.secret.signed("result", subject, data), ""},                     // signed, but then changed
	} {
		if m.id == "" {
			m.id = msgID(league, 1, game.ID, m.msg)
		}
		if m.msg.Header.Get(macHeader) == ts.secret.mac("result", subject, data) {
			m.msg.Data = append([]byte(nil), data...)
			m.msg.Data[len(m.msg.Data)-2] = ' '
		}
		if _, err := wjs.PublishMsg(ctx, m.msg, jetstream.WithMsgID(m.id)); err != nil {
			t.Fatal(err)
		}
	}
	var (
		mu   sync.Mutex
		said []string
	)
	c := &Coordinator{Conn: ts.coord, Config: cfg, Secret: ts.secret, Options: DefaultOptions, Notify: func(m string) {
		mu.Lock()
		defer mu.Unlock()
		said = append(said, m)
	}}
	w := &Worker{Conn: ts.worker, Name: "w", CacheDir: t.TempDir(), Secret: ts.secret, Sandbox: sandbox.Off}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- w.Run(wctx) }()
	defer func() {
		stop()
		<-done
	}()
	var got []arena.Played
	if err := c.Dispatch(ctx, []tournament.Scheduled{game}, func(p arena.Played) error {
		got = append(got, p)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Entry.Worker != "w" || got[0].Entry.Detail == "forged" {
		t.Errorf("recorded %+v, want the game worker w played", got)
	}
	mu.Lock()
	defer mu.Unlock()
	if n := strings.Count(strings.Join(said, "\n"), "dropped a result not signed with the league's key"); n != 3 {
		t.Errorf("the coordinator dropped %d forged results, want 3; it said %q", n, said)
	}
}

// TestWorkerRefusesUnsignedSpec: a spec not signed with the league's key
// is refused and never played.
func TestWorkerRefusesUnsignedSpec(t *testing.T) { eachServer(t, testWorkerRefusesUnsignedSpec) }

func testWorkerRefusesUnsignedSpec(t *testing.T, ts testServer) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cjs, _ := jetstream.New(ts.coord)
	s, err := setup(ctx, cjs, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t)
	pub, _ := json.Marshal(published{Bots: map[string]string{}, Epoch: 1})
	if _, err := s.leagues.Put(ctx, "L", pub); err != nil {
		t.Fatal(err)
	}
	yml, err := portable(cfg, cfg.Bots)
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := json.Marshal(Spec{League: "L", Epoch: 1, Scheduled: tournament.Schedule(cfg.League(), nil)[0], Config: yml, Bots: map[string]string{}})
	for _, m := range []*nats.Msg{
		{Subject: gamesSubject + "L", Data: spec},
		Secret{Key: RandomHex(32)}.signed("spec", gamesSubject+"L", spec),
		ts.secret.signed("result", gamesSubject+"L", spec), // a result's HMAC
	} {
		if _, err := cjs.PublishMsg(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	refused := make(chan string, 3)
	w := &Worker{Conn: ts.worker, Name: "w", CacheDir: t.TempDir(), Secret: ts.secret, Sandbox: sandbox.Off, Notify: func(m string) {
		if strings.HasPrefix(m, "refused") || strings.HasPrefix(m, "played") {
			refused <- m
		}
	}}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- w.Run(wctx) }()
	for range 3 {
		select {
		case m := <-refused:
			if m != "refused a spec not signed with the league's key" {
				t.Errorf("the worker said %q", m)
			}
		case <-ctx.Done():
			t.Fatal("the worker did not refuse the specs")
		}
	}
	stop()
	<-done
	info, err := s.results.Info(ctx)
	if err != nil || info.State.Msgs != 0 {
		t.Errorf("%v results published (%v), want none", info.State.Msgs, err)
	}
}

// TestWorkerOwnSandbox: a spec whose league says "sandbox: off" and asks
// for more than the worker grants is played in the worker's sandbox,
// within the worker's limits; a lower limit of the league stays.
func TestWorkerOwnSandbox(t *testing.T) { eachServer(t, testWorkerOwnSandbox) }

func testWorkerOwnSandbox(t *testing.T, ts testServer) {
	self, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cjs, _ := jetstream.New(ts.coord)
	s, err := setup(ctx, cjs, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, err := league.Parse("t.yaml", []byte("name: t\nrounds: 1\nsandbox: off\nlimits: {memory_mb: 999999, processes: 100000, output_kb: 8}\n"+
		"bots: [{name: a, builtin: greedy}, {name: b, builtin: greedy}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := json.Marshal(published{Bots: map[string]string{}, Epoch: 1})
	if _, err := s.leagues.Put(ctx, cfg.Hash(), pub); err != nil {
		t.Fatal(err)
	}
	yml, err := portable(cfg, cfg.Bots)
	if err != nil {
		t.Fatal(err)
	}
	wjs, _ := jetstream.New(ts.worker)
	leagues, err := wjs.KeyValue(ctx, leaguesBucket)
	if err != nil {
		t.Fatal(err)
	}
	w := &Worker{Conn: ts.worker, Self: self, CacheDir: t.TempDir(), Secret: ts.secret, Limits: league.Limits{Processes: 64}}
	h := &handler{w: w, js: wjs, leagues: leagues}
	r, err := h.runner(ctx, Spec{League: cfg.Hash(), Epoch: 1, Scheduled: tournament.Schedule(cfg.League(), nil)[0], Config: yml, Bots: map[string]string{}})
	if err != nil {
		t.Skipf("this machine cannot make the strict sandbox: %v", err)
	}
	want := league.Limits{MemoryMB: host.DefaultMemoryMB, Processes: 64, OutputKB: 8, ScratchMB: host.DefaultScratchMB}
	if r.Config.Sandbox != sandbox.Strict || r.Config.Limits != want {
		t.Errorf("the worker plays with sandbox %q and limits %+v, want strict and %+v", r.Config.Sandbox, r.Config.Limits, want)
	}
}

// TestFetchTakesOnlyAHash: a bundle hash that is not a sha256 is refused
// before the cache is looked at: "../x" named a directory outside it.
func TestFetchTakesOnlyAHash(t *testing.T) {
	cache := t.TempDir()
	if err := os.MkdirAll(filepath.Join(cache, "escape"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, hash := range []string{"../escape", strings.Repeat("A", 64), strings.Repeat("a", 63), strings.Repeat("a", 64) + "/.."} {
		if dir, err := fetch(context.Background(), nil, filepath.Join(cache, "bots"), hash); !errors.Is(err, ErrBundle) {
			t.Errorf("fetch(%q) = %q, %v; want ErrBundle", hash, dir, err)
		}
	}
}

// TestEmbeddedOnLoopback: the embedded server listens on loopback unless
// told otherwise, and will not listen elsewhere without logins.
func TestEmbeddedOnLoopback(t *testing.T) {
	e, err := StartEmbedded(t.TempDir(), EmbeddedOptions{})
	if err != nil {
		t.Fatal(err)
	}
	addr := e.Addr()
	e.Close()
	if !strings.HasPrefix(addr, "127.0.0.1:") {
		t.Errorf("the embedded server listens on %s, want 127.0.0.1", addr)
	}
	for _, h := range []string{"0.0.0.0", "::", "192.0.2.1", "lab-01"} {
		if e, err := StartEmbedded(t.TempDir(), EmbeddedOptions{Host: h}); !errors.Is(err, ErrNoAuth) {
			if err == nil {
				e.Close()
			}
			t.Errorf("without logins on %s: %v, want ErrNoAuth", h, err)
		}
	}
}

// TestSecretFile: a secret is made mode 0600, refused when others may
// read it or its key is not 64 hex digits, and gains a worker login when
// an embedded server needs one.
func TestSecretFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "s", SecretFile)
	s, created, err := LoadOrCreateSecret(p, false)
	if err != nil || !created || s.Password != "" {
		t.Fatalf("LoadOrCreateSecret: %+v, %v, %v", s, created, err)
	}
	if info, err := os.Stat(p); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("secret file mode %v (%v), want 0600", info.Mode().Perm(), err)
	}
	again, created, err := LoadOrCreateSecret(p, true)
	if err != nil || created == false || again.Key != s.Key || again.User != WorkerUser || again.Password == "" {
		t.Errorf("with a login: %+v, %v, %v; want the same key and a worker login", again, created, err)
	}
	if back, err := LoadSecret(p); err != nil || back != again {
		t.Errorf("read back %+v, %v; want %+v", back, err, again)
	}
	if err := os.Chmod(p, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadSecret(p); !errors.Is(err, ErrSecret) || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a world-readable secret: %v, want ErrSecret naming the fix", err)
	}
	bad := filepath.Join(dir, "bad")
	if err := os.WriteFile(bad, []byte("key: 1234\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadSecret(bad); !errors.Is(err, ErrSecret) {
		t.Errorf("a short key: %v, want ErrSecret", err)
	}
}

// TestDocsListWorkerPermissions: docs/distributed.md shows every subject
// a worker may publish to, as the servers of these tests grant them.
func TestDocsListWorkerPermissions(t *testing.T) {
	doc, err := os.ReadFile("../../docs/distributed.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, subj := range workerPublish() {
		if !strings.Contains(string(doc), `"`+subj+`"`) {
			t.Errorf("docs/distributed.md does not list %q among a worker's permissions", subj)
		}
	}
}
