package web

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// keepMessages is how many of the latest messages a League keeps for pages
// that reconnect; a page further behind gets a snapshot instead. A message
// of a game in play holds its board (tens of KB), so the messages kept are
// the most memory a page open costs: a few seconds of a fast league's.
const keepMessages = 256

// League is what a page shows of one league: its finished games, its games
// in play, and the numbered messages that tell a page what changed, for
// Server-Sent Events. It is fed by a Runner's events (Event) or by the
// journal on disk (Reload, Follow), and is safe for concurrent use.
type League struct {
	info Info
	dir  *arena.Results // the results directory: its move logs, its journal

	mu    sync.Mutex
	games []results.Entry
	ids   map[string]bool
	times map[string][]float64 // each bot's move times in ms
	// cpuTimes are each bot's CPU times per move in ms, where measured.
	cpuTimes map[string][]float64
	live     map[string]*liveGame
	order    []string  // the live games' ids, in the order they started
	base     int       // games finished when pace was last reset
	since    time.Time // when it was
	msgs     []message // the latest messages, oldest first
	next     int64     // the id of the next message
	changed  chan struct{}
	// pages is the number of pages open (watch); with none, no message is
	// made. told is the number of games the tables messages have listed.
	pages int
	told  int
}

// message is one Server-Sent Event.
type message struct {
	id    int64
	event string
	data  []byte
}

// NewLeague returns the view of a league with no game yet.
func NewLeague(info Info) *League {
	return &League{
		info: info, dir: &arena.Results{Dir: info.Dir, Config: info.Config}, ids: map[string]bool{}, times: map[string][]float64{}, cpuTimes: map[string][]float64{},
		live: map[string]*liveGame{}, since: time.Now(), next: 1, changed: make(chan struct{}),
	}
}

// Open returns the view of the league whose results are in dir, with the
// games its journal holds now and its marks (results.Marks).
func Open(dir string) (*League, error) {
	r, err := arena.ReadResults(dir)
	if err != nil {
		return nil, err
	}
	info := InfoOf(r.Config)
	if info.Marks, err = results.ReadMarks(dir); err != nil {
		return nil, err
	}
	l := NewLeague(info)
	l.merge(r.Games)
	l.mu.Lock()
	l.base = len(l.games)
	l.mu.Unlock()
	return l, nil
}

// Info returns what the view knows of its league.
func (l *League) Info() Info { return l.info }

// Reload adds the games of the journal on disk that the view lacks, with
// their move times from their move logs. A league with no journal yet has
// no games; damaged lines are skipped, as arena standings does.
func (l *League) Reload() error {
	disk := *l.dir
	if err := disk.Reload(); err != nil {
		return err
	}
	l.merge(disk.Games)
	return nil
}

// merge adds the games the view lacks, with their move times.
func (l *League) merge(games []results.Entry) {
	l.mu.Lock()
	defer l.mu.Unlock()
	added := false
	for _, g := range games {
		if !l.ids[g.ID] {
			l.addGame(g)
			added = true
		}
	}
	if added {
		l.publishTables("")
	}
}

// Follow reloads the journal every interval, when its size or time
// changed, until ctx is done: for a league that another process is
// writing.
func (l *League) Follow(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	path := filepath.Join(l.info.Dir, results.JournalName)
	var size int64
	var mtime time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		fi, err := os.Stat(path)
		if err != nil || fi.Size() == size && fi.ModTime().Equal(mtime) {
			continue
		}
		if l.Reload() == nil { // a journal being replaced is read on the next tick
			size, mtime = fi.Size(), fi.ModTime()
		}
	}
}

// Event is a Runner's Events callback: it follows the games in play move
// by move and adds each game as it ends.
func (l *League) Event(e arena.Event) {
	switch {
	case e.Warning != "":
	case e.Start != nil:
		l.start(e.Start)
	case e.Move != nil:
		l.move(e.Move.GameID, e.Move.Record)
	case e.End != nil:
		l.finish(e.End.ID, *e.End)
	default: // the run starts: the journal holds what is resumed
		_ = l.Reload()
		l.mu.Lock()
		l.base, l.since = len(l.games), time.Now()
		l.publishTables("")
		l.mu.Unlock()
	}
}

// start begins following a game in play.
func (l *League) start(s *arena.GameStart) {
	l.mu.Lock()
	defer l.mu.Unlock()
	g := &liveGame{ID: s.ID, Round: s.Round, Seed: s.Seed, White: s.White, Black: s.Black, state: s.Initial}
	if c := l.info.Clock; c != nil {
		base := time.Duration(c.BaseMS) * time.Millisecond
		g.clocks = &[2]time.Duration{base, base}
	}
	l.live[s.ID] = g
	l.order = append(l.order, s.ID)
	l.publish("live", func() any { return g.view(&l.info) })
}

// move plays a recorded move on a game in play.
func (l *League) move(id string, mr referee.MoveRecord) {
	l.mu.Lock()
	defer l.mu.Unlock()
	g := l.live[id]
	if g == nil {
		return
	}
	g.play(mr)
	l.publish("live", func() any { return g.view(&l.info) })
}

// finish stops following game id, which ended as g (a person's game gets
// its id in the journal only then), and adds g. A person's game shows its
// last position with the result until the page is reloaded.
func (l *League) finish(id string, g results.Entry) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if lg := l.live[id]; lg != nil && lg.human != 0 {
		l.publish("live", func() any {
			v := lg.view(&l.info)
			v.Legal, v.Choices, v.Result = nil, nil, g.Result
			return v
		})
	}
	delete(l.live, id)
	l.order = slices.DeleteFunc(l.order, func(x string) bool { return x == id })
	if !l.ids[g.ID] {
		l.addGame(g)
	}
	l.publishTables(id)
}

// setHuman marks the side of game id that a person plays.
func (l *League) setHuman(id string, side referee.Side) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if g := l.live[id]; g != nil {
		g.human = side
		l.publish("live", func() any { return g.view(&l.info) })
	}
}

// offer shows the moves a person may play in game id now (nil: none),
// and the places that pick them (see LiveView.Choices).
func (l *League) offer(id string, legal map[string][]string, choices map[string]string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if g := l.live[id]; g != nil {
		g.legal, g.choices = legal, choices
		l.publish("live", func() any { return g.view(&l.info) })
	}
}

// drop stops following game id, which will not be recorded.
func (l *League) drop(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.live, id)
	l.order = slices.DeleteFunc(l.order, func(x string) bool { return x == id })
	l.publishTables(id)
}

// addGame counts a finished game and its bots' move times.
func (l *League) addGame(g results.Entry) {
	l.games = append(l.games, g)
	l.ids[g.ID] = true
	lines, err := l.dir.GameLog(g.ID)
	if err != nil {
		return // a game without its log still counts; its times are unknown
	}
	for _, ln := range lines {
		if ln.Side != "" && !ln.Forced && ln.Bot != "" {
			l.times[ln.Bot] = append(l.times[ln.Bot], ln.TimeMS)
			if ln.CPUMS != nil {
				l.cpuTimes[ln.Bot] = append(l.cpuTimes[ln.Bot], *ln.CPUMS)
			}
		}
	}
}

// publish numbers the message that view makes and wakes the pages waiting
// for one. With no page open it makes none (a league's boards and tables
// cost nothing while nobody watches) and drops the kept messages, so that
// the next page starts from a snapshot. The caller holds l.mu.
func (l *League) publish(event string, view func() any) {
	if l.pages == 0 {
		l.msgs = nil
	} else if data, err := json.Marshal(view()); err == nil { // the views always marshal
		l.msgs = append(l.msgs, message{id: l.next, event: event, data: data})
		if len(l.msgs) > keepMessages {
			l.msgs = slices.Delete(l.msgs, 0, len(l.msgs)-keepMessages)
		}
	}
	l.next++
	close(l.changed)
	l.changed = make(chan struct{})
}

// publishTables publishes the tables after games were added or game ended
// ended: with the games added since the last tables message alone
// (Tables.Added), so that a message does not grow with the league. The
// caller holds l.mu.
func (l *League) publishTables(ended string) {
	added := l.games[l.told:]
	l.told = len(l.games)
	l.publish("tables", func() any {
		t := l.tables(ended, added)
		t.Added = true
		return t
	})
}

// watch counts a page open until the function it returns is called.
func (l *League) watch() (unwatch func()) {
	l.mu.Lock()
	l.pages++
	l.mu.Unlock()
	return func() {
		l.mu.Lock()
		l.pages--
		l.mu.Unlock()
	}
}

// after returns the messages after id, or ok false when the oldest of them
// is no longer kept; and a channel closed at the next message.
func (l *League) after(id int64) (msgs []message, ok bool, changed <-chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	first := l.next
	if len(l.msgs) > 0 {
		first = l.msgs[0].id
	}
	if id >= l.next || id < first-1 {
		return nil, false, l.changed
	}
	i, _ := slices.BinarySearchFunc(l.msgs, id+1, func(m message, id int64) int { return int(m.id - id) })
	return slices.Clone(l.msgs[i:]), true, l.changed
}

// snapshot returns everything the page shows, and the id of the last
// message it includes.
func (l *League) snapshot() (Snapshot, int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := Snapshot{League: l.leagueView(), Tables: l.tables("", l.games)}
	for _, id := range l.order {
		s.Live = append(s.Live, l.live[id].view(&l.info))
	}
	return s, l.next - 1
}

// gameView returns finished game id with its moves and a drawing of each
// position, for the viewer.
func (l *League) gameView(id string) (GameView, error) {
	l.mu.Lock()
	var g results.Entry
	for _, x := range l.games {
		if x.ID == id {
			g = x
		}
	}
	l.mu.Unlock()
	if g.ID == "" {
		return GameView{}, fs.ErrNotExist
	}
	return readGameView(l.dir, g)
}

// readGameView reads game g's move log in dir.
func readGameView(dir *arena.Results, g results.Entry) (GameView, error) {
	lines, err := dir.GameLog(g.ID)
	if err != nil {
		return GameView{}, err
	}
	return GameViewOf(g, lines)
}

// GameViewOf returns finished game g, whose move log is lines, for the
// viewer: each position drawn, the text its bots wrote made inert.
func GameViewOf(g results.Entry, lines []results.MoveLine) (GameView, error) {
	pos, err := results.Positions(lines, games.Lookup)
	if err != nil {
		return GameView{}, err
	}
	v := GameView{Entry: shownGame(g), Seed: strconv.FormatUint(g.Seed, 10)}
	for i, ln := range lines {
		target := ""
		if i > 0 {
			target = moveTarget(pos[i-1], ln.Move)
		}
		ln.Position = nil // the page draws it: SVGs[i]
		v.Moves = append(v.Moves, shownLine(ln))
		v.SVGs = append(v.SVGs, svg(pos[i]))
		v.Targets = append(v.Targets, target)
	}
	return v, nil
}

// moveTarget returns the data-target of the place move is played at in
// st, or "" when st cannot draw itself or move is not legal there.
func moveTarget(st referee.State, move string) string {
	d, ok := st.(referee.Drawer)
	if !ok || move == "" {
		return ""
	}
	m, err := st.ParseMove(move)
	if err != nil || !referee.Legal(st, m) {
		return ""
	}
	return referee.LastTarget(d, m)
}

// SetLang sets the language of l's page and report (see Info.Lang).
func (l *League) SetLang(lang string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.info.Lang = lang
}

// svg draws st, or returns "" for a game that cannot draw itself.
func svg(st referee.State) string {
	if d, ok := st.(referee.Drawer); ok {
		return d.SVG()
	}
	return ""
}

// Games returns the finished games, in the order they were added.
func (l *League) Games() []results.Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.games)
}
