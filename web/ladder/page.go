package webladder

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/arenabots/arena/course/ladder"
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/results"
	"github.com/arenabots/arena/web"
)

// firstLoad is the data a page is drawn from before its event stream
// opens, inline in the page (as arena serve's page has it), so that the
// page is drawn whole at its load event.
type firstLoad struct {
	// Page is "ladder", "group" or "admin".
	Page  string `json:"page"`
	Lang  string `json:"lang"`
	Title string `json:"title,omitempty"`
	// Group is the group of a group's page.
	Group string `json:"group,omitempty"`
	// Who is the session's group ("" for none or the lecturer), Admin
	// whether it is the lecturer's; CSRF the token its POSTs carry.
	Who   string `json:"who,omitempty"`
	Admin bool   `json:"admin,omitempty"`
	CSRF  string `json:"csrf,omitempty"`
	// Data is the page's data: a ladderView, groupView or adminView.
	Data any `json:"data"`
	// Error says why Data is missing: "forbidden" for the lecturer's
	// view without the lecturer's session, "not found", or the error.
	Error string `json:"error,omitempty"`
}

// page returns the handler of the page kind, with its data inline.
func (p *pages) page(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ss, _ := p.sessions.of(r)
		first := firstLoad{Page: kind, Lang: p.opt.Lang, Title: inert.Line(p.opt.Title), Who: ss.who.Group, Admin: ss.who.Admin, CSRF: ss.csrf}
		var err error
		switch kind {
		case "ladder":
			first.Data, err = p.ladderView()
		case "group":
			first.Group = r.PathValue("group")
			first.Data, err = p.groupView(first.Group, ss.who)
		case "admin":
			if !ss.who.Admin {
				first.Error = "forbidden"
				break
			}
			first.Data, err = p.adminView()
		}
		code := http.StatusOK
		if err != nil {
			code, first.Error = ladder.StatusOf(err), err.Error()
			if errors.Is(err, ladder.ErrNotFound) {
				first.Error = "not found"
			}
		}
		data, err := json.Marshal(first) // HTML-safe: <, > and & are escaped
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		page, err := fs.ReadFile(web.Assets(), "ladder.html")
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		html := strings.NewReplacer(
			`<html lang="en">`, `<html lang="`+p.opt.Lang+`">`,
			`<script src="/assets/i18n.js"></script>`, `<script>window.ARENA_LADDER = `+string(data)+`;</script>`+"\n"+`<script src="/assets/i18n.js"></script>`,
		).Replace(string(page))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(code)
		_, _ = w.Write([]byte(html))
	}
}

// game serves GET /game/{id}: the game in the viewer of arena's pages.
// Its moves are everyone's (the replay, not the code or the logs of a
// group).
func (p *pages) game(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		http.Error(w, "no such game", http.StatusNotFound)
		return
	}
	rp, err := p.src.Game(id)
	if err != nil {
		fail(w, err)
		return
	}
	g, display := replayOf(rp)
	v, err := web.GameViewOf(g, rp.Lines)
	if err != nil {
		fail(w, err)
		return
	}
	title := p.opt.Title
	if title == "" {
		title = "ladder"
	}
	lv := web.LeagueView{Title: inert.Line(title), Lang: p.opt.Lang, TempoMS: p.opt.TempoMS, Charged: p.opt.Clock}
	var page bytes.Buffer
	if err := web.WriteGamePage(&page, v, lv, display); err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(page.Bytes())
}

// replayOf returns the journal line of a ladder game, its id the game's,
// and the display names of its bots: each version by its group and number
// ("P13 v2").
func replayOf(rp ladder.Replay) (results.Entry, map[string]string) {
	g := rp.Entry
	g.ID = strconv.FormatInt(rp.ID, 10)
	display := map[string]string{
		g.White: inert.Line(fmt.Sprintf("%s v%d", rp.White, rp.WhiteVersion)),
		g.Black: inert.Line(fmt.Sprintf("%s v%d", rp.Black, rp.BlackVersion)),
	}
	return g, display
}

// files serves GET /group/{group}/files/{version}: the version's files as
// unpacked at its upload, a tar.gz, for the group and the lecturer only.
func (p *pages) files(w http.ResponseWriter, r *http.Request) {
	group := r.PathValue("group")
	version, err := strconv.Atoi(r.PathValue("version"))
	if err != nil || !groupName.MatchString(group) {
		http.Error(w, "no such version", http.StatusNotFound)
		return
	}
	ss, _ := p.sessions.of(r)
	if !ss.who.CanSee(group) {
		http.Error(w, "a group's files are the group's: log in with its token", http.StatusForbidden)
		return
	}
	var b bytes.Buffer
	if err := p.src.Files(group, version, ss.who, &b); err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/gzip")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-v%d.tar.gz"`, group, version))
	_, _ = w.Write(b.Bytes())
}

// groupName is what a group's name may be (the roster's rule), so that it
// can name a file.
var groupName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
