package web

import (
	"io"
	"io/fs"
	"net/http"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// What other pages of arena (the ladder's, web/ladder) take from this
// one, so that every page of arena has one style, one chart, one viewer
// and one guard.

// Assets returns the pages' assets (the folder assets: HTML, CSS,
// JavaScript and the words of every language).
func Assets() fs.FS {
	static, _ := fs.Sub(assets, "assets") // the directory is embedded
	return static
}

// RatingChart draws rows' Bradley–Terry ratings with their 95% error bars
// as SVG, as the league's page draws them; "" when no row is rated.
func RatingChart(rows []results.Row) string { return ratingChart(rows) }

// Board draws st as SVG, or returns "" for a game that cannot draw itself.
func Board(st referee.State) string { return svg(st) }

// WriteGamePage writes one finished game, v, as a self-contained page of
// the viewer (the report's page, its other sections hidden) for a league
// that lv names (its title, language, game and pace); display are the
// bots' display names by name. The page opens the game when its address
// ends in #game= and the game's id.
func WriteGamePage(w io.Writer, v GameView, lv LeagueView, display map[string]string) error {
	g := v.Entry
	if lv.GameName == "" && len(v.Moves) > 0 {
		lv.GameName = v.Moves[0].GameName
	}
	if lv.Name == "" {
		lv.Name = lv.Title
	}
	if display == nil {
		display = map[string]string{}
	}
	snap := Snapshot{
		League: lv,
		Tables: Tables{
			Standings: []results.Row{}, Games: []results.Entry{g}, Display: display,
			Crosstable: CrosstableView{Bots: []string{}, Cells: [][]results.Cell{}},
			Progress:   Progress{Done: 1, Total: 1, ETASecs: -1},
		},
	}
	return writeReportPage(w, snap, "game-only", func(game func(GameView) error) error { return game(v) })
}

// Guard returns h behind the guard of arena serve's page: a request for a
// host name that is not the server's (an IP address, localhost or one of
// hosts) is refused, non-safe cross-origin requests are refused, and no
// request's body may exceed body bytes.
func Guard(h http.Handler, hosts []string, body int64) http.Handler {
	s := &Server{Hosts: hosts, Limits: Limits{Body: body}}
	return s.guard(http.NewCrossOriginProtection().Handler(h))
}

// ClientOf returns the address r came from, without its port: the client
// whose requests a page's per-address limits count.
func ClientOf(r *http.Request) string { return clientOf(r) }
