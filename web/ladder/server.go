package webladder

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/arenabots/arena/course/ladder"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/web"
)

// Options configure the pages.
type Options struct {
	// Lang is the pages' language: "en" or "pt"; "": the ladder's (New),
	// else "en".
	Lang string
	// Title is the pages' title; "" is "Ladder" in the pages' language.
	Title string
	// Rules are the ladder's game, which draws the positions a version
	// failed on; nil: New takes the ladder's.
	Rules referee.Game
	// TempoMS and Clock are the ladder's time a move and the clock it
	// charges ("cpu" or "wall"), which the game viewer says; New takes
	// the ladder's.
	TempoMS int
	Clock   string
	// Hosts are the DNS names the pages may be asked for by, besides
	// localhost and IP addresses (as arena serve's --host).
	Hosts []string
	// UploadBytes is the most bytes of an upload; 0: the ladder's
	// max_upload_mb, else DefaultUploadBytes.
	UploadBytes int64
	// LeagueFile is where the freeze button writes the championship's
	// league file; "": New writes DIR/championship.yaml.
	LeagueFile string
	// Limits bound what one address may do at once; zero fields take
	// DefaultLimits'.
	Limits Limits
	// Now is the clock of sessions and limits; nil is time.Now.
	Now func() time.Time
}

// DefaultUploadBytes is the most bytes of an upload by default: more than
// any course project, archived.
const DefaultUploadBytes = 32 << 20

// formBytes is the most bytes of a form's body (login, disable, freeze).
const formBytes = 8 << 10

// keepAlive is how often an idle event stream sends a comment, so that
// proxies and browsers keep it open.
const keepAlive = 15 * time.Second

// source is what the pages ask of the ladder: *ladder.Ladder, or a fake
// in unit tests.
type source interface {
	Authenticate(token string) (ladder.Principal, error)
	Upload(ctx context.Context, group string, archive io.Reader, filename string, progress func(ladder.Stage)) (ladder.Version, error)
	Files(group string, version int, p ladder.Principal, w io.Writer) error
	Standings() ([]ladder.Standing, error)
	Group(name string, p ladder.Principal) (ladder.GroupView, error)
	Games(group string, n int) ([]ladder.Game, error)
	Game(id int64) (ladder.Replay, error)
	Status() ladder.State
	Subscribe() (<-chan ladder.Event, func())
	SetDisabled(group string, disabled bool) error
	Freeze(at time.Time) (ladder.FreezeResult, error)
}

// pages serves the ladder's pages.
type pages struct {
	src      source
	opt      Options
	sessions *sessions
	limits   *limiter
}

// New returns the handler of the ladder's pages and its JSON API:
//
//	GET  /                     the ladder
//	GET  /group/{group}        a group's page
//	GET  /admin                the lecturer's view
//	GET  /game/{id}            a game in the viewer
//	GET  /group/{group}/files/{version}  a version's files, tar.gz (the group's and the lecturer's)
//	GET  /assets/...           CSS, JavaScript, words
//	GET  /data/ladder          the ladder, JSON
//	GET  /data/group/{group}   a group's page, JSON, as the session may see it
//	GET  /data/admin           the lecturer's view, JSON
//	GET  /events               Server-Sent Events: the ladder, and which group changed
//	POST /login, /logout       a session from a token (a form)
//	POST /upload               a group's archive; its validation's stages stream back
//	POST /admin/disable        disable or enable a group
//	POST /admin/freeze         freeze the ladder
//	     /api/ladder/...       the ladder's JSON API (course/ladder's NewAPI)
func New(l *ladder.Ladder, opt Options) (http.Handler, error) {
	cfg := l.Config()
	if opt.Lang == "" {
		opt.Lang = cfg.Lang
	}
	if opt.TempoMS == 0 {
		opt.TempoMS, opt.Clock = cfg.TempoMS, cfg.Clock
	}
	if opt.UploadBytes <= 0 && cfg.MaxUploadMB > 0 {
		opt.UploadBytes = int64(cfg.MaxUploadMB) << 20
	}
	if opt.LeagueFile == "" {
		opt.LeagueFile = filepath.Join(l.Dir(), "championship.yaml")
	}
	if opt.Rules == nil {
		rules, err := games.Configure(cfg.GameName, cfg.GameOptions)
		if err != nil {
			return nil, fmt.Errorf("ladder pages: %w", err)
		}
		opt.Rules = rules
	}
	return newHandler(l, ladder.NewAPI(l), opt)
}

// newHandler returns New's handler of src, with api under /api/ladder/.
func newHandler(src source, api http.Handler, opt Options) (http.Handler, error) {
	switch opt.Lang {
	case "":
		opt.Lang = "en"
	case "en", "pt":
	default:
		return nil, fmt.Errorf("language %q: want en or pt", opt.Lang)
	}
	if opt.UploadBytes <= 0 {
		opt.UploadBytes = DefaultUploadBytes
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	p := &pages{src: src, opt: opt, sessions: newSessions(opt.Now), limits: newLimiter(opt.Limits, opt.Now)}
	mux := http.NewServeMux()
	mux.Handle("GET /assets/", http.StripPrefix("/assets/", http.FileServerFS(web.Assets())))
	mux.HandleFunc("GET /{$}", p.page("ladder"))
	mux.HandleFunc("GET /group/{group}", p.page("group"))
	mux.HandleFunc("GET /admin", p.page("admin"))
	mux.HandleFunc("GET /game/{id}", p.game)
	mux.HandleFunc("GET /group/{group}/files/{version}", p.files)
	mux.HandleFunc("GET /data/ladder", p.ladderData)
	mux.HandleFunc("GET /data/group/{group}", p.groupData)
	mux.HandleFunc("GET /data/admin", p.adminData)
	mux.HandleFunc("GET /events", p.events)
	mux.Handle("POST /login", small(http.HandlerFunc(p.login)))
	mux.Handle("POST /logout", small(p.withCSRF(p.logout)))
	mux.HandleFunc("POST /upload", p.withCSRF(p.upload))
	mux.Handle("POST /admin/disable", small(p.withCSRF(p.disable)))
	mux.Handle("POST /admin/freeze", small(p.withCSRF(p.freeze)))
	mux.Handle("/api/ladder/", api)
	return web.Guard(noStore(mux), opt.Hosts, opt.UploadBytes), nil
}

// small bounds the body of a form's request.
func small(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, formBytes)
		h.ServeHTTP(w, r)
	})
}

// noStore keeps the pages and their data out of caches: a group's page
// holds its logs, and a shared computer's browser must not keep them.
func noStore(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/assets/") {
			w.Header().Set("Cache-Control", "no-store")
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "same-origin")
		h.ServeHTTP(w, r)
	})
}

// fail answers err as plain text with its status.
func fail(w http.ResponseWriter, err error) {
	http.Error(w, err.Error(), ladder.StatusOf(err))
}

// writeJSON writes v as the response.
func writeJSON(w http.ResponseWriter, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(append(data, '\n'))
}
