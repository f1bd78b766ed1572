package web

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// inPlay returns how many people's games s has in play.
func inPlay(s *Server) int {
	s.Play.mu.Lock()
	defer s.Play.mu.Unlock()
	return len(s.Play.games)
}

// waitNoGame waits until s has no game in play. Only go test -timeout
// bounds the wait: how long the games take to end on a busy machine
// decides nothing.
func waitNoGame(s *Server) {
	for inPlay(s) > 0 {
		time.Sleep(10 * time.Millisecond)
	}
}

// TestPlayIdleGameEnds starts a person's game and leaves it, no move
// played and no page open (issue 39, row 4): today it holds its slot and
// its bot until arena stops. After Limits.PlayIdle it ends, its bot
// stopped (a game leaves the games in play once its match has returned),
// and its slot is free for the next person.
func TestPlayIdleGameEnds(t *testing.T) {
	s, srv, _ := playServer(t, Limits{Games: 1, PlayIdle: 200 * time.Millisecond})
	if code, body := postBody(t, srv.URL+"/api/play", `{"bot": "slow", "seed": 1, "side": "white"}`); code != http.StatusOK {
		t.Fatalf("start: %d %s", code, body)
	}
	waitNoGame(s) // the idle game ends
	if code, body := postBody(t, srv.URL+"/api/play", `{"bot": "slow", "seed": 1, "side": "white"}`); code != http.StatusOK {
		t.Errorf("a game after the idle one ended: %d %s, want its slot free", code, body)
	}
}

// TestPlayOpenPagesHoldNoSlot: three loopback addresses, each with its
// games and an event stream open, hold every slot (issue 50, row 5): an
// open page kept its games for ever. A game with no move for
// Limits.PlayIdle ends whether or not its page is open, and the slots are
// free again; the start's answer says so (idle_ms), for the page to say
// it before it happens. The slots are seen held with games that idle for
// an hour: with a short PlayIdle, on a busy machine the first games
// ended before the seventh start, which then found a slot.
func TestPlayOpenPagesHoldNoSlot(t *testing.T) {
	_, held, _ := playServer(t, Limits{Games: 6, GamesPerClient: 2, PlayIdle: time.Hour})
	playWithPagesOpen(t, held.URL, time.Hour)
	if code, _ := postBody(t, held.URL+"/api/play", `{"bot": "slow", "seed": 1, "side": "white"}`); code != http.StatusServiceUnavailable {
		t.Fatalf("a seventh game: %d, want every slot held", code)
	}
	const idle = 200 * time.Millisecond
	s, srv, _ := playServer(t, Limits{Games: 6, GamesPerClient: 2, PlayIdle: idle})
	playWithPagesOpen(t, srv.URL, idle)
	waitNoGame(s) // the idle games end, their pages open
	if code, body := postBody(t, srv.URL+"/api/play", `{"bot": "slow", "seed": 1, "side": "white"}`); code != http.StatusOK {
		t.Errorf("a game after the idle ones ended: %d %s, want a slot free", code, body)
	}
}

// playWithPagesOpen opens, from each of three loopback addresses, the
// event stream of the server at url, as a page does, and starts two
// games, whose start must answer idle_ms of idle; the streams stay open
// until the test ends.
func playWithPagesOpen(t *testing.T, url string, idle time.Duration) {
	t.Helper()
	for _, addr := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.4"} {
		client := &http.Client{Transport: &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(addr)}}).DialContext}}
		ctx, closePage := context.WithCancel(t.Context())
		t.Cleanup(closePage)
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url+"/events", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		for range 2 {
			resp, err := client.Post(url+"/api/play", "application/json", strings.NewReader(`{"bot": "slow", "seed": 1, "side": "white"}`))
			if err != nil {
				t.Fatal(err)
			}
			var start struct {
				IdleMS int64 `json:"idle_ms"`
			}
			err = json.NewDecoder(resp.Body).Decode(&start)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK || err != nil || start.IdleMS != idle.Milliseconds() {
				t.Fatalf("%s: start: %d, idle_ms %d (%v), want %d", addr, resp.StatusCode, start.IdleMS, err, idle.Milliseconds())
			}
		}
	}
}

// TestPlayGamesPerClient: one client holds at most Limits.GamesPerClient
// games, however many slots are free (issue 39, row 4): today one client's
// POSTs take every slot.
func TestPlayGamesPerClient(t *testing.T) {
	_, srv, _ := playServer(t, Limits{Games: 8, GamesPerClient: 2})
	for i := range 3 {
		code, body := postBody(t, srv.URL+"/api/play", `{"bot": "slow", "seed": 1, "side": "black"}`)
		if want := map[bool]int{true: http.StatusOK, false: http.StatusTooManyRequests}[i < 2]; code != want {
			t.Errorf("game %d: status %d (%s), want %d", i+1, code, body, want)
		}
	}
}
