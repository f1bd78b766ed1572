package web

import (
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"

	"golang.org/x/net/netutil"
)

// Limits bound what the web server gives its visitors, who are not
// trusted: whatever they do, the page may become slow for them, never the
// league short of files or memory.
type Limits struct {
	// Conns is how many connections the server holds at once (each an
	// open file); more wait in the kernel's queue until one closes.
	Conns int
	// Body is the most bytes of a request's body.
	Body int64
	// ReadHeader, Read and Write bound reading a request's header, the
	// whole request, and writing a response; an event stream sets its
	// own deadline before each write instead. Idle is how long a
	// kept-alive connection waits for its next request.
	ReadHeader, Read, Write, Idle time.Duration
	// Games is how many people's games may be in play at once (--play),
	// GamesPerClient how many of them one client (an IP address) may
	// hold.
	Games, GamesPerClient int
	// PlayIdle ends a person's game, its bot stopped and its slot freed,
	// when for this long the person has played no move, whether or not a
	// page of theirs is open: the page says so when the game starts.
	PlayIdle time.Duration
}

// DefaultPlayIdle is how long a person's game waits for a move before it
// ends, whether or not its page is open (arena serve --play-idle).
const DefaultPlayIdle = 10 * time.Minute

// DefaultLimits are the limits of a Server whose Limits are zero.
func DefaultLimits() Limits {
	return Limits{
		Conns: 64, Body: 4 << 10,
		ReadHeader: 10 * time.Second, Read: 30 * time.Second, Write: 30 * time.Second, Idle: 60 * time.Second,
		Games: 8, GamesPerClient: 3, PlayIdle: DefaultPlayIdle,
	}
}

// limits returns s's limits, each zero field the default's.
func (s *Server) limits() Limits {
	l, d := s.Limits, DefaultLimits()
	for _, f := range []struct{ v, d *time.Duration }{{&l.ReadHeader, &d.ReadHeader}, {&l.Read, &d.Read}, {&l.Write, &d.Write}, {&l.Idle, &d.Idle}, {&l.PlayIdle, &d.PlayIdle}} {
		if *f.v <= 0 {
			*f.v = *f.d
		}
	}
	if l.Conns <= 0 {
		l.Conns = d.Conns
	}
	if l.Body <= 0 {
		l.Body = d.Body
	}
	if l.Games <= 0 {
		l.Games = d.Games
	}
	if l.GamesPerClient <= 0 {
		l.GamesPerClient = d.GamesPerClient
	}
	return l
}

// Listen listens on addr (host:port) for s: at most s's Limits.Conns
// connections are accepted at once.
func (s *Server) Listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	return netutil.LimitListener(ln, s.limits().Conns), nil
}

// HTTPServer returns an http.Server of s's Handler with s's timeouts.
func (s *Server) HTTPServer() *http.Server {
	l := s.limits()
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: l.ReadHeader,
		ReadTimeout:       l.Read,
		WriteTimeout:      l.Write,
		IdleTimeout:       l.Idle,
		MaxHeaderBytes:    16 << 10,
	}
}

// guard refuses a request whose Host header is not one of s's (a page of
// another site that a DNS name of its own points here: DNS rebinding) and
// bounds the body of any request.
func (s *Server) guard(h http.Handler) http.Handler {
	limit := s.limits().Body
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.hostAllowed(r.Host) {
			http.Error(w, fmt.Sprintf("this page is not served as %q: use its address, or localhost", r.Host), http.StatusMisdirectedRequest)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		h.ServeHTTP(w, r)
	})
}

// hostAllowed reports whether a request for host (a Host header, with or
// without its port) is for this server: an IP address, localhost, or one
// of s.Hosts. A DNS name that an attacker controls can point to this
// machine, but the browser then sends that name.
func (s *Server) hostAllowed(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	switch {
	case host == "":
		return false
	case net.ParseIP(host) != nil, host == "localhost", strings.HasSuffix(host, ".localhost"):
		return true
	}
	return slices.ContainsFunc(s.Hosts, func(name string) bool { return strings.EqualFold(strings.TrimSuffix(name, "."), host) })
}
