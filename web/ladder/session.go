package webladder

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/arenabots/arena/course/ladder"
	"github.com/arenabots/arena/web"
)

// A group's token is typed once into the login form; what the browser
// keeps is a session: a random id in an HTTP-only cookie, which scripts
// cannot read, and the session's CSRF token, which the page sends with
// every POST. Sessions live in memory: a restart of the server logs
// everyone out, and no token is ever written down by the pages.

// cookieName is the session's cookie.
const cookieName = "ladder_session"

// sessionLife is how long a session lasts from its login.
const sessionLife = 12 * time.Hour

// session is a logged-in browser.
type session struct {
	id      string
	who     ladder.Principal
	csrf    string
	expires time.Time
}

// sessions are the logged-in browsers.
type sessions struct {
	now func() time.Time
	mu  sync.Mutex
	m   map[string]session
}

// newSessions returns an empty set of sessions on the clock now.
func newSessions(now func() time.Time) *sessions {
	return &sessions{now: now, m: map[string]session{}}
}

// start starts a session for who and returns it.
func (s *sessions) start(who ladder.Principal) session {
	now := s.now()
	ss := session{id: randomHex(), who: who, csrf: randomHex(), expires: now.Add(sessionLife)}
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, x := range s.m {
		if !now.Before(x.expires) {
			delete(s.m, id)
		}
	}
	s.m[ss.id] = ss
	return ss
}

// of returns the session of r's cookie, if it has a live one.
func (s *sessions) of(r *http.Request) (session, bool) {
	c, err := r.Cookie(cookieName)
	if err != nil {
		return session{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ss, ok := s.m[c.Value]
	if !ok || !s.now().Before(ss.expires) {
		return session{}, false
	}
	return ss, true
}

// end ends the session id.
func (s *sessions) end(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, id)
}

// randomHex returns 32 random bytes in hex.
func randomHex() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return hex.EncodeToString(b)
}

// login starts a session from the form's token and sends the browser to
// the group's page (the lecturer's view for an admin token, or the form's
// next page when it is one of the pages). A wrong token goes back to the
// page it came from, which says so. Failed logins are limited per address.
func (p *pages) login(w http.ResponseWriter, r *http.Request) {
	addr := web.ClientOf(r)
	back := localPath(r.PostFormValue("next"))
	if !p.limits.loginAllowed(addr) {
		http.Error(w, "too many wrong tokens from your address: wait a few minutes, then try again", http.StatusTooManyRequests)
		return
	}
	who, err := p.src.Authenticate(strings.TrimSpace(r.PostFormValue("token")))
	if errors.Is(err, ladder.ErrUnauthorized) {
		p.limits.loginFailed(addr)
		http.Redirect(w, r, withQuery(back, "login", "failed"), http.StatusSeeOther)
		return
	}
	if err != nil {
		fail(w, err)
		return
	}
	ss := p.sessions.start(who)
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: ss.id, Path: "/", HttpOnly: true, Secure: r.TLS != nil,
		SameSite: http.SameSiteLaxMode, Expires: ss.expires})
	to := "/group/" + url.PathEscape(who.Group)
	if who.Admin {
		to = "/admin"
		if back != "/" {
			to = back
		}
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// logout ends the session and goes back to the ladder.
func (p *pages) logout(w http.ResponseWriter, r *http.Request, ss session) {
	p.sessions.end(ss.id)
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/", HttpOnly: true, MaxAge: -1, SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// withCSRF returns h for a POST of a logged-in browser whose CSRF token
// (the X-CSRF-Token header, or the form's csrf field) is its session's.
func (p *pages) withCSRF(h func(http.ResponseWriter, *http.Request, session)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ss, ok := p.sessions.of(r)
		if !ok {
			http.Error(w, "not logged in, or the session ended: log in again with your token", http.StatusUnauthorized)
			return
		}
		token := r.Header.Get("X-CSRF-Token")
		if token == "" && strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") {
			token = r.PostFormValue("csrf")
		}
		if subtle.ConstantTimeCompare([]byte(token), []byte(ss.csrf)) != 1 {
			http.Error(w, "this request did not come from the ladder's page: reload the page and try again", http.StatusForbidden)
			return
		}
		h(w, r, ss)
	}
}

// localPath returns s when it is a path of these pages ("/group/P13"),
// else "/": a login never sends the browser to another site.
func localPath(s string) string {
	if !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") || strings.ContainsAny(s, "\\\r\n") {
		return "/"
	}
	u, err := url.Parse(s)
	if err != nil || u.Host != "" || u.Scheme != "" {
		return "/"
	}
	return u.Path
}

// withQuery returns path with key=value as its query.
func withQuery(path, key, value string) string {
	return path + "?" + url.Values{key: {value}}.Encode()
}
