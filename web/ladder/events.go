package webladder

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/arenabots/arena/course/ladder"
	"github.com/arenabots/arena/web"
)

// events streams the ladder to a page: a "ladder" message (the ladder's
// page, as GET /data/ladder) first and after every change, and a "group"
// message naming each group whose page changed (a version, a game), for
// a group's page to fetch again. No group's logs go down this stream,
// which anyone may open. Changes that come while a message is written
// are drawn once, in the next.
func (p *pages) events(w http.ResponseWriter, r *http.Request) {
	release, ok := p.limits.acquire(streams, web.ClientOf(r))
	if !ok {
		http.Error(w, "too many pages of the ladder open from your address: close some", http.StatusTooManyRequests)
		return
	}
	defer release()
	changes, stop := p.src.Subscribe()
	defer stop()
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{}) // nothing more is read
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	send := func(event string, v any) bool {
		data, err := json.Marshal(v)
		if err != nil {
			return false
		}
		_ = rc.SetWriteDeadline(time.Now().Add(30 * time.Second)) // a reader that stops reading is cut
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, data); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	fmt.Fprint(w, "retry: 1000\n\n")
	for dirty := true; ; {
		if dirty {
			v, err := p.ladderView()
			if err != nil {
				return
			}
			if !send("ladder", v) {
				return
			}
			dirty = false
		}
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
			_ = rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		case e, ok := <-changes:
			if !ok {
				return
			}
			dirty = true
			for _, g := range groupsOf(e) {
				if !send("group", map[string]string{"group": g}) {
					return
				}
			}
		}
	}
}

// groupsOf returns the groups whose page e changes.
func groupsOf(e ladder.Event) []string {
	var out []string
	if e.Group != "" {
		out = append(out, e.Group)
	}
	if g := e.Played; g != nil {
		for _, x := range []string{g.White, g.Black} {
			if x != "" && x != e.Group {
				out = append(out, x)
			}
		}
	}
	return out
}
