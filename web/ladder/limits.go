package webladder

import (
	"sync"
	"time"
)

// Limits bound what one address (a client's IP address) may do at once.
// A class behind one NAT shares an address, so they are generous: they
// stop a runaway script, not a class.
type Limits struct {
	// Streams is how many event streams an address may hold open.
	Streams int
	// Uploads is how many uploads an address may have in flight.
	Uploads int
	// Logins is how many wrong tokens an address may send in
	// LoginWindow; more logins are refused until the window ends.
	Logins      int
	LoginWindow time.Duration
}

// DefaultLimits are the limits whose fields are zero.
func DefaultLimits() Limits {
	return Limits{Streams: 200, Uploads: 8, Logins: 30, LoginWindow: 10 * time.Minute}
}

// limiter counts what each address holds.
type limiter struct {
	lim Limits
	now func() time.Time
	mu  sync.Mutex
	// held counts each address's streams and uploads in flight.
	held map[string]*[2]int
	// failed is when each address's window of wrong tokens started, and
	// how many it sent in it.
	failed map[string]failures
}

// failures are an address's wrong tokens in its window.
type failures struct {
	since time.Time
	n     int
}

// The kinds of what an address holds.
const (
	streams = iota
	uploads
)

// newLimiter returns a limiter of lim, its zero fields DefaultLimits',
// on the clock now.
func newLimiter(lim Limits, now func() time.Time) *limiter {
	d := DefaultLimits()
	if lim.Streams <= 0 {
		lim.Streams = d.Streams
	}
	if lim.Uploads <= 0 {
		lim.Uploads = d.Uploads
	}
	if lim.Logins <= 0 {
		lim.Logins = d.Logins
	}
	if lim.LoginWindow <= 0 {
		lim.LoginWindow = d.LoginWindow
	}
	return &limiter{lim: lim, now: now, held: map[string]*[2]int{}, failed: map[string]failures{}}
}

// acquire takes one of addr's streams or uploads (kind) and returns the
// function that gives it back; ok is false when addr holds its limit.
func (l *limiter) acquire(kind int, addr string) (release func(), ok bool) {
	max := l.lim.Streams
	if kind == uploads {
		max = l.lim.Uploads
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	h := l.held[addr]
	if h == nil {
		h = &[2]int{}
		l.held[addr] = h
	}
	if h[kind] >= max {
		return nil, false
	}
	h[kind]++
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if h[kind]--; h[0] == 0 && h[1] == 0 {
			delete(l.held, addr)
		}
	}, true
}

// loginAllowed reports whether addr may try a token now.
func (l *limiter) loginAllowed(addr string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	f, ok := l.failed[addr]
	if ok && !l.now().Before(f.since.Add(l.lim.LoginWindow)) {
		delete(l.failed, addr)
		return true
	}
	return f.n < l.lim.Logins
}

// loginFailed counts a wrong token from addr.
func (l *limiter) loginFailed(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f, ok := l.failed[addr]
	if !ok || !l.now().Before(f.since.Add(l.lim.LoginWindow)) {
		f = failures{since: l.now()}
	}
	f.n++
	l.failed[addr] = f
}
