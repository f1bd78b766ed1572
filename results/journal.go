package results

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/arenabots/arena/internal/inert"
)

// JournalName is the journal's file name in a league's output directory.
const JournalName = "games.jsonl"

// Journal is a league's games.jsonl opened for appending: the record of every
// finished game, one JSON line each, in the order they finished.
//
// A game counts once its line is on disk: Append marshals the game, ends the
// line and hands it to the file in one write on a file opened for appending,
// then syncs the file before it returns. So after a crash the file holds every
// game Append reported, plus at most one torn (partial) last line, which
// OpenJournal cuts off and keeps in a side file. Resuming a league means
// skipping the ids the journal Has; the torn game, never reported, is simply
// played again.
//
// A Journal is safe for concurrent use. Only one process may write a
// journal: a writer holds its directory's Lock (see LockDir) first.
type Journal struct {
	path     string
	torn     int
	tornFile string

	mu    sync.Mutex
	f     *os.File // nil once closed
	size  int64    // bytes of complete lines; the next line goes here
	games []Entry
	ids   map[string]bool
	err   error // a failed append that could not be undone; appends refuse
}

// DamagedLine is a line of a journal that holds no game the journal can
// count: bytes that do not parse (two writers interleaved, a disk fault), an
// invalid game, or a game already recorded on an earlier line.
type DamagedLine struct {
	File string
	Line int    // 1-based
	Text string // the line as it is in the file, without its newline
	Err  error  // what is wrong with it
}

func (d DamagedLine) Error() string { return fmt.Sprintf("%s:%d: %v", d.File, d.Line, d.Err) }

// DamagedError is OpenJournal's refusal of a journal with damaged lines.
// RepairJournal moves them out.
type DamagedError struct {
	Path  string
	Lines []DamagedLine
}

func (e *DamagedError) Error() string {
	more := ""
	if n := len(e.Lines) - 1; n > 0 {
		more = fmt.Sprintf(" (and %d more)", n)
	}
	return fmt.Sprintf("%v%s: the journal holds lines that are not games", e.Lines[0], more)
}

// OpenJournal opens the journal at path for appending, creating it and its
// directory if needed, and reads the games already in it. A torn last line
// (one without its newline that is not a complete JSON object, or trailing
// NUL bytes left by a crash) is cut off the file and kept in a side file
// (see TornFile); a last line that is complete but lacks its newline gets
// one. Any other bad line makes OpenJournal return a *DamagedError and
// change nothing: a journal is never silently rewritten.
func OpenJournal(path string) (*Journal, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("open journal: %w", err)
	}
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open journal: %w", err)
	}
	j, err := openJournal(path, f, errors.Is(statErr, os.ErrNotExist))
	if err != nil {
		f.Close()
		return nil, err
	}
	return j, nil
}

func openJournal(path string, f *os.File, created bool) (*Journal, error) {
	if created {
		if err := syncDir(filepath.Dir(path)); err != nil {
			return nil, fmt.Errorf("open journal %s: %w", path, err)
		}
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, fmt.Errorf("read journal %s: %w", path, err)
	}
	p := parseJournal(path, data)
	if len(p.damaged) > 0 {
		return nil, &DamagedError{Path: path, Lines: p.damaged}
	}
	j := &Journal{path: path, f: f, games: p.games, ids: make(map[string]bool, len(p.games))}
	for _, g := range p.games {
		j.ids[g.ID] = true
	}
	j.size = int64(p.keep)
	if p.keep < len(data) {
		j.torn = len(data) - p.keep
		j.tornFile = path + ".torn-" + stamp(time.Now())
		if err := WriteFileAtomic(j.tornFile, data[p.keep:]); err != nil {
			return nil, fmt.Errorf("journal %s: keep torn last line: %w", path, err)
		}
		if err := f.Truncate(j.size); err != nil {
			return nil, fmt.Errorf("journal %s: cut torn last line: %w", path, err)
		}
	}
	if p.newline {
		if _, err := f.Write([]byte{'\n'}); err != nil {
			return nil, fmt.Errorf("journal %s: end last line: %w", path, err)
		}
		j.size++
	}
	if j.torn > 0 || p.newline {
		if err := f.Sync(); err != nil {
			return nil, fmt.Errorf("journal %s: %w", path, err)
		}
	}
	return j, nil
}

// ReadJournal returns the games in the journal at path, in order, without
// changing the file, and the damaged lines it skipped (see DamagedLine). A
// torn last line is ignored: it may be a line being written right now. The
// error is about reading the file only.
func ReadJournal(path string) ([]Entry, []DamagedLine, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("read journal: %w", err)
	}
	p := parseJournal(path, data)
	return p.games, p.damaged, nil
}

// Path returns the journal's file name.
func (j *Journal) Path() string { return j.path }

// Torn returns how many bytes of a torn last line OpenJournal cut off the
// file (0 when it was clean), so that callers can report the repair.
func (j *Journal) Torn() int { return j.torn }

// TornFile returns the side file that holds the bytes OpenJournal cut off,
// or "" when it cut nothing.
func (j *Journal) TornFile() string { return j.tornFile }

// Games returns the journal's games in the order they were recorded.
func (j *Journal) Games() []Entry {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]Entry(nil), j.games...)
}

// Has reports whether the game with this id is recorded.
func (j *Journal) Has(id string) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.ids[id]
}

// Append records g: it validates it, refuses an id already recorded, writes
// its line in one write and syncs the file. When Append returns nil the game
// is durable and counts; when it fails the file is left as it was and the
// game does not count. If even that cannot be ensured, the journal refuses
// every later append.
func (j *Journal) Append(g Entry) error {
	if err := g.Validate(); err != nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	line, err := json.Marshal(g)
	if err != nil {
		return fmt.Errorf("journal %s: game %s: %w", j.path, g.ID, err)
	}
	line = inert.JSON(line) // a bot's text, printed, acts on nothing
	// Keep the game as it will read back from disk (times without a
	// monotonic reading), so Games is the same before and after a reopen.
	var stored Entry
	if err := json.Unmarshal(line, &stored); err != nil {
		return fmt.Errorf("journal %s: game %s: %w", j.path, g.ID, err)
	}
	line = append(line, '\n')

	j.mu.Lock()
	defer j.mu.Unlock()
	switch {
	case j.f == nil:
		return fmt.Errorf("journal %s: append game %s: journal is closed", j.path, g.ID)
	case j.err != nil:
		return j.err
	case j.ids[g.ID]:
		return fmt.Errorf("journal %s: game %s is already recorded", j.path, g.ID)
	}
	n, err := j.f.Write(line)
	if err == nil {
		err = j.f.Sync()
	}
	if err != nil {
		if terr := j.f.Truncate(j.size); terr != nil {
			j.err = fmt.Errorf("journal %s: a failed append left a partial line that could not be removed (%v); reopen the journal", j.path, terr)
		}
		return fmt.Errorf("journal %s: append game %s: %w", j.path, g.ID, err)
	}
	j.size += int64(n)
	j.games = append(j.games, stored)
	j.ids[g.ID] = true
	return nil
}

// Close closes the journal's file. Appends after Close fail; Close may be
// called more than once.
func (j *Journal) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f == nil {
		return nil
	}
	err := j.f.Close()
	j.f = nil
	if err != nil {
		return fmt.Errorf("close journal %s: %w", j.path, err)
	}
	return nil
}

// parsed is what parseJournal found in a journal's bytes.
type parsed struct {
	games   []Entry
	lines   []string // the lines of games, in order, without newlines
	damaged []DamagedLine
	torn    *DamagedLine // a torn last line, nil when there is none
	keep    int          // bytes of the file to keep: all but a torn last line
	newline bool         // the last kept line lacks its newline
}

// parseJournal reads the lines of a journal named name. Blank lines are
// skipped. The last line is torn when it has no newline and is not a JSON
// object (a write cut short), and is left out of keep, as are trailing NUL
// bytes (blocks a crash allocated but never wrote). Every other line must be
// a valid Game with an id not seen before, or it is damaged.
func parseJournal(name string, data []byte) parsed {
	var p parsed
	end := len(bytes.TrimRight(data, "\x00"))
	seen := make(map[string]int)
	for pos, lineNo := 0, 1; pos < end; lineNo++ {
		next := end
		complete := false
		if i := bytes.IndexByte(data[pos:end], '\n'); i >= 0 {
			next, complete = pos+i+1, true
		}
		line := bytes.TrimSpace(data[pos:next])
		if len(line) == 0 {
			pos = next
			p.keep = next
			continue
		}
		text := string(bytes.TrimSuffix(data[pos:next], []byte("\n")))
		var g Entry
		err := json.Unmarshal(line, &g)
		if err != nil && !complete {
			p.torn = &DamagedLine{File: name, Line: lineNo, Text: text, Err: errors.New("torn last line (a write cut short)")}
			break // cut at pos
		}
		if err == nil {
			err = g.Validate()
		}
		if first, dup := seen[g.ID]; err == nil && dup {
			err = fmt.Errorf("game %s is recorded twice (first on line %d)", g.ID, first)
		}
		if err != nil {
			p.damaged = append(p.damaged, DamagedLine{File: name, Line: lineNo, Text: text, Err: err})
		} else {
			seen[g.ID] = lineNo
			p.games = append(p.games, g)
			p.lines = append(p.lines, string(line))
		}
		p.keep, p.newline = next, !complete
		pos = next
	}
	return p
}

// stamp formats t for the name of a side file, e.g. 20261123T143005Z.
func stamp(t time.Time) string { return t.UTC().Format("20060102T150405Z") }
