package webladder

import (
	"net/http"
	"slices"

	"github.com/arenabots/arena/course/ladder"
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/results"
	"github.com/arenabots/arena/web"
)

// What the pages show, as JSON. Every text a student sent (names, file
// names, reasons, stderr, loading output) is made inert here (see package
// inert) and shown by the page with textContent: never markup.

// lastGames is how many of the last games the ladder's page lists.
const lastGames = 20

// ladderView is the ladder's page: what everyone sees.
type ladderView struct {
	State     ladder.State      `json:"state"`
	Standings []ladder.Standing `json:"standings"`
	// Chart is the ratings with their 95% intervals (web.RatingChart).
	Chart string        `json:"chart"`
	Games []ladder.Game `json:"games"` // the last games, newest first
}

// ladderData answers GET /data/ladder.
func (p *pages) ladderData(w http.ResponseWriter, _ *http.Request) {
	v, err := p.ladderView()
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, v)
}

// ladderView returns the ladder's page.
func (p *pages) ladderView() (ladderView, error) {
	rows, err := p.src.Standings()
	if err != nil {
		return ladderView{}, err
	}
	games, err := p.src.Games("", lastGames)
	if err != nil {
		return ladderView{}, err
	}
	v := ladderView{State: p.src.Status(), Standings: orEmpty(rows), Games: orEmpty(games)}
	var chart []results.Row
	for i, r := range v.Standings {
		r.Group, r.Display = inert.Line(r.Group), inert.Line(r.Display)
		v.Standings[i] = r
		chart = append(chart, results.Row{Bot: r.Group, Display: r.Display, Elo: r.Rating, EloMargin: r.Margin, Rated: r.Games > 0})
	}
	v.Chart = web.RatingChart(chart)
	for i, g := range v.Games {
		v.Games[i] = shownGame(g)
	}
	return v, nil
}

// groupView is a group's page.
type groupView struct {
	ladder.GroupView
	Versions []versionView `json:"versions"`
	// Chart is the group's rating over time, each version's span marked.
	Chart string `json:"chart"`
	// Mine says the session may see the group's logs; Upload that it may
	// upload for the group (it is the group's).
	Mine   bool `json:"mine"`
	Upload bool `json:"upload"`
}

// versionView is a version, with its board where it failed.
type versionView struct {
	ladder.Version
	Warnings []warningView `json:"warnings,omitempty"`
	// Board draws the position it failed on (the version's Board), ""
	// when there is none or it cannot be drawn.
	Board string `json:"board,omitempty"`
}

// warningView is a warning, with its board.
type warningView struct {
	ladder.Warning
	Board string `json:"board,omitempty"`
}

// groupData answers GET /data/group/{group}: the group's page as the
// session sees it (its logs only for the group itself and the lecturer).
func (p *pages) groupData(w http.ResponseWriter, r *http.Request) {
	ss, _ := p.sessions.of(r)
	v, err := p.groupView(r.PathValue("group"), ss.who)
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, v)
}

// groupView returns group's page as who may see it.
func (p *pages) groupView(group string, who ladder.Principal) (groupView, error) {
	g, err := p.src.Group(group, who)
	if err != nil {
		return groupView{}, err
	}
	mine := who.CanSee(g.Group)
	v := groupView{GroupView: g, Mine: mine, Upload: who.Group == g.Group && !g.Disabled, Chart: historyChart(g.History)}
	v.Group, v.Display = inert.Line(g.Group), inert.Line(g.Display)
	v.History, v.Games = orEmpty(g.History), orEmpty(g.Games)
	for i, gg := range v.Games {
		gg.Game = shownGame(gg.Game)
		gg.Opponent = inert.Line(gg.Opponent)
		v.Games[i] = gg
	}
	if m := g.Match; m != nil {
		c := *m
		c.Text = inert.Line(c.Text)
		v.Match = &c
	}
	v.Versions = []versionView{}
	for _, ver := range g.Versions {
		v.Versions = append(v.Versions, p.versionView(ver, mine))
	}
	v.GroupView.Versions = nil // shown as v.Versions
	return v, nil
}

// versionView returns ver as the page shows it: with its logs and board
// when mine (the session may see the group's logs), else without them.
func (p *pages) versionView(ver ladder.Version, mine bool) versionView {
	if !mine {
		ver = ladder.Version{Group: ver.Group, Version: ver.Version, Status: ver.Status, Uploaded: ver.Uploaded, Same: ver.Same,
			Games: ver.Games, Rating: ver.Rating, Margin: ver.Margin, Active: ver.Active}
	}
	ver.Group, ver.Reason, ver.TimeUse = inert.Line(ver.Group), inert.Line(ver.Reason), inert.Line(ver.TimeUse)
	ver.Stderr, ver.Load, ver.Answer = inert.Text(ver.Stderr), inert.Text(ver.Load), inert.Text(ver.Answer)
	if len(ver.Conventions) > 0 {
		c := map[string]string{}
		for k, x := range ver.Conventions {
			c[inert.Line(k)] = inert.Line(x)
		}
		ver.Conventions = c
	}
	board := p.board(string(ver.Board))
	ver.Position, ver.Board = inert.Line(ver.Position), nil // the page draws Board
	v := versionView{Version: ver, Board: board}
	for _, w := range ver.Warnings {
		wv := warningView{Warning: w, Board: p.board(w.Position)}
		wv.Text, wv.Output, wv.Position = inert.Line(w.Text), inert.Text(w.Output), inert.Text(w.Position)
		v.Warnings = append(v.Warnings, wv)
	}
	v.Version.Warnings = nil // shown as v.Warnings
	return v
}

// board draws position, a position file of the ladder's game; "" when
// there is none, or it cannot be read or drawn.
func (p *pages) board(position string) string {
	if position == "" || p.opt.Rules == nil {
		return ""
	}
	st, err := p.opt.Rules.Decode([]byte(position))
	if err != nil {
		return ""
	}
	return web.Board(st)
}

// shownGame returns g with the texts in it made inert.
func shownGame(g ladder.Game) ladder.Game {
	g.White, g.Black, g.Reason = inert.Line(g.White), inert.Line(g.Black), inert.Line(g.Reason)
	return g
}

// adminView is the lecturer's view: every group, and the ladder's state.
type adminView struct {
	State     ladder.State      `json:"state"`
	Standings []ladder.Standing `json:"standings"`
}

// adminData answers GET /data/admin, for the lecturer only.
func (p *pages) adminData(w http.ResponseWriter, r *http.Request) {
	ss, ok := p.sessions.of(r)
	if !ok || !ss.who.Admin {
		http.Error(w, "the lecturer's view: log in with the lecturer's token", http.StatusForbidden)
		return
	}
	v, err := p.adminView()
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, v)
}

// adminView returns the lecturer's view.
func (p *pages) adminView() (adminView, error) {
	v, err := p.ladderView()
	return adminView{State: v.State, Standings: v.Standings}, err
}

// orEmpty returns s, or an empty slice for nil: the page reads [] where
// nothing is, never null.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return slices.Clone(s)
}
