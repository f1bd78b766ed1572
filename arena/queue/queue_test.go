package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/botkind"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

func TestParseEmbedded(t *testing.T) {
	for _, tc := range []struct {
		in       string
		port     int
		embedded bool
		bad      bool
	}{
		{"embedded", defaultPort, true, false},
		{"embedded:5000", 5000, true, false},
		{"embedded:0", 0, true, false},
		{"embedded:x", 0, true, true},
		{"embedded5000", 0, true, true},
		{"embedded:70000", 0, true, true},
		{"nats://h:4222", 0, false, false},
	} {
		t.Run(tc.in, func(t *testing.T) {
			port, ok, err := ParseEmbedded(tc.in)
			if (err != nil) != tc.bad || ok != tc.embedded || (!tc.bad && port != tc.port) {
				t.Errorf("ParseEmbedded(%q) = %d, %v, %v; want %d, %v, error %v", tc.in, port, ok, err, tc.port, tc.embedded, tc.bad)
			}
		})
	}
}

func TestCheckURL(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"nats://localhost:4222", true},
		{"tls://lab.example:4222", true},
		{"nats://a:4222,nats://b:4222", true},
		{"http://localhost:4222", false},
		{"localhost:4222", false},
		{"nats://", false},
	} {
		if err := CheckURL(tc.in); (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrURL)) {
			t.Errorf("CheckURL(%q) = %v, want ok %v", tc.in, err, tc.ok)
		}
	}
}

func TestAuthWithEnv(t *testing.T) {
	env := map[string]string{EnvUser: "env-user", EnvPassword: "secret", EnvCA: "/ca.pem"}
	got := Auth{User: "flag-user"}.WithEnv(func(k string) string { return env[k] })
	want := Auth{User: "flag-user", Password: "secret", CAFile: "/ca.pem"}
	if got != want {
		t.Errorf("got %+v, want %+v: flags win, the environment fills the rest", got, want)
	}
	if _, err := (Auth{CertFile: "c.pem"}).options(); err == nil {
		t.Error("a certificate without its key is accepted")
	}
}

// testServer is a NATS server of a test, with a coordinator's connection
// and a worker's, and the league's secret.
type testServer struct {
	url    string
	coord  *nats.Conn // logged in as the coordinator
	worker *nats.Conn // logged in as a worker
	secret Secret
}

// connectTest connects to url with a, for a test.
func connectTest(t *testing.T, url string, a Auth) *nats.Conn {
	t.Helper()
	nc, err := Connect(url, "test", a, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// serve starts an embedded server with logins for a test and connects to
// it as the coordinator and as a worker.
func serve(t testing.TB) testServer {
	t.Helper()
	secret, coordPass := NewSecret(true), RandomHex(8)
	e, err := StartEmbedded(t.TempDir(), EmbeddedOptions{CoordinatorPassword: coordPass, WorkerPassword: secret.Password})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	ts := testServer{url: e.URL(), secret: secret}
	for _, c := range []struct {
		nc **nats.Conn
		a  Auth
	}{{&ts.coord, Auth{User: CoordinatorUser, Password: coordPass}}, {&ts.worker, Auth{User: secret.User, Password: secret.Password}}} {
		nc, err := Connect(e.URL(), "test", c.a, false)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		*c.nc = nc
	}
	return ts
}

// natsServerConfig is the configuration of a nats-server listening on
// 127.0.0.1:port, storing in dir, with the coordinator's and the worker's
// logins and the worker's permissions, as docs/distributed.md shows it.
func natsServerConfig(port int, dir, coordPass, workerPass string) string {
	quote := func(s []string) string {
		q := make([]string, len(s))
		for i, v := range s {
			q[i] = strconv.Quote(v)
		}
		return strings.Join(q, ", ")
	}
	return fmt.Sprintf(`listen: 127.0.0.1:%d
jetstream { store_dir: %q }
authorization {
  users = [
    {user: coordinator, password: %q}
    {user: worker, password: %q, permissions: {
      publish: {allow: [%s]}
      subscribe: {allow: ["_INBOX.>"]}
    }}
  ]
}
`, port, dir, coordPass, workerPass, quote(workerPublish()))
}

// startNATSServer starts a nats-server process with the logins of
// natsServerConfig, or skips the test when there is none on PATH.
func startNATSServer(t *testing.T) testServer {
	t.Helper()
	bin, err := exec.LookPath("nats-server")
	if err != nil {
		t.Skip("no nats-server on PATH: apt-get install nats-server")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	secret, coordPass := NewSecret(true), RandomHex(8)
	conf := filepath.Join(t.TempDir(), "nats.conf")
	if err := os.WriteFile(conf, []byte(natsServerConfig(port, t.TempDir(), coordPass, secret.Password)), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-c", conf)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	ts := testServer{url: fmt.Sprintf("nats://127.0.0.1:%d", port), secret: secret}
	for end := time.Now().Add(10 * time.Second); ts.coord == nil; time.Sleep(50 * time.Millisecond) {
		if ts.coord, err = Connect(ts.url, "test", Auth{User: CoordinatorUser, Password: coordPass}, false); err != nil && time.Now().After(end) {
			t.Fatal(err)
		}
	}
	t.Cleanup(ts.coord.Close)
	ts.worker = connectTest(t, ts.url, Auth{User: secret.User, Password: secret.Password})
	return ts
}

// eachServer runs test against the embedded server and, when there is one
// on PATH, a nats-server process (Debian ships 2.9, older than the
// embedded one): what arena uses of JetStream must work on both, with the
// same logins and permissions.
func eachServer(t *testing.T, test func(t *testing.T, ts testServer)) {
	t.Run("embedded", func(t *testing.T) { test(t, serve(t)) })
	t.Run("nats-server", func(t *testing.T) { test(t, startNATSServer(t)) })
}

// writeFile writes a file under dir, making its directory.
func writeFile(t *testing.T, dir, name, data string, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), mode); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBundleTravels(t *testing.T) { eachServer(t, testBundleTravels) }

func testBundleTravels(t *testing.T, ts testServer) {
	ctx := context.Background()
	js, _ := jetstream.New(ts.coord)
	s, err := setup(ctx, js, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	wjs, _ := jetstream.New(ts.worker)
	wbots, err := wjs.ObjectStore(ctx, botsBucket)
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	bin := writeFile(t, src, "bin/mybot", "#!/bin/sh\necho hi\n", 0o755)
	main := writeFile(t, src, "g12/jogo.lisp", "(defun jogar ())", 0o644)
	writeFile(t, src, "g12/regras/a.lisp", "(a)", 0o644)
	writeFile(t, src, "g12/regras/sub/b.lisp", "(b)", 0o644)
	entry := writeFile(t, src, "g13/src/jogo.lisp", "(defun jogar (e t))", 0o644)
	writeFile(t, src, "g13/t/testes.lisp", "(testes)", 0o644)
	for _, tc := range []struct {
		name  string
		bot   league.BotConfig
		files map[string]string // relative to the bundle, want content
		check func(t *testing.T, b league.BotConfig)
	}{
		{"binary", league.BotConfig{Name: "b", Ref: botkind.Ref{Path: bin}}, map[string]string{"mybot": "#!/bin/sh\necho hi\n"},
			func(t *testing.T, b league.BotConfig) {
				if b.Path != "mybot" {
					t.Errorf("portable path %q, want mybot", b.Path)
				}
			}},
		{"lisp", league.BotConfig{Name: "l", Ref: botkind.Ref{Lisp: &lisp.Config{Files: []string{main}, Reads: []string{filepath.Join(src, "g12/regras")}}}},
			map[string]string{"jogo.lisp": "(defun jogar ())", "regras/a.lisp": "(a)", "regras/sub/b.lisp": "(b)"},
			func(t *testing.T, b league.BotConfig) {
				if b.Lisp.Files[0] != "jogo.lisp" || b.Lisp.Reads[0] != "regras" {
					t.Errorf("portable files %v reads %v", b.Lisp.Files, b.Lisp.Reads)
				}
			}},
		{"lisp with its submission folder", league.BotConfig{Name: "r", Ref: botkind.Ref{Lisp: &lisp.Config{Files: []string{entry}, Root: filepath.Join(src, "g13")}}},
			map[string]string{"src/jogo.lisp": "(defun jogar (e t))", "t/testes.lisp": "(testes)"},
			func(t *testing.T, b league.BotConfig) {
				if b.Lisp.Files[0] != "src/jogo.lisp" || b.Lisp.Root != "." {
					t.Errorf("portable files %v root %q", b.Lisp.Files, b.Lisp.Root)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, portable, err := pack(tc.bot)
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, portable)
			if err := p.put(ctx, s.bots); err != nil {
				t.Fatal(err)
			}
			cache := t.TempDir()
			dir, err := fetch(ctx, wbots, cache, p.hash)
			if err != nil {
				t.Fatal(err)
			}
			for name, want := range tc.files {
				got, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil || string(got) != want {
					t.Errorf("%s: got %q, %v; want %q", name, got, err, want)
				}
			}
			if info, err := os.Stat(filepath.Join(dir, "mybot")); err == nil && info.Mode()&0o111 == 0 {
				t.Error("the binary lost its exec bit")
			}
			// A file changed in the store is refused, in a cache without it.
			f := p.Files[0]
			if _, err := s.bots.PutBytes(ctx, fileObject(f.SHA256), []byte("tampered")); err != nil {
				t.Fatal(err)
			}
			if _, err := fetch(ctx, wbots, t.TempDir(), p.hash); !errors.Is(err, ErrBundle) {
				t.Errorf("fetch of a tampered bundle: %v, want ErrBundle", err)
			}
			// The verified copy stays in the cache.
			if again, err := fetch(ctx, wbots, cache, p.hash); err != nil || again != dir {
				t.Errorf("cached fetch: %q, %v; want %q", again, err, dir)
			}
		})
	}
}

// testConfig is a league of two built-in bots.
func testConfig(t *testing.T) *league.Config {
	t.Helper()
	cfg, _, err := league.Parse("t.yaml", []byte("name: t\nrounds: 1\nbots: [{name: a, builtin: greedy}, {name: b, builtin: greedy}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestWorkerRefusesForeignBotHash(t *testing.T) { eachServer(t, testWorkerRefusesForeignBotHash) }

func testWorkerRefusesForeignBotHash(t *testing.T, ts testServer) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	js, _ := jetstream.New(ts.coord)
	s, err := setup(ctx, js, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := json.Marshal(published{Bots: map[string]string{"x": "aaaa"}, Epoch: 1})
	if _, err := s.leagues.Put(ctx, "L", pub); err != nil {
		t.Fatal(err)
	}
	spec, _ := json.Marshal(Spec{League: "L", Epoch: 1, Scheduled: tournament.Schedule(testConfig(t).League(), nil)[0], Bots: map[string]string{"x": "bbbb"}})
	if _, err := js.PublishMsg(ctx, ts.secret.signed("spec", gamesSubject+"L", spec)); err != nil {
		t.Fatal(err)
	}
	var (
		mu   sync.Mutex
		said []string
	)
	refused := make(chan struct{})
	w := &Worker{Conn: ts.worker, Name: "w", CacheDir: t.TempDir(), Secret: ts.secret, Notify: func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		said = append(said, msg)
		if strings.HasPrefix(msg, "refused") {
			close(refused)
		}
	}}
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	select {
	case <-refused:
	case <-time.After(30 * time.Second):
		t.Fatalf("the worker did not refuse the spec; it said %q", said)
	}
	cancel()
	<-done
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(said[len(said)-1], "not the ones league L published") {
		t.Errorf("refusal %q does not say why", said[len(said)-1])
	}
}

// TestSpecFailingOnEveryWorker hands a spec to a worker that never answers,
// MaxDeliver times: the coordinator records a fault game, not a hang.
func TestSpecFailingOnEveryWorker(t *testing.T) { eachServer(t, testSpecFailingOnEveryWorker) }

func testSpecFailingOnEveryWorker(t *testing.T, ts testServer) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cfg := testConfig(t)
	game := tournament.Schedule(cfg.League(), nil)[0]
	c := &Coordinator{Conn: ts.coord, Config: cfg, Secret: ts.secret, Options: Options{AckWait: 300 * time.Millisecond, MaxDeliver: 2, Dedupe: time.Minute}}
	js, _ := jetstream.New(ts.worker)
	// The silent worker takes each delivery and drops it.
	go func() {
		for ctx.Err() == nil {
			cons, err := js.Consumer(ctx, gamesStream, workersName)
			if err != nil {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			if b, err := cons.Fetch(1, jetstream.FetchMaxWait(time.Second)); err == nil {
				for range b.Messages() {
				}
			}
		}
	}()
	var got []arena.Played
	err := c.Dispatch(ctx, []tournament.Scheduled{game}, func(p arena.Played) error {
		got = append(got, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("%d games recorded, want 1", len(got))
	}
	g := got[0].Entry
	if g.ID != game.ID || g.Reason != referee.Crash || g.Result != results.DoubleForfeit || !strings.Contains(g.Detail, "failed on 2 workers") {
		t.Errorf("got %+v, want a crash of both sides that failed on 2 workers", g)
	}
	if len(got[0].Moves) != 1 {
		t.Errorf("move log of %d lines, want the initial position", len(got[0].Moves))
	}
	cjs, _ := jetstream.New(ts.coord)
	info, err := cjs.Stream(ctx, gamesStream)
	if err != nil {
		t.Fatal(err)
	}
	if n := info.CachedInfo().State.Msgs; n != 0 {
		t.Errorf("%d specs left in the stream, want 0", n)
	}
}

func TestWorkerRecordsItsLastFailure(t *testing.T) { eachServer(t, testWorkerRecordsItsLastFailure) }

// testWorkerRecordsItsLastFailure gives a worker a spec whose bot is not in
// the store, on its only delivery: the worker records a fault game.
func testWorkerRecordsItsLastFailure(t *testing.T, ts testServer) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	js, _ := jetstream.New(ts.coord)
	s, err := setup(ctx, js, Options{AckWait: 5 * time.Second, MaxDeliver: 1, Dedupe: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	missing := strings.Repeat("ab", 32)
	bots := map[string]string{"x": missing}
	pub, _ := json.Marshal(published{Bots: bots, Epoch: 1})
	if _, err := s.leagues.Put(ctx, "L", pub); err != nil {
		t.Fatal(err)
	}
	lc, _, err := league.Parse("t.yaml", []byte("name: t\nrounds: 1\nbots: [{name: a, builtin: greedy}, {name: x, path: /x}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	bs := slices.Clone(lc.Bots)
	bs[1].Path = "x"
	cfg, err := portable(lc, bs)
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := json.Marshal(Spec{League: "L", Epoch: 1, Scheduled: tournament.Schedule(lc.League(), nil)[0], Config: cfg, Bots: bots})
	if _, err := js.PublishMsg(ctx, ts.secret.signed("spec", gamesSubject+"L", spec)); err != nil {
		t.Fatal(err)
	}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		done <- (&Worker{Conn: ts.worker, Name: "w", CacheDir: t.TempDir(), Secret: ts.secret, Notify: func(m string) { t.Log(m) }}).Run(wctx)
	}()
	defer func() {
		stop()
		<-done
	}()
	var raw *jetstream.RawStreamMsg
	for raw == nil {
		if raw, err = s.results.GetLastMsgForSubject(ctx, resultsSubject+"L"); err != nil && ctx.Err() != nil {
			t.Fatalf("no result: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	var r Result
	if err := json.Unmarshal(raw.Data, &r); err != nil {
		t.Fatal(err)
	}
	g := r.Played.Entry
	if g.Reason != referee.Crash || g.Result != results.DoubleForfeit || !strings.Contains(g.Detail, "failed on 1 workers, the last w: bot \"x\"") || g.Worker != "w" {
		t.Errorf("got %+v, want a crash of both sides that failed on worker w, fetching bot x", g)
	}
}
