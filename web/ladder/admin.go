package webladder

import (
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/arenabots/arena/internal/inert"
)

// disable serves POST /admin/disable (the lecturer's): the form's group
// is disabled (disabled=true) or enabled again (disabled=false). Its
// versions leave the scheduling at the next pairing.
func (p *pages) disable(w http.ResponseWriter, r *http.Request, ss session) {
	if !ss.who.Admin {
		http.Error(w, "only the lecturer disables a group", http.StatusForbidden)
		return
	}
	group, off := r.PostFormValue("group"), r.PostFormValue("disabled")
	if group == "" || off != "true" && off != "false" {
		http.Error(w, "want the form's group, and disabled=true or false", http.StatusBadRequest)
		return
	}
	if err := p.src.SetDisabled(group, off == "true"); err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, map[string]any{"group": inert.Line(group), "disabled": off == "true"})
}

// frozen is the answer of a freeze.
type frozen struct {
	// League is the championship's league file; Path where it was
	// written, "" when it was not.
	League      string            `json:"league"`
	Path        string            `json:"path,omitempty"`
	Frozen      map[string]int    `json:"frozen"`
	NotEligible map[string]string `json:"not_eligible"`
	Seed        int64             `json:"seed"`
}

// freeze serves POST /admin/freeze (the lecturer's): what arena ladder
// freeze does, at the form's time (RFC 3339) or now, and the league file
// it wrote.
func (p *pages) freeze(w http.ResponseWriter, r *http.Request, ss session) {
	if !ss.who.Admin {
		http.Error(w, "only the lecturer freezes the ladder", http.StatusForbidden)
		return
	}
	at := p.opt.Now()
	if s := r.PostFormValue("at"); s != "" {
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			http.Error(w, fmt.Sprintf("at %q: want a time such as 2026-12-01T23:59:00Z", inert.Line(s)), http.StatusBadRequest)
			return
		}
		at = t
	}
	res, err := p.src.Freeze(at)
	if err != nil {
		fail(w, err)
		return
	}
	out := frozen{League: inert.Text(string(res.League)), Frozen: res.Frozen, NotEligible: map[string]string{}, Seed: res.Seed}
	for g, why := range res.NotEligible {
		out.NotEligible[g] = inert.Line(why)
	}
	if p.opt.LeagueFile != "" {
		if err := os.WriteFile(p.opt.LeagueFile, res.League, 0o644); err != nil {
			http.Error(w, fmt.Sprintf("write the league file: %v", err), http.StatusInternalServerError)
			return
		}
		out.Path = p.opt.LeagueFile
	}
	writeJSON(w, out)
}
