package queue_test

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/queue"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/results"
)

// detLeague is a league of deterministic bots (greedy, alphabeta with a
// node budget, and the test bot, whose binary travels to the workers), so
// that a distributed run must give a local run's games. The bots are kept
// across games (restart: off): in the local run's engine pool, and in each
// worker's, whose bots die with a killed worker. %s is the test bot's path.
const detLeague = `
name: qdet
seed: 7
rounds: 1
tempo_ms: 2000
restart: off
bots:
  - {name: ab-small, builtin: alphabeta, options: {nodes: 1500}}
  - {name: ab-big, builtin: alphabeta, options: {nodes: 6000}}
  - {name: greedy, builtin: greedy}
  - {name: testbot, path: %s}
`

// The league's 12 games.
const detGames = 12

// TestLeagueOverEmbeddedServer plays detLeague through the coordinator's
// embedded server.
func TestLeagueOverEmbeddedServer(t *testing.T) {
	skipIfShort(t, "a distributed league with a worker killed and the coordinator restarted")
	port := freePort(t)
	secret := secretFile(t)
	testLeague(t, fmt.Sprintf("embedded:%d", port), fmt.Sprintf("nats://127.0.0.1:%d", port), secret)
}

// secretFile writes a league's secret with a worker login for a test and
// returns its path, for the coordinator and the workers.
func secretFile(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), queue.SecretFile)
	if err := queue.CreateSecret(p, queue.NewSecret(true)); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLeagueOverNATSServer plays detLeague through a nats-server process,
// the one Debian ships (2.9).
func TestLeagueOverNATSServer(t *testing.T) {
	skipIfShort(t, "a distributed league with a worker killed and the coordinator restarted")
	bin, err := exec.LookPath("nats-server")
	if err != nil {
		t.Skip("no nats-server on PATH: apt-get install nats-server")
	}
	port := freePort(t)
	secret := secretFile(t)
	s, err := queue.LoadSecret(secret)
	if err != nil {
		t.Fatal(err)
	}
	coordPass := queue.RandomHex(8)
	t.Setenv(queue.EnvPassword, coordPass) // the coordinator's, with --user
	conf := filepath.Join(t.TempDir(), "nats.conf")
	if err := os.WriteFile(conf, []byte(queue.NATSServerConfig(port, t.TempDir(), coordPass, s.Password)), 0o600); err != nil {
		t.Fatal(err)
	}
	srv := start(t, bin, "-c", conf)
	waitFor(t, 10*time.Second, "nats-server to listen", func() bool {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
		}
		return err == nil
	})
	url := fmt.Sprintf("nats://127.0.0.1:%d", port)
	testLeague(t, url, url, secret, "--user", queue.CoordinatorUser)
	srv.stop(t)
}

// testLeague plays detLeague locally, then through the queue at where
// (workers connect to url), with the league's secret file secret and the
// coordinator's login flags login: three workers, one killed with SIGKILL
// mid-game and a fourth started, the coordinator stopped with SIGINT
// mid-league and started again. Every game must be in the journal once,
// with its move log, and equal the local run's.
func testLeague(t *testing.T, where, url, secret string, login ...string) {
	arena, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	testbot, err := testbin.Testbot()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	queuedLeague, localOut, queuedOut := playLocally(t, arena, dir, fmt.Sprintf(detLeague, testbot))

	coordinate := func() *proc {
		return start(t, arena, append([]string{"run", queuedLeague, "--plain", "--queue", where, "--ack-wait", "2s", "--secret", secret}, login...)...)
	}
	coord := coordinate()
	worker := func(name string) *proc {
		return start(t, arena, "worker", url, "--name", name, "--cache", filepath.Join(dir, "cache"), "--secret", secret)
	}
	// w1 starts alone, so that it plays a game before two others join:
	// three workers that start together may leave it none (a worker
	// that found no coordinator asks again 2s later, and the games take
	// less than that).
	workers := []*proc{worker("w1")}
	journal := filepath.Join(queuedOut, results.JournalName)

	// w1 plays one game, then is killed in its next one, which another
	// worker plays again once the ack wait is over.
	waitFor(t, 2*time.Minute, "w1 to play a game", func() bool { return strings.Contains(workers[0].out(), "played") })
	workers = append(workers, worker("w2"), worker("w3"))
	// In a game: it said it plays one more than it played (its kept
	// bots are its children between games too, under restart: off).
	waitFor(t, time.Minute, "w1 to start its next game", func() bool {
		out := workers[0].out()
		return strings.Count(out, "playing ") > strings.Count(out, "played ")
	})
	workers[0].kill(t)
	workers = append(workers, worker("w4"))

	// The coordinator is stopped mid-league and started again.
	waitFor(t, 2*time.Minute, "4 games in the journal", func() bool { return len(journalIDs(t, journal)) >= 4 })
	if err := coord.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if err := coord.wait(); err == nil || !strings.Contains(coord.out(), "interrupted") {
		t.Fatalf("coordinator stopped by SIGINT: %v\n%s", err, coord.out())
	}
	recorded := len(journalIDs(t, journal))
	coord = coordinate()
	if err := coord.wait(); err != nil {
		t.Fatalf("coordinator: %v\n%s", err, coord.out())
	}
	m := regexp.MustCompile(`queued (\d+) games \((\d+) were already queued\)`).FindStringSubmatch(coord.out())
	if m == nil {
		t.Fatalf("the restarted coordinator does not say what it queued:\n%s", coord.out())
	}
	if n, _ := strconv.Atoi(m[1]); n > detGames-recorded {
		t.Errorf("the restarted coordinator published %d games, %d were missing", n, detGames-recorded)
	}
	if a, b := atoi(m[1])+atoi(m[2]), detGames-recorded; a != b {
		t.Errorf("the restarted coordinator asked for %d games, %d were missing", a, b)
	}
	redelivered := false
	for _, w := range workers[1:] {
		w.stop(t)
		redelivered = redelivered || strings.Contains(w.out(), "delivery 2")
	}
	if !redelivered {
		t.Error("no worker played the game of the killed worker again")
	}

	ids := journalIDs(t, journal)
	if len(ids) != detGames {
		t.Errorf("%d lines in the journal, want %d: %v", len(ids), detGames, ids)
	}
	want, got := games(t, localOut), games(t, queuedOut)
	for id, g := range got {
		if g.Worker == "" {
			t.Errorf("game %s names no worker", id)
		}
	}
	for id, w := range want {
		g, ok := got[id]
		if !ok {
			t.Errorf("game %s is missing", id)
			continue
		}
		if a, b := strip(w), strip(g); a != b {
			t.Errorf("game %s:\n got %+v\nwant %+v", id, b, a)
		}
		if a, b := moveLog(t, localOut, id), moveLog(t, queuedOut, id); !slices.Equal(a, b) {
			t.Errorf("game %s: move log differs from the local run's:\n got %v\nwant %v", id, b, a)
		}
	}
}

// playLocally writes the league file body twice into dir, its out
// directory "local" in one and "queued" in the other, plays the local one
// with arena, two games at a time, and returns the other's file and both
// results directories.
func playLocally(t *testing.T, arena, dir, body string) (queuedLeague, localOut, queuedOut string) {
	t.Helper()
	leagueFile := func(out string) string {
		f := filepath.Join(dir, out+".yaml")
		if err := os.WriteFile(f, []byte(body+"out: "+out+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	localLeague, queuedLeague := leagueFile("local"), leagueFile("queued")
	if out, err := exec.Command(arena, "run", localLeague, "--plain", "--concurrency", "2").CombinedOutput(); err != nil {
		t.Fatalf("local run: %v\n%s", err, out)
	}
	return queuedLeague, filepath.Join(dir, "local"), filepath.Join(dir, "queued")
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// journalIDs returns the ids of the journal's lines, in order.
func journalIDs(t *testing.T, path string) []string {
	t.Helper()
	gs, _, err := results.ReadJournal(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range gs {
		ids = append(ids, g.ID)
	}
	return ids
}

// games returns the games of the journal in out by id.
func games(t *testing.T, out string) map[string]results.Entry {
	t.Helper()
	gs, damaged, err := results.ReadJournal(filepath.Join(out, results.JournalName))
	if err != nil || len(damaged) > 0 {
		t.Fatalf("journal of %s: %v %v", out, err, damaged)
	}
	m := map[string]results.Entry{}
	for _, g := range gs {
		m[g.ID] = g
	}
	return m
}

// strip returns g without what differs between runs: times and worker.
func strip(g results.Entry) string {
	g.Start, g.End, g.TimeMS, g.Worker = time.Time{}, time.Time{}, [2]int64{}, ""
	return fmt.Sprintf("%+v", g)
}

// moveLog returns game id's move log in out, one move and position a ply.
func moveLog(t *testing.T, out, id string) []string {
	t.Helper()
	lines, err := results.ReadGameLog(out, id)
	if err != nil {
		t.Fatal(err)
	}
	var s []string
	for _, l := range lines {
		s = append(s, fmt.Sprintf("%d %s %s %s %d %s", l.Ply, l.Side, l.Bot, l.Move, l.Nodes, l.Position))
	}
	return s
}

// proc is a process started by a test, its output collected.
type proc struct {
	cmd  *exec.Cmd
	mu   sync.Mutex
	buf  bytes.Buffer
	done chan error
}

func (p *proc) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.buf.Write(b)
}

// out is what the process wrote so far, stdout and stderr.
func (p *proc) out() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.buf.String()
}

// wait waits for the process to end, 3 minutes at most.
func (p *proc) wait() error {
	select {
	case err := <-p.done:
		p.done <- err
		return err
	case <-time.After(3 * time.Minute):
		_ = p.cmd.Process.Kill()
		return fmt.Errorf("%s did not end in 3 minutes", p.cmd.Path)
	}
}

// kill kills the process with SIGKILL.
func (p *proc) kill(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = p.wait()
}

// stop stops the process with SIGINT and waits for it.
func (p *proc) stop(t *testing.T) {
	t.Helper()
	_ = p.cmd.Process.Signal(syscall.SIGINT)
	if err := p.wait(); err != nil {
		t.Errorf("%s: %v\n%s", strings.Join(p.cmd.Args, " "), err, p.out())
	}
}

// start starts name with args; the process is killed at the test's end if
// it still runs.
func start(t *testing.T, name string, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(name, args...), done: make(chan error, 1)}
	p.cmd.Stdout, p.cmd.Stderr = p, p
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		_ = p.cmd.Process.Kill()
		_ = p.wait()
		if t.Failed() {
			t.Logf("%s:\n%s", strings.Join(p.cmd.Args, " "), p.out())
		}
	})
	return p
}

// waitFor polls cond until it holds, failing the test after limit.
func waitFor(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(limit); !cond(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("waited %s for %s", limit, what)
		}
	}
}

// freePort returns a TCP port that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// skipIfShort skips a slow league test under -short.
func skipIfShort(t *testing.T, what string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("slow: %s; run without -short", what)
	}
}
