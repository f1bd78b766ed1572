package ladder

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/arenabots/arena/arena/lispimage"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
)

// Ladder is an open ladder: its options, its database and what its
// process does now (see api.go for its methods).
type Ladder struct {
	dir    string
	cfg    Config
	opt    Options
	db     *sql.DB
	rules  referee.Game
	images *lispimage.Cache

	// uploads serializes the uploads' numbering of versions.
	uploads sync.Mutex

	mu       sync.Mutex
	subs     map[chan Event]struct{}
	busy     int
	queued   int
	standing *standingsCache
	// change is closed when the ladder changes (a version, a group, a
	// game), then replaced: the slots that wait for something to play
	// wait on it.
	change chan struct{}
}

func open(dir string, opt Options) (*Ladder, error) {
	cfg, err := LoadConfig(filepath.Join(dir, ConfigFile))
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, DBFile)); err != nil {
		return nil, fmt.Errorf("%s: no ladder here (%v): make one with arena ladder init", dir, err)
	}
	rules, err := games.Configure(cfg.GameName, cfg.GameOptions)
	if err != nil {
		return nil, fmt.Errorf("%s: game: %w", ConfigFile, err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "tmp"), 0o755); err != nil {
		return nil, err
	}
	db, err := openDB(filepath.Join(dir, DBFile))
	if err != nil {
		return nil, err
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Slots <= 0 {
		opt.Slots = cfg.Slots
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	l := &Ladder{dir: abs, cfg: cfg, opt: opt, db: db, rules: rules, change: make(chan struct{}), subs: map[chan Event]struct{}{}}
	if imgDir, err := lispimage.DefaultDir(); err == nil {
		l.images = &lispimage.Cache{Dir: imgDir}
	}
	return l, nil
}

func (l *Ladder) close() error { return l.db.Close() }

// Dir returns the ladder's folder.
func (l *Ladder) Dir() string { return l.dir }

// Config returns the ladder's options.
func (l *Ladder) Config() Config { return l.cfg }

// changed tells the scheduler and the standings that the ladder changed.
func (l *Ladder) changed() {
	l.mu.Lock()
	l.standing = nil
	close(l.change)
	l.change = make(chan struct{})
	l.mu.Unlock()
}

// changes returns a channel closed at the ladder's next change.
func (l *Ladder) changes() <-chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.change
}

func (l *Ladder) subscribe() (<-chan Event, func()) {
	ch := make(chan Event, 64)
	l.mu.Lock()
	l.subs[ch] = struct{}{}
	l.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			l.mu.Lock()
			delete(l.subs, ch)
			l.mu.Unlock()
			close(ch)
		})
	}
}

// publish tells every subscriber of e; a subscriber whose channel is
// full misses it.
func (l *Ladder) publish(e Event) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for ch := range l.subs {
		select {
		case ch <- e:
		default:
		}
	}
}

func (l *Ladder) status() State {
	frozen, _ := meta(l.db, "frozen_at")
	l.mu.Lock()
	defer l.mu.Unlock()
	return State{Queued: l.queued, Busy: l.busy, Slots: l.opt.Slots, Frozen: frozen != ""}
}

// errNoGroup is a group not in the roster.
func errNoGroup(name string) error { return fmt.Errorf("group %q: %w", name, ErrNotFound) }

// isNoRows reports whether err says a query found nothing.
func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
