package resultsdir

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// Lock takes the lock of the results directory out and warns of a lock
// taken over from a run that died holding it.
func Lock(out string, warn func(string)) (*results.Lock, error) {
	lock, err := results.LockDir(out)
	if err != nil {
		return nil, WrapWrite(out, err)
	}
	if h := lock.Stale(); h != nil {
		warn(fmt.Sprintf("%s: took over the lock of a run that ended without releasing it (%s)", out, h))
	}
	return lock, nil
}

// OpenJournal opens the journal of the results directory out for appending
// and warns of a torn last line that it cut off. A damaged journal is
// refused with the command that repairs it.
func OpenJournal(out string, warn func(string)) (*results.Journal, error) {
	j, err := results.OpenJournal(filepath.Join(out, results.JournalName))
	var damaged *results.DamagedError
	if errors.As(err, &damaged) {
		return nil, fmt.Errorf("%w; arena adds no game to a damaged journal: 'arena journal repair %s' moves the damaged lines out and keeps a copy of the journal", err, out)
	}
	if err != nil {
		return nil, WrapWrite(out, err)
	}
	if j.Torn() > 0 {
		warn(fmt.Sprintf("%s: cut off a torn last line (%d bytes, a game cut short by a crash; it is played again), kept in %s", j.Path(), j.Torn(), j.TornFile()))
	}
	return j, nil
}

// WriteGame writes game g's move logs (its moves' lines) under out, the
// results directory of journal j, and then its journal line, so that a game in the journal
// always has its move logs. rules is the game played. A game that is not a
// result (see results.Entry.Validate), such as a bad one from a worker,
// leaves nothing. A failed write is a *WriteError, and the game does not
// count.
func WriteGame(out string, j *results.Journal, g results.Entry, moves []results.MoveLine, rules referee.Game) error {
	if err := g.Validate(); err != nil {
		return err
	}
	if err := results.WriteMoveLog(out, g, moves, rules); err != nil {
		return WrapWrite(out, err)
	}
	return WrapWrite(out, j.Append(g))
}

// Recorder records games played one at a time outside a league, such as
// those of arena play, in a results directory, as a league records its
// games: the move logs, then the journal line, by the directory's one
// writer. The standings, crosstable and replay commands read that
// directory as a league's.
type Recorder struct {
	dir  string
	lock *results.Lock
	j    *results.Journal
}

// OpenRecorder takes the lock of the results directory dir, creating it if
// needed, and opens its journal. warn is told of a lock taken over from a
// dead run and of a torn last line cut off the journal. It returns a
// *results.LockedError when another process writes dir.
func OpenRecorder(dir string, warn func(string)) (*Recorder, error) {
	lock, err := Lock(dir, warn)
	if err != nil {
		return nil, err
	}
	j, err := OpenJournal(dir, warn)
	if err != nil {
		lock.Unlock()
		return nil, err
	}
	return &Recorder{dir: dir, lock: lock, j: j}, nil
}

// Record records a game that the referee ended with rec, played from
// initial, the board of seed, between white and black from start to end.
// The game's id is "NN-WHITE-BLACK", NN the game's number in the journal
// and its round, and the names cut to what a file name takes, e.g.
// "03-human-builtin-greedy". An interrupted game is not a result: Record
// refuses it.
func (r *Recorder) Record(seed uint64, white, black string, initial referee.State, rec referee.Record, start, end time.Time) (results.Entry, error) {
	n := len(r.j.Games()) + 1
	id := gameID(n, white, black)
	for r.j.Has(id) {
		n++
		id = gameID(n, white, black)
	}
	g := results.FromRecord(id, n, seed, white, black, rec, start, end)
	lines, err := results.MoveLines(g, initial, rec)
	if err != nil {
		return g, fmt.Errorf("move log of %s: %w", id, err)
	}
	return g, WriteGame(r.dir, r.j, g, lines, initial.Game())
}

// Dir returns the results directory.
func (r *Recorder) Dir() string { return r.dir }

// Close closes the journal and releases the directory's lock.
func (r *Recorder) Close() error {
	err := r.j.Close()
	if uerr := r.lock.Unlock(); err == nil {
		err = uerr
	}
	return err
}

// gameID returns the id of game n between white and black.
func gameID(n int, white, black string) string {
	return fmt.Sprintf("%02d-%s-%s", n, idName(white), idName(black))
}

// idName returns name with every character but letters, digits, '.', '_'
// and '-' made a '-', and no leading '.' or '-': "builtin:random,seed=3"
// becomes "builtin-random-seed-3".
func idName(name string) string {
	s := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			return r
		}
		return '-'
	}, name)
	if s = strings.TrimLeft(s, ".-"); s == "" {
		return "bot"
	}
	return s
}
