package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// classInfo returns the Info of a results directory whose recorded config
// is a round robin of three groups, in lang.
func classInfo(t *testing.T, lang string) Info {
	t.Helper()
	dir := t.TempDir()
	cfg := "name: turma\ngame: cavalo\nrounds: 1\nlang: " + lang + "\nbots:\n" +
		"  - {name: p1, display: \"P1 Ana / Rui\", builtin: greedy}\n  - {name: p2, builtin: random}\n  - {name: p3, builtin: alphabeta}\n"
	if err := os.WriteFile(filepath.Join(dir, resultsdir.ConfigFile), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	info, err := readInfo(dir)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

// TestTablesWithoutGames checks that a league with no finished game gives
// the page empty lists, never null: the page of a first game read
// crosstable.bots of null and drew nothing.
func TestTablesWithoutGames(t *testing.T) {
	l := NewLeague(Info{Name: "play", Dir: t.TempDir(), Rules: dots.Game{Rows: 2, Cols: 2}, TempoMS: 100, Scoring: results.DefaultScoring()})
	snap, _ := l.snapshot()
	data, err := json.Marshal(snap.Tables)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"standings":[]`, `"bots":[]`, `"cells":[]`, `"display":{}`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("tables without games lack %s: %s", want, data)
		}
	}
	if snap.League.Lang != "en" {
		t.Errorf("lang %q, want en by default", snap.League.Lang)
	}
}

// TestNextGames checks the schedule's next games: neither played nor in
// play, in the schedule's order, at most nextGames.
func TestNextGames(t *testing.T) {
	info := classInfo(t, "pt")
	all := tournament.Schedule(info.Config.League(), nil)
	if len(all) != 6 {
		t.Fatalf("schedule of %d games, want 6", len(all))
	}
	played := []results.Entry{{ID: all[0].ID, White: "p1", Black: "p2", Result: results.WhiteWins}}
	live := map[string]*liveGame{all[1].ID: {}}
	next := info.next(played, live, 3)
	var ids []string
	for _, g := range next {
		ids = append(ids, g.ID)
	}
	if want := []string{all[2].ID, all[3].ID, all[4].ID}; strings.Join(ids, " ") != strings.Join(want, " ") {
		t.Errorf("next games %q, want %q", ids, want)
	}
	if next[0].White == "" || next[0].Round != 1 {
		t.Errorf("next game %+v, want its bots and round", next[0])
	}
	if got := (Info{}).next(nil, nil, 3); got != nil {
		t.Errorf("next games without a config: %v", got)
	}
	l := &League{info: info, live: map[string]*liveGame{}}
	if tab := l.tables("", l.games); len(tab.Next) != nextGames || tab.Display["p1"] != "P1 Ana / Rui" {
		t.Errorf("tables: %d next games, display %v; want %d and p1's", len(tab.Next), tab.Display, nextGames)
	}
}

// TestLastMoveTarget checks that a game in play, and a finished game in
// the viewer, name the drawing's place of the last move, for the page to
// mark it.
func TestLastMoveTarget(t *testing.T) {
	st := dots.Game{Rows: 2, Cols: 2}.New(1)
	g := &liveGame{ID: "g", White: "a", Black: "b", state: st.Clone()}
	m := st.Moves(nil)[0]
	g.play(referee.MoveRecord{Ply: 1, Side: referee.White, Move: st.FormatMove(m), Elapsed: time.Millisecond})
	v := g.view(&Info{})
	if want := st.(referee.Drawer).Target(m); v.LastTarget != want || !strings.Contains(v.SVG, `data-target="`+want+`"`) {
		t.Errorf("last target %q, want %q, a place of the drawing", v.LastTarget, want)
	}
	g.play(referee.MoveRecord{Ply: 2, Side: referee.Black, Move: "Z9-Z10"}) // a fault: no place
	if v := g.view(&Info{}); v.LastTarget != "" {
		t.Errorf("after a move that is not legal: last target %q, want none", v.LastTarget)
	}

	dir := t.TempDir()
	fin := finish(t, dir, "01-a-b", "a", "b", 4)
	gv, err := openWith(t, dir, fin).gameView(fin.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(gv.Targets) != len(gv.SVGs) || gv.Targets[0] != "" {
		t.Fatalf("%d targets for %d drawings, the first %q; want one each, none for ply 0", len(gv.Targets), len(gv.SVGs), gv.Targets[0])
	}
	marked := 0
	for i := 1; i < len(gv.Targets); i++ {
		if gv.Targets[i] == "" {
			continue // a pass: no place plays it
		}
		marked++
		if !strings.Contains(gv.SVGs[i], `data-target="`+gv.Targets[i]+`"`) {
			t.Errorf("ply %d: target %q is not a place of its drawing", i, gv.Targets[i])
		}
	}
	if marked == 0 {
		t.Error("no ply of the finished game has its place")
	}
}

// TestPageInline checks that the served page carries its league's data
// and language, so that it is drawn before its event stream opens.
func TestPageInline(t *testing.T) {
	l := NewLeague(classInfo(t, "pt"))
	srv := httptest.NewServer((&Server{Leagues: []*League{l}}).Handler())
	defer srv.Close()
	for _, c := range []struct {
		query string
		lang  string
		data  bool
	}{{"", "pt", true}, {"?league=0", "pt", true}, {"?league=7", "en", false}} {
		resp, err := http.Get(srv.URL + "/" + c.query)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		page := string(body)
		if !strings.Contains(page, `<html lang="`+c.lang+`">`) || !strings.Contains(page, "window.ARENA_FIRST = {") {
			t.Errorf("%q: the page lacks lang %s or its data:\n%.400s", c.query, c.lang, page)
		}
		if got := strings.Contains(page, `"snapshot":{"league":{"name":"turma"`); got != c.data {
			t.Errorf("%q: the page holds the league's snapshot: %v, want %v", c.query, got, c.data)
		}
		if strings.Index(page, "window.ARENA_FIRST") > strings.Index(page, `src="assets/app.js"`) {
			t.Errorf("%q: the data comes after the script that draws it", c.query)
		}
	}
	l.SetLang("en")
	if snap, _ := l.snapshot(); snap.League.Lang != "en" {
		t.Errorf("after SetLang(en): %q", snap.League.Lang)
	}
}
