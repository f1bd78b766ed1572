package web

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strconv"
	"time"
)

//go:embed assets
var assets embed.FS

// keepAlive is how often an idle event stream sends a comment, so that
// proxies and browsers keep it open.
const keepAlive = 15 * time.Second

// Server serves the page of its leagues: read-only, unless Play is set.
type Server struct {
	Leagues []*League
	// Play, when set, lets a person play a bot from the page (arena serve
	// --play).
	Play *Play
	// Hosts are the DNS names the page may be asked for by, besides
	// localhost and IP addresses (see hostAllowed).
	Hosts []string
	// Limits bound connections, requests and games; zero fields take
	// DefaultLimits.
	Limits Limits
}

// Handler returns the server's routes:
//
//	GET  /                          the page
//	GET  /assets/...                its CSS and JavaScript
//	GET  /api/leagues               the leagues' names, and whether play is on
//	GET  /api/snapshot?league=N     everything the page shows, JSON
//	GET  /events?league=N           Server-Sent Events: snapshot, live, tables
//	GET  /api/game?league=N&id=ID   a finished game for the viewer
//	POST /api/play, /api/play/move  a person's game (with Play only)
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	static, _ := fs.Sub(assets, "assets") // the directory is embedded
	mux.Handle("GET /assets/", http.StripPrefix("/assets/", http.FileServerFS(static)))
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("GET /api/leagues", s.leagues)
	mux.HandleFunc("GET /api/snapshot", s.withLeague(func(w http.ResponseWriter, r *http.Request, l *League) {
		snap, _ := l.snapshot()
		writeJSON(w, snap)
	}))
	mux.HandleFunc("GET /events", s.withLeague(s.events))
	mux.HandleFunc("GET /api/game", s.withLeague(func(w http.ResponseWriter, r *http.Request, l *League) {
		v, err := l.gameView(r.URL.Query().Get("id"))
		if errors.Is(err, fs.ErrNotExist) {
			http.Error(w, "no such finished game", http.StatusNotFound)
			return
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		writeJSON(w, v)
	}))
	if s.Play != nil {
		mux.HandleFunc("POST /api/play", s.playStart)
		mux.HandleFunc("POST /api/play/move", s.playMove)
	}
	// Another site's page in the person's browser must not start games or
	// play moves here: non-safe cross-origin requests are refused, and so
	// are requests for a name that is not this server's.
	return s.guard(http.NewCrossOriginProtection().Handler(mux))
}

// leagues lists the leagues for the page's navigation.
func (s *Server) leagues(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, s.leagueList())
}

// leagueList is what GET /api/leagues answers: the leagues, and the bots
// a person may play with their display names.
type leagueList struct {
	Leagues []leagueEntry `json:"leagues"`
	Play    bool          `json:"play"`
	Bots    []string      `json:"bots,omitempty"`
	// Display are the display names of Bots, where they have one.
	Display map[string]string `json:"display,omitempty"`
}

// leagueEntry names one league of leagueList.
type leagueEntry struct {
	Name string `json:"name"`
	Dir  string `json:"dir"`
}

// leagueList returns the leagues for the page's navigation.
func (s *Server) leagueList() leagueList {
	out := leagueList{Play: s.Play != nil}
	for _, l := range s.Leagues {
		out.Leagues = append(out.Leagues, leagueEntry{l.info.Name, l.info.Dir})
	}
	if s.Play != nil {
		out.Bots = s.Play.Bots
		out.Display = s.Play.League.Info().Display
	}
	return out
}

// withLeague resolves the league parameter (an index, 0 by default).
func (s *Server) withLeague(h func(http.ResponseWriter, *http.Request, *League)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		i := 0
		if q := r.URL.Query().Get("league"); q != "" {
			var err error
			if i, err = strconv.Atoi(q); err != nil {
				i = -1
			}
		}
		if i < 0 || i >= len(s.Leagues) {
			http.Error(w, "no such league", http.StatusNotFound)
			return
		}
		h(w, r, s.Leagues[i])
	}
}

// events streams l's messages. A page that reconnects sends the id of the
// last message it saw (Last-Event-ID) and gets the messages after it, or a
// snapshot when they are no longer kept; a new page gets a snapshot first.
func (s *Server) events(w http.ResponseWriter, r *http.Request, l *League) {
	// The stream outlives the server's read and write timeouts: nothing
	// more is read, and each write gets its own deadline, so that a
	// reader that stops reading is cut.
	defer l.watch()()
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	writeLimit := s.limits().Write
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	_ = rc.SetWriteDeadline(time.Now().Add(writeLimit))
	fmt.Fprint(w, "retry: 1000\n\n")
	last, err := strconv.ParseInt(r.Header.Get("Last-Event-ID"), 10, 64)
	resume := err == nil
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		var (
			msgs    []message
			changed <-chan struct{}
		)
		if resume {
			msgs, resume, changed = l.after(last)
		}
		if !resume {
			snap, id := l.snapshot()
			data, _ := json.Marshal(snap) // a snapshot always marshals
			var after []message
			after, resume, changed = l.after(id)
			msgs = append([]message{{id: id, event: "snapshot", data: data}}, after...)
		}
		_ = rc.SetWriteDeadline(time.Now().Add(writeLimit))
		for _, m := range msgs {
			fmt.Fprintf(w, "id: %d\nevent: %s\ndata: %s\n\n", m.id, m.event, m.data)
			last = m.id
		}
		if err := rc.Flush(); err != nil {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-changed:
		case <-tick.C:
			_ = rc.SetWriteDeadline(time.Now().Add(writeLimit))
			fmt.Fprint(w, ": keep-alive\n\n")
		}
	}
}

// writeJSON writes v as the response.
func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	if err := json.NewEncoder(w).Encode(v); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
