package ladder

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// NewAPI returns the ladder's JSON API, a plain net/http handler:
//
//	POST /api/ladder/upload          the archive as the body; Authorization: Bearer TOKEN;
//	                                 its file name in ?name= or X-Filename (else its bytes tell)
//	GET  /api/ladder/standings       every group's row (anyone)
//	GET  /api/ladder/status          games in play and slots (anyone)
//	GET  /api/ladder/games[?group=G] the last games (anyone)
//	GET  /api/ladder/game/<id>       one game and its moves (anyone)
//	GET  /api/ladder/group/<group>   a group's versions, games and match (its token, or the lecturer's)
//	GET  /api/ladder/group/<group>/files/<version>  its files as uploaded, a tar.gz (the same)
//	POST /api/ladder/disable/<group>?disabled=true|false  (the lecturer's token)
//
// Errors are JSON {"error": "..."} with 400, 401 (no or unknown token),
// 403 (another group's), 404, 413 or 429.
func NewAPI(l *Ladder) http.Handler {
	a := api{l: l}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/ladder/upload", a.upload)
	mux.HandleFunc("GET /api/ladder/standings", a.standings)
	mux.HandleFunc("GET /api/ladder/status", func(w http.ResponseWriter, r *http.Request) { writeJSON(w, l.Status()) })
	mux.HandleFunc("GET /api/ladder/games", a.games)
	mux.HandleFunc("GET /api/ladder/game/{id}", a.game)
	mux.HandleFunc("GET /api/ladder/group/{group}", a.group)
	mux.HandleFunc("GET /api/ladder/group/{group}/files/{version}", a.files)
	mux.HandleFunc("POST /api/ladder/disable/{group}", a.disable)
	return mux
}

type api struct{ l *Ladder }

// uploadTime bounds an upload's request: its archive, the probe and the
// validation games, on a busy machine.
const uploadTime = 10 * time.Minute

// bearer returns the token of r's Authorization header, "" if none.
func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if tok, ok := strings.CutPrefix(h, "Bearer "); ok {
		return strings.TrimSpace(tok)
	}
	return ""
}

func (a api) upload(w http.ResponseWriter, r *http.Request) {
	p, err := a.l.Authenticate(bearer(r))
	if err != nil {
		writeError(w, err)
		return
	}
	if p.Group == "" {
		writeError(w, fmt.Errorf("upload with the group's token, not the lecturer's: %w", ErrBadRequest))
		return
	}
	// The probe and the validation games take longer than a server's
	// usual write timeout: this request sets its own.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(uploadTime))
	rc.SetWriteDeadline(time.Now().Add(uploadTime))
	name := r.URL.Query().Get("name")
	if name == "" {
		name = r.Header.Get("X-Filename")
	}
	body := http.MaxBytesReader(w, r.Body, int64(a.l.cfg.MaxUploadMB)<<20+1)
	v, err := a.l.Upload(r.Context(), p.Group, body, name, nil)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, v)
}

func (a api) standings(w http.ResponseWriter, r *http.Request) {
	st, err := a.l.Standings()
	if err != nil {
		writeError(w, err)
		return
	}
	if st == nil {
		st = []Standing{}
	}
	writeJSON(w, st)
}

func (a api) games(w http.ResponseWriter, r *http.Request) {
	n, _ := strconv.Atoi(r.URL.Query().Get("n"))
	gs, err := a.l.Games(r.URL.Query().Get("group"), n)
	if err != nil {
		writeError(w, err)
		return
	}
	if gs == nil {
		gs = []Game{}
	}
	writeJSON(w, gs)
}

func (a api) game(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		writeError(w, fmt.Errorf("game %q: %w", r.PathValue("id"), ErrNotFound))
		return
	}
	g, err := a.l.Game(id)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, g)
}

func (a api) group(w http.ResponseWriter, r *http.Request) {
	p, err := a.l.Authenticate(bearer(r))
	if err != nil {
		writeError(w, err)
		return
	}
	name := r.PathValue("group")
	if !p.CanSee(name) {
		writeError(w, fmt.Errorf("group %s: %w", name, ErrForbidden))
		return
	}
	gv, err := a.l.Group(name, p)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, gv)
}

func (a api) files(w http.ResponseWriter, r *http.Request) {
	p, err := a.l.Authenticate(bearer(r))
	if err != nil {
		writeError(w, err)
		return
	}
	group := r.PathValue("group")
	v, err := strconv.Atoi(r.PathValue("version"))
	if err != nil {
		writeError(w, fmt.Errorf("version %q: %w", r.PathValue("version"), ErrNotFound))
		return
	}
	if !p.CanSee(group) {
		writeError(w, fmt.Errorf("group %s's files: %w", group, ErrForbidden))
		return
	}
	var b bytes.Buffer
	if err := a.l.Files(group, v, p, &b); err != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/gzip")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", fmt.Sprintf("%s-v%d.tar.gz", group, v)))
	w.Write(b.Bytes())
}

func (a api) disable(w http.ResponseWriter, r *http.Request) {
	p, err := a.l.Authenticate(bearer(r))
	if err != nil {
		writeError(w, err)
		return
	}
	if !p.Admin {
		writeError(w, fmt.Errorf("only the lecturer disables a group: %w", ErrForbidden))
		return
	}
	off, err := strconv.ParseBool(r.URL.Query().Get("disabled"))
	if err != nil {
		writeError(w, fmt.Errorf("disabled: want true or false: %w", ErrBadRequest))
		return
	}
	if err := a.l.SetDisabled(r.PathValue("group"), off); err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, map[string]bool{"disabled": off})
}

// ErrBadRequest is a request the API cannot take as it is (HTTP 400).
var ErrBadRequest = errors.New("bad request")

// StatusOf is the HTTP status of an error of the ladder.
func StatusOf(err error) int {
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(err, ErrUnauthorized):
		return http.StatusUnauthorized
	case errors.Is(err, ErrForbidden), errors.Is(err, ErrDisabled):
		return http.StatusForbidden
	case errors.Is(err, ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, ErrLimit):
		return http.StatusTooManyRequests
	case errors.Is(err, ErrBadRequest):
		return http.StatusBadRequest
	case errors.As(err, &tooBig):
		return http.StatusRequestEntityTooLarge
	}
	return http.StatusInternalServerError
}

func writeError(w http.ResponseWriter, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(StatusOf(err))
	json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(v)
}
