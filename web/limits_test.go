package web

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// TestHostAllowList: a request for a name that is not the server's (DNS
// rebinding: another site's name pointed at this machine) is refused;
// IP addresses, localhost and the server's names are served.
func TestHostAllowList(t *testing.T) {
	s := &Server{Leagues: []*League{NewLeague(Info{Name: "l", Rules: dots.Game{Rows: 2, Cols: 2}, Scoring: results.DefaultScoring()})}, Hosts: []string{"lab-01"}}
	h := s.Handler()
	for _, tc := range []struct {
		host string
		ok   bool
	}{
		{"127.0.0.1:8080", true},
		{"[::1]:8080", true},
		{"192.0.2.7", true},
		{"localhost:8080", true},
		{"app.localhost", true},
		{"lab-01:8080", true},
		{"LAB-01.", true},
		{"attacker.example:8080", false},
		{"lab-01.attacker.example", false},
		{"", false},
	} {
		r := httptest.NewRequest("GET", "/api/leagues", nil)
		r.Host = tc.host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if (w.Code == http.StatusOK) != tc.ok || (!tc.ok && w.Code != http.StatusMisdirectedRequest) {
			t.Errorf("Host %q: status %d, want served %v", tc.host, w.Code, tc.ok)
		}
	}
}

// blocked is a Player that never moves: its game lasts until ctx ends.
var blocked = referee.PlayerFunc(func(ctx context.Context, _ referee.Request) (referee.Reply, error) {
	<-ctx.Done()
	return referee.Reply{}, ctx.Err()
})

// playServer is a Server with Play on for a test, its games against
// blocked bots, and the function that stops them.
func playServer(t *testing.T, lim Limits) (*Server, *httptest.Server, context.CancelFunc) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	dir := t.TempDir()
	l := NewLeague(Info{Name: "play", Dir: dir, Rules: dots.Game{Rows: 2, Cols: 2}, TempoMS: 100, Scoring: results.DefaultScoring()})
	rec, err := resultsdir.OpenRecorder(dir, func(w string) { t.Error(w) })
	if err != nil {
		t.Fatal(err)
	}
	seat := func(string) (arena.Seat, error) { return arena.Seat{Player: blocked}, nil }
	p := NewPlay(ctx, l, []string{"slow"}, referee.Clock{Tempo: time.Hour}, seat, rec)
	s := &Server{Leagues: []*League{l}, Play: p, Limits: lim}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		cancel()
		p.Wait()
		srv.Close()
		rec.Close()
	})
	return s, srv, cancel
}

// postBody posts body to url and returns the status and the body.
func postBody(t *testing.T, url, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

// TestPlayGamesCap: no more than Limits.Games people's games are in play
// at once; each started one ends, its bots stopped, once the server's
// context is done (Wait).
func TestPlayGamesCap(t *testing.T) {
	_, srv, cancel := playServer(t, Limits{Games: 2})
	for i := range 3 {
		code, body := postBody(t, srv.URL+"/api/play", `{"bot": "slow", "seed": 1, "side": "black"}`)
		if want := map[bool]int{true: http.StatusOK, false: http.StatusServiceUnavailable}[i < 2]; code != want {
			t.Errorf("game %d: status %d (%s), want %d", i+1, code, body, want)
		}
	}
	cancel()
}

// TestPlayWaitEndsGames: Wait returns once the games in play are over,
// after the server's context ends: arena serve --play leaves no bot
// behind.
func TestPlayWaitEndsGames(t *testing.T) {
	s, srv, cancel := playServer(t, Limits{})
	for range 3 {
		if code, body := postBody(t, srv.URL+"/api/play", `{"bot": "slow", "seed": 1, "side": "black"}`); code != http.StatusOK {
			t.Fatalf("start: %d %s", code, body)
		}
	}
	cancel()
	s.Play.Wait()
	s.Play.mu.Lock()
	defer s.Play.mu.Unlock()
	if n := len(s.Play.games); n != 0 {
		t.Errorf("%d games in play after Wait", n)
	}
}

// TestPlayMoveNeedsToken: only the person who started a game may move in
// it; a move with another game's token, or none, is refused.
func TestPlayMoveNeedsToken(t *testing.T) {
	_, srv, _ := playServer(t, Limits{})
	var games [2]struct{ Game, Token string }
	for i := range games {
		code, body := postBody(t, srv.URL+"/api/play", `{"bot": "slow", "seed": 1, "side": "white"}`)
		if code != http.StatusOK || json.Unmarshal([]byte(body), &games[i]) != nil || games[i].Token == "" {
			t.Fatalf("start: %d %s", code, body)
		}
	}
	for _, tc := range []struct {
		name, token string
		want        int
	}{
		{"no token", "", http.StatusForbidden},
		{"another game's", games[1].Token, http.StatusForbidden},
		{"its own", games[0].Token, http.StatusConflict}, // allowed in; the move is not a legal one
	} {
		body, _ := json.Marshal(map[string]string{"game": games[0].Game, "move": "Z9-Z10", "token": tc.token})
		if code, msg := postBody(t, srv.URL+"/api/play/move", string(body)); code != tc.want {
			t.Errorf("%s: status %d (%s), want %d", tc.name, code, msg, tc.want)
		}
	}
}

// TestBodyLimit: a request body over Limits.Body is refused, not read.
func TestBodyLimit(t *testing.T) {
	_, srv, _ := playServer(t, Limits{Body: 1 << 10})
	big := `{"bot": "slow", "seed": 1, "side": "` + strings.Repeat("x", 4<<20) + `"}`
	if code, body := postBody(t, srv.URL+"/api/play", big); code != http.StatusRequestEntityTooLarge {
		t.Errorf("a 4 MiB body: status %d (%s), want %d", code, body, http.StatusRequestEntityTooLarge)
	}
}

// serveLimited serves h through s's listener and server, with s's limits,
// on a free port, and returns its address.
func serveLimited(t *testing.T, s *Server, h http.Handler) string {
	t.Helper()
	ln, err := s.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := s.HTTPServer()
	if h != nil {
		srv.Handler = h
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// TestConnLimit: the server holds at most Limits.Conns connections at
// once; the others wait for one to close, and are then served.
func TestConnLimit(t *testing.T) {
	const limit, clients = 3, 8
	var (
		mu             sync.Mutex
		inFlight, most int
	)
	release := make(chan struct{})
	reached := make(chan struct{})
	var once sync.Once
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		inFlight++
		most = max(most, inFlight)
		if inFlight == limit {
			once.Do(func() { close(reached) })
		}
		mu.Unlock()
		<-release
		mu.Lock()
		inFlight--
		mu.Unlock()
	})
	addr := serveLimited(t, &Server{Limits: Limits{Conns: limit}}, h)
	errs := make(chan error, clients)
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	for range clients {
		go func() {
			resp, err := client.Get("http://" + addr + "/")
			if err == nil {
				resp.Body.Close()
			}
			errs <- err
		}()
	}
	<-reached
	close(release)
	for range clients {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if most != limit {
		t.Errorf("%d requests were served at once, want at most %d", most, limit)
	}
}

// TestTimeouts: a client that sends its header or its body slowly, or
// keeps an idle connection, is cut off. Each case has only its own limit
// short (net/http falls back from one timeout to another).
func TestTimeouts(t *testing.T) {
	const d, long = 200 * time.Millisecond, time.Hour
	for _, tc := range []struct {
		name, send string
		lim        Limits
	}{
		{"slow header", "GET /api/leagues HTTP/1.1\r\nHost: 127.0.0.1\r\n", Limits{ReadHeader: d, Read: long, Idle: long}},
		{"slow body", "POST /api/play HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{", Limits{ReadHeader: long, Read: d, Idle: long}},
		{"idle", "GET /api/leagues HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", Limits{ReadHeader: long, Read: long, Idle: d}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, _ := playServer(t, tc.lim)
			c, err := net.Dial("tcp", serveLimited(t, s, nil))
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if _, err := io.WriteString(c, tc.send); err != nil {
				t.Fatal(err)
			}
			// The server closes c for the short limit alone, the others
			// being an hour: a connection it never closes fails the
			// test at go test's -timeout. How long the close takes on a
			// busy machine decides nothing.
			io.Copy(io.Discard, c)
		})
	}
}

// TestEventsOutliveTimeouts: an event stream is not cut by the server's
// read and write timeouts: it still brings a message after both ran out.
func TestEventsOutliveTimeouts(t *testing.T) {
	const d = 100 * time.Millisecond
	rules := dots.Game{Rows: 2, Cols: 2}
	l := NewLeague(Info{Name: "l", Rules: rules, Scoring: results.DefaultScoring()})
	addr := serveLimited(t, &Server{Leagues: []*League{l}, Limits: Limits{ReadHeader: d, Read: d, Write: d, Idle: d}}, nil)
	resp, err := http.Get("http://" + addr + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := bufio.NewScanner(resp.Body)
	next := func() string {
		for events.Scan() {
			if e, ok := strings.CutPrefix(events.Text(), "event: "); ok {
				return e
			}
		}
		t.Fatalf("the stream ended: %v", events.Err())
		return ""
	}
	if e := next(); e != "snapshot" {
		t.Fatalf("first event %q, want snapshot", e)
	}
	time.Sleep(5 * d) // past the read and write timeouts
	l.Event(arena.Event{Start: &arena.GameStart{ID: "g1", Seed: 1, White: "a", Black: "b", Initial: rules.New(1)}})
	if e := next(); e == "" || e == "snapshot" {
		t.Errorf("after the timeouts: event %q, want the game's start", e)
	}
}
