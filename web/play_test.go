package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/judgetest"
	"github.com/arenabots/arena/results"
)

// TestPlayRecordsGame plays a person's game through the page's endpoints,
// the person taking the last move offered each turn, and checks that it is
// recorded like a league's game. The bot is charged its wall time, which a
// busy machine stretches, under a margin of an hour, and only go test
// -timeout bounds the game: its verdict never rests on the machine's speed.
func TestPlayRecordsGame(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir := t.TempDir()
	l := NewLeague(Info{Name: "play", Dir: dir, Rules: dots.Game{Rows: 2, Cols: 2}, TempoMS: 100, Scoring: results.DefaultScoring()})
	rec, err := resultsdir.OpenRecorder(dir, func(w string) { t.Error(w) })
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Close()
	seat := func(string) (arena.Seat, error) { return arena.Seat{Player: judgetest.FirstLegal{}}, nil }
	p := NewPlay(ctx, l, []string{"first"}, referee.Clock{Tempo: 100 * time.Millisecond, Margin: time.Hour}, seat, rec)
	srv := httptest.NewServer((&Server{Leagues: []*League{l}, Play: p}).Handler())
	defer srv.Close()
	post := func(path, body string) *http.Response {
		t.Helper()
		resp, err := http.Post(srv.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	// Another site's page, as a browser sends its request, starts nothing.
	forged, err := http.NewRequest("POST", srv.URL+"/api/play", strings.NewReader(`{"bot": "first", "seed": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	forged.Header.Set("Content-Type", "text/plain")
	forged.Header.Set("Sec-Fetch-Site", "cross-site")
	forged.Header.Set("Origin", "https://attacker.example")
	if resp, err := http.DefaultClient.Do(forged); err != nil {
		t.Fatal(err)
	} else if resp.Body.Close(); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a cross-site start: status %d, want %d", resp.StatusCode, http.StatusForbidden)
	}
	if resp := post("/api/play", `{"bot": "nobody", "seed": 1}`); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("an unknown bot: status %d", resp.StatusCode)
	}
	code, started := postBody(t, srv.URL+"/api/play", `{"bot": "first", "seed": 1, "side": "black"}`)
	var game struct{ Token string }
	if code != http.StatusOK || json.Unmarshal([]byte(started), &game) != nil {
		t.Fatalf("start: status %d, %s", code, started)
	}
	var played int
	for len(l.Games()) == 0 {
		_, _, changed := l.after(0) // closed at the next message
		snap, _ := l.snapshot()
		if len(snap.Live) == 0 || snap.Live[0].Legal == nil {
			<-changed
			continue
		}
		g := snap.Live[0]
		if g.Human != "black" || g.White != "first" || g.Black != Human {
			t.Fatalf("live game %+v", g)
		}
		var last string
		for target, moves := range g.Legal {
			if !strings.Contains(g.SVG, `data-target="`+target+`"`) {
				t.Errorf("move target %q is not in the drawing", target)
			}
			last = moves[len(moves)-1]
		}
		if resp := post("/api/play/move", `{"game": "`+g.ID+`", "move": "Z9-Z10", "token": "`+game.Token+`"}`); resp.StatusCode != http.StatusConflict {
			t.Errorf("a move not offered: status %d", resp.StatusCode)
		}
		body, _ := json.Marshal(map[string]string{"game": g.ID, "move": last, "token": game.Token})
		if resp := post("/api/play/move", string(body)); resp.StatusCode == http.StatusNoContent {
			played++
		}
	}
	games, _, err := results.ReadJournal(filepath.Join(dir, results.JournalName))
	if err != nil || len(games) != 1 {
		t.Fatalf("journal: %v, %v", games, err)
	}
	g := games[0]
	if g.White != "first" || g.Black != Human || g.Reason != referee.Normal || played == 0 {
		t.Errorf("recorded %+v after %d moves of the person", g, played)
	}
	lines, err := results.ReadGameLog(dir, g.ID)
	if err != nil || len(lines) != g.Plies+1 {
		t.Errorf("move log: %d lines (%v), want %d", len(lines), err, g.Plies+1)
	}
}
