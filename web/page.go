package web

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// firstLoad is the data a served page is drawn from before its event
// stream opens: the leagues and the snapshot of the one shown, so that
// every section is drawn on first load (a screenshot taken at the page's
// load event shows it whole).
type firstLoad struct {
	Leagues  leagueList `json:"leagues"`
	Snapshot *Snapshot  `json:"snapshot,omitempty"`
}

// page serves the page of the league of the league parameter, with its
// data inline (see firstLoad) and its language on the html element.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	first := firstLoad{Leagues: s.leagueList()}
	lang := "en"
	i, err := strconv.Atoi(r.URL.Query().Get("league"))
	if r.URL.Query().Get("league") == "" {
		i, err = 0, nil
	}
	if err == nil && i >= 0 && i < len(s.Leagues) {
		snap, _ := s.Leagues[i].snapshot()
		first.Snapshot, lang = &snap, snap.League.Lang
	}
	data, err := json.Marshal(first) // HTML-safe: <, > and & are escaped
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	page, err := assets.ReadFile("assets/index.html")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	html := strings.NewReplacer(
		`<html lang="en">`, `<html lang="`+lang+`">`,
		`<script src="assets/i18n.js"></script>`, `<script>window.ARENA_FIRST = `+string(data)+`;</script>`+"\n"+`<script src="assets/i18n.js"></script>`,
	).Replace(string(page))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write([]byte(html))
}
