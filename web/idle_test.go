package web

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// inPlay returns how many people's games s has in play.
func inPlay(s *Server) int {
	s.Play.mu.Lock()
	defer s.Play.mu.Unlock()
	return len(s.Play.games)
}

// waitNoGame waits up to d for s to have no game in play.
func waitNoGame(t *testing.T, s *Server, d time.Duration) bool {
	t.Helper()
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if inPlay(s) == 0 {
			return true
		}
	}
	return false
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
	if !waitNoGame(t, s, 3*time.Second) {
		t.Fatal("the idle game is still in play 3 s on, with a PlayIdle of 200 ms")
	}
	if code, body := postBody(t, srv.URL+"/api/play", `{"bot": "slow", "seed": 1, "side": "white"}`); code != http.StatusOK {
		t.Errorf("a game after the idle one ended: %d %s, want its slot free", code, body)
	}
}

// TestPlayOpenPageKeepsGame: a game whose person has a page open (an event
// stream) is not idle, however long they think; once the page closes it
// ends after Limits.PlayIdle.
func TestPlayOpenPageKeepsGame(t *testing.T) {
	const idle = 200 * time.Millisecond
	s, srv, _ := playServer(t, Limits{PlayIdle: idle})
	ctx, closePage := context.WithCancel(t.Context())
	defer closePage()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if code, body := postBody(t, srv.URL+"/api/play", `{"bot": "slow", "seed": 1, "side": "white"}`); code != http.StatusOK {
		t.Fatalf("start: %d %s", code, body)
	}
	time.Sleep(4 * idle)
	if inPlay(s) != 1 {
		t.Fatal("the game ended while its page was open")
	}
	closePage()
	if !waitNoGame(t, s, 3*time.Second) {
		t.Fatal("the game is still in play 3 s after its page closed")
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
