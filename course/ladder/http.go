package ladder

import "net/http"

// NewAPI returns the ladder's JSON API:
//
//	POST /api/ladder/upload          the archive as the body, Authorization: Bearer TOKEN
//	GET  /api/ladder/standings       every group's row
//	GET  /api/ladder/group/<group>   a group's versions, games and match (its token)
//	GET  /api/ladder/games           the last games
//	GET  /api/ladder/game/<id>       one game and its moves
func NewAPI(l *Ladder) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "not yet", http.StatusNotImplemented)
	})
	return mux
}
