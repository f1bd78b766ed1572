package web

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// record plays a Cavalo game on seed's board, each side taking its first
// legal move, as the referee records it, 2 ms a call.
func record(seed uint64) (referee.State, referee.Record) {
	initial := cavalo.Game{}.New(seed)
	st := initial.Clone()
	var rec referee.Record
	for !st.Terminal() {
		m := st.Moves(nil)[0]
		mr := referee.MoveRecord{Ply: st.Ply() + 1, Side: st.ToMove(), Move: st.FormatMove(m), Elapsed: 2 * time.Millisecond}
		rec.Time[mr.Side.Index()] += mr.Elapsed
		st.Play(m)
		rec.Moves = append(rec.Moves, mr)
	}
	rec.Scores, rec.Reason = st.Scores(), referee.Normal
	rec.Winner = referee.Winner(rec.Scores)
	return initial, rec
}

// finish writes a finished game's move logs under dir and returns its
// journal line.
func finish(t *testing.T, dir, id, white, black string, seed uint64) results.Entry {
	t.Helper()
	initial, rec := record(seed)
	g := results.FromRecord(id, 1, seed, white, black, rec, time.Now(), time.Now())
	if err := results.WriteGameLog(dir, g, initial, rec); err != nil {
		t.Fatal(err)
	}
	return g
}

// openWith journals games in the results directory dir, whose move logs
// are written, and opens the league's view of it.
func openWith(t *testing.T, dir string, games ...results.Entry) *League {
	t.Helper()
	j, err := results.OpenJournal(filepath.Join(dir, results.JournalName))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for _, g := range games {
		if err := j.Append(g); err != nil {
			t.Fatal(err)
		}
	}
	l, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func testInfo(dir string) Info {
	return Info{Name: "t", Dir: dir, Rules: cavalo.Game{}, TempoMS: 100, Bots: []string{"a", "b"}, Scoring: results.DefaultScoring(), Total: 2}
}

// TestLeagueFollowsEvents feeds a league a game's start, moves and end, as
// a Runner does, and checks what a page is shown at each step.
func TestLeagueFollowsEvents(t *testing.T) {
	dir := t.TempDir()
	l := NewLeague(testInfo(dir))
	l.Event(arena.Event{Done: 0, Total: 2})
	initial, rec := record(9)
	l.Event(arena.Event{Start: &arena.GameStart{ID: "01-a-b", Round: 1, Seed: 9, White: "a", Black: "b", Initial: initial.Clone()}})
	for _, mr := range rec.Moves[:3] {
		l.Event(arena.Event{Move: &arena.MoveEvent{GameID: "01-a-b", Record: mr}})
	}
	snap, _ := l.snapshot()
	if len(snap.Live) != 1 {
		t.Fatalf("%d games in play, want 1", len(snap.Live))
	}
	g := snap.Live[0]
	if g.Ply != 3 || g.Last == nil || g.Last.Move != rec.Moves[2].Move || g.Last.Bot != "a" {
		t.Errorf("live game at ply %d, last move %+v; want ply 3, %s by a", g.Ply, g.Last, rec.Moves[2].Move)
	}
	if n := strings.Count(g.SVG, `class="sq `); n != cavalo.Squares {
		t.Errorf("live board has %d squares, want %d", n, cavalo.Squares)
	}
	if g.UsedMS != [2]float64{4, 2} {
		t.Errorf("time used %v, want [4 2] ms", g.UsedMS)
	}

	game := finish(t, dir, "01-a-b", "a", "b", 9)
	l.Event(arena.Event{End: &game, Done: 1, Total: 2})
	snap, _ = l.snapshot()
	tb := snap.Tables
	switch {
	case len(snap.Live) != 0:
		t.Errorf("%d games still in play", len(snap.Live))
	case len(tb.Games) != 1 || len(tb.Standings) != 2:
		t.Errorf("%d games, %d standings rows; want 1 and 2", len(tb.Games), len(tb.Standings))
	case tb.Progress.Done != 1 || tb.Progress.Total != 2:
		t.Errorf("progress %+v, want 1 of 2", tb.Progress)
	case tb.Times[0].Moves+tb.Times[1].Moves == 0:
		t.Errorf("no move times: %+v", tb.Times)
	}
	v, err := l.gameView("01-a-b")
	if err != nil {
		t.Fatal(err)
	}
	if len(v.SVGs) != len(rec.Moves)+1 || len(v.Moves) != len(v.SVGs) {
		t.Errorf("viewer: %d drawings and %d moves, want %d", len(v.SVGs), len(v.Moves), len(rec.Moves)+1)
	}
}

// TestLeagueShowsClocks checks a game in play under a game clock: it shows
// the league's time control and both clocks, at the base before the first
// move and then as each move leaves them; under a fixed tempo, none.
func TestLeagueShowsClocks(t *testing.T) {
	info := testInfo(t.TempDir())
	info.TempoMS, info.Clock = 0, &ClockView{Text: "2000+50", BaseMS: 2000, IncMS: 50}
	l := NewLeague(info)
	initial, rec := record(9)
	l.Event(arena.Event{Start: &arena.GameStart{ID: "01-a-b", White: "a", Black: "b", Initial: initial.Clone()}})
	live := func() LiveView {
		t.Helper()
		snap, _ := l.snapshot()
		if len(snap.Live) != 1 || snap.League.Clock == nil || snap.League.Clock.Text != "2000+50" {
			t.Fatalf("%d games in play, league clock %+v; want 1 game, 2000+50", len(snap.Live), snap.League.Clock)
		}
		return snap.Live[0]
	}
	if g := live(); g.Clock == nil || g.LeftMS == nil || *g.LeftMS != [2]float64{2000, 2000} {
		t.Errorf("before the first move: clock %+v, time left %v; want 2000+50, [2000 2000]", g.Clock, g.LeftMS)
	}
	for i, left := range [][2]time.Duration{{2048 * time.Millisecond, 2000 * time.Millisecond}, {2048 * time.Millisecond, 1500500 * time.Microsecond}} {
		mr := rec.Moves[i]
		mr.Clocks = &left
		l.Event(arena.Event{Move: &arena.MoveEvent{GameID: "01-a-b", Record: mr}})
		want := [2]float64{ms(left[0]), ms(left[1])}
		if g := live(); g.LeftMS == nil || *g.LeftMS != want || g.Last == nil || g.Last.ClocksMS == nil || *g.Last.ClocksMS != want {
			t.Errorf("after move %d: time left %v, last move %+v; want %v in both", i+1, g.LeftMS, g.Last, want)
		}
	}

	l = NewLeague(testInfo(t.TempDir()))
	l.Event(arena.Event{Start: &arena.GameStart{ID: "01-a-b", White: "a", Black: "b", Initial: initial.Clone()}})
	l.Event(arena.Event{Move: &arena.MoveEvent{GameID: "01-a-b", Record: rec.Moves[0]}})
	if snap, _ := l.snapshot(); snap.League.Clock != nil || snap.Live[0].Clock != nil || snap.Live[0].LeftMS != nil || snap.Live[0].TempoMS != 100 {
		t.Errorf("under a fixed tempo: league %+v, game %+v; want tempo 100 and no clock", snap.League, snap.Live[0])
	}
}

// TestReloadFollowsJournal checks that a league served from disk picks up
// the games another process appends to its journal.
func TestReloadFollowsJournal(t *testing.T) {
	dir := t.TempDir()
	l := NewLeague(testInfo(dir))
	if err := l.Reload(); err != nil {
		t.Fatalf("a league with no journal yet: %v", err)
	}
	j, err := results.OpenJournal(filepath.Join(dir, results.JournalName))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for i, id := range []string{"01-a-b", "01-b-a"} {
		g := finish(t, dir, id, "a", "b", uint64(i+1))
		if id == "01-b-a" {
			g.White, g.Black = "b", "a"
		}
		if err := j.Append(g); err != nil {
			t.Fatal(err)
		}
		if err := l.Reload(); err != nil {
			t.Fatal(err)
		}
		if got := len(l.Games()); got != i+1 {
			t.Errorf("after %d appends the league has %d games", i+1, got)
		}
	}
}

func TestFaults(t *testing.T) {
	games := []results.Entry{
		{ID: "1", White: "a", Black: "b", Reason: referee.Normal},
		{ID: "2", White: "a", Black: "b", Reason: referee.Timeout, Loser: "b", Detail: "black: 1200 ms"},
		{ID: "3", White: "a", Black: "b", Reason: referee.Start, Loser: results.BothAtFault, Detail: "neither started"},
	}
	want := []Fault{
		{GameID: "2", Bot: "b", Verdict: "timeout", Why: referee.Timeout.Text(), Detail: "black: 1200 ms"},
		{GameID: "3", Bot: "a", Verdict: "start", Why: referee.Start.Text(), Detail: "neither started"},
		{GameID: "3", Bot: "b", Verdict: "start", Why: referee.Start.Text(), Detail: "neither started"},
	}
	got := faults(games)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("faults:\n got %+v\nwant %+v", got, want)
	}
}

func TestTimeUse(t *testing.T) {
	tests := []struct {
		name  string
		times []float64
		want  TimeUse
	}{
		{"none", nil, TimeUse{Bot: "x"}},
		{"one", []float64{7}, TimeUse{Bot: "x", Moves: 1, MeanMS: 7, P95MS: 7, MaxMS: 7}},
		{"twenty", []float64{20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1},
			TimeUse{Bot: "x", Moves: 20, MeanMS: 10.5, P95MS: 19, MaxMS: 20}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := timeUse("x", tt.times); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestRatingChart(t *testing.T) {
	rows := []results.Row{
		{Bot: "a", Rated: true, Elo: 150, EloMargin: 80},
		{Bot: "b<&>", Rated: true, Elo: -150, EloMargin: 80},
		{Bot: "c"},
	}
	svg := ratingChart(rows)
	if n := strings.Count(svg, `class="elo"`); n != 2 {
		t.Errorf("%d rated bots drawn, want 2", n)
	}
	if !strings.Contains(svg, "b&lt;&amp;&gt;") {
		t.Error("a bot's name is not escaped")
	}
	if ratingChart(rows[2:]) != "" {
		t.Error("a chart with no rated bot")
	}
}

// sseEvent is one event read from a stream.
type sseEvent struct{ id, event string }

// readEvents reads n events from /events with lastID as Last-Event-ID
// ("" for none).
func readEvents(t *testing.T, url, lastID string, n int) []sseEvent {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/events", nil)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	var out []sseEvent
	var cur sseEvent
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<22)
	for len(out) < n && sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "id: "):
			cur.id = line[4:]
		case strings.HasPrefix(line, "event: "):
			cur.event = line[7:]
		case line == "" && cur.event != "":
			out = append(out, cur)
			cur = sseEvent{}
		}
	}
	return out
}

// TestEventsResume checks the event stream's ids: a new page gets a
// snapshot, a page that reconnects gets what it missed, and a page too far
// behind gets a snapshot again.
func TestEventsResume(t *testing.T) {
	l := NewLeague(testInfo(t.TempDir()))
	srv := httptest.NewServer((&Server{Leagues: []*League{l}}).Handler())
	defer srv.Close()
	defer l.watch()() // a page stays open throughout
	l.mu.Lock()
	for range 3 {
		l.publishTables("")
	}
	l.mu.Unlock()

	if got := readEvents(t, srv.URL, "", 1); fmt.Sprint(got) != "[{3 snapshot}]" {
		t.Errorf("new page: %v, want a snapshot of id 3", got)
	}
	if got := readEvents(t, srv.URL, "1", 2); fmt.Sprint(got) != "[{2 tables} {3 tables}]" {
		t.Errorf("after id 1: %v, want ids 2 and 3", got)
	}
	l.mu.Lock()
	for range keepMessages {
		l.publish("tables", func() any { return Tables{} })
	}
	l.mu.Unlock()
	if got := readEvents(t, srv.URL, "1", 1); fmt.Sprint(got) != fmt.Sprintf("[{%d snapshot}]", keepMessages+3) {
		t.Errorf("far behind: %v, want a snapshot", got)
	}
}

// TestReport checks that a report holds every game, gzipped, and nothing
// from the network.
func TestReport(t *testing.T) {
	dir := t.TempDir()
	g := finish(t, dir, "01-a-b", "a", "b", 4)
	l := openWith(t, dir, g)
	var b bytes.Buffer
	if err := WriteReport(&b, l); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	if m := regexp.MustCompile(`(src|href)=|url\(`).FindString(html); m != "" {
		t.Errorf("the report refers to %q", m)
	}
	// The words of the live sections are in the page's table of words
	// (i18n.js), which the report holds whole: their elements are not.
	for _, live := range []string{`id="live-h"`, `id="live"`, `id="play"`, `id="next-box"`, "<!-- live"} {
		if strings.Contains(html, live) {
			t.Errorf("the report holds %q of the live page's sections", live)
		}
	}
	m := regexp.MustCompile(`packed: (\{.*\}),`).FindStringSubmatch(html)
	if m == nil {
		t.Fatal("no packed games in the report")
	}
	var packed map[string]string
	if err := json.Unmarshal([]byte(m[1]), &packed); err != nil {
		t.Fatal(err)
	}
	raw, err := base64.StdEncoding.DecodeString(packed["01-a-b"])
	if err != nil {
		t.Fatal(err)
	}
	z, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var v GameView
	if err := json.NewDecoder(z).Decode(&v); err != nil {
		t.Fatal(err)
	}
	if v.Entry.ID != "01-a-b" || len(v.SVGs) != g.Plies+1 {
		t.Errorf("packed game %s with %d drawings, want 01-a-b with %d", v.Entry.ID, len(v.SVGs), g.Plies+1)
	}
}

func TestReadInfo(t *testing.T) {
	dir := t.TempDir()
	cfg := "hash: abc\nname: course\ngame: dots\ngame_options: {rows: 3, cols: 4}\nrounds: 2\ntempo_ms: 700\n" +
		"scoring: {win: 3, draw: 1, loss: 0}\nbots:\n  - {name: x, builtin: greedy}\n  - {name: y, path: ./y}\n  - {name: z, builtin: random}\nsandbox_achieved: {}\n"
	if err := os.WriteFile(filepath.Join(dir, resultsdir.ConfigFile), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	info, err := readInfo(dir)
	if err != nil {
		t.Fatal(err)
	}
	if info.Name != "course" || info.Rules.Name() != "dots" || info.TempoMS != 700 || info.Total != 12 ||
		info.Scoring.Win != 3 || strings.Join(info.Bots, ",") != "x,y,z" || info.Clock != nil {
		t.Errorf("info %+v", info)
	}
	st := info.Rules.New(1)
	if d, ok := st.(referee.Drawer); !ok || strings.Count(d.SVG(), `<line class="arc`) != (3+1)*4+(4+1)*3 {
		t.Error("the game options are not applied")
	}
	clocked := strings.Replace(cfg, "tempo_ms: 700", "time_control: {base_ms: 60000, inc_ms: 0, moves: 40}", 1)
	if err := os.WriteFile(filepath.Join(dir, resultsdir.ConfigFile), []byte(clocked), 0o644); err != nil {
		t.Fatal(err)
	}
	if info, err = readInfo(dir); err != nil {
		t.Fatal(err)
	}
	if want := (ClockView{Text: "40/60000+0", BaseMS: 60000, Moves: 40}); info.Clock == nil || *info.Clock != want || info.TempoMS != 0 {
		t.Errorf("under a time_control: tempo %d, clock %+v; want 0, %+v", info.TempoMS, info.Clock, want)
	}
}

// readInfo returns the Info of the league whose results are in dir, from
// the config that arena run records there (see arena.ReadResults).
func readInfo(dir string) (Info, error) {
	r, err := arena.ReadResults(dir)
	if err != nil {
		return Info{}, err
	}
	return InfoOf(r.Config), nil
}

// TestNoPageNoMessages checks that a league with no page open makes no
// message (no board drawn, no table computed), that the page that opens
// then starts from a snapshot of every game, and that each tables message
// lists only the games that ended since the last.
func TestNoPageNoMessages(t *testing.T) {
	dir := t.TempDir()
	l := NewLeague(testInfo(dir))
	play := func(id string, seed uint64) {
		initial, rec := record(seed)
		l.Event(arena.Event{Start: &arena.GameStart{ID: id, Round: 1, Seed: seed, White: "a", Black: "b", Initial: initial.Clone()}})
		for _, mr := range rec.Moves {
			l.Event(arena.Event{Move: &arena.MoveEvent{GameID: id, Record: mr}})
		}
		g := finish(t, dir, id, "a", "b", seed)
		l.Event(arena.Event{End: &g})
	}
	play("01-a-b", 1)
	play("01-b-a", 2)
	if len(l.msgs) != 0 {
		t.Fatalf("%d messages kept with no page open, want none", len(l.msgs))
	}
	if _, ok, _ := l.after(1); ok {
		t.Error("a page that saw message 1 resumes with no page open since: want a snapshot")
	}

	unwatch := l.watch()
	defer unwatch()
	snap, id := l.snapshot()
	if len(snap.Tables.Games) != 2 || snap.Tables.Added {
		t.Errorf("snapshot lists %d games (added %v), want both, not added", len(snap.Tables.Games), snap.Tables.Added)
	}
	play("02-a-b", 3)
	msgs, ok, _ := l.after(id)
	if !ok || len(msgs) == 0 {
		t.Fatalf("after the snapshot: %d messages (ok %v), want the third game's", len(msgs), ok)
	}
	last := msgs[len(msgs)-1]
	var tb Tables
	if err := json.Unmarshal(last.data, &tb); err != nil || last.event != "tables" {
		t.Fatalf("last message %s: %v", last.event, err)
	}
	if !tb.Added || len(tb.Games) != 1 || tb.Games[0].ID != "02-a-b" || tb.Progress.Done != 3 {
		t.Errorf("tables message: added %v, games %d, done %d; want only 02-a-b, added, 3 done", tb.Added, len(tb.Games), tb.Progress.Done)
	}
}
