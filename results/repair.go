package results

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"
)

// Repair is what RepairJournal did to a journal.
type Repair struct {
	// Removed are the lines moved out of the journal: the damaged lines and
	// a torn last line, in file order.
	Removed []DamagedLine
	// Games is how many games the journal holds after the repair.
	Games int
	// Backup is the copy of the journal as it was, and Moved the file that
	// holds the removed lines, one per line; both are "" when the journal
	// needed no repair and was left alone.
	Backup, Moved string
}

// RepairJournal makes the journal at path one that OpenJournal accepts
// again: it moves every damaged line, and a torn last line, out of it. It
// first keeps a copy of the journal as it is (path.bak-<time>) and the
// removed lines (path.damaged-<time>, named after now), then replaces the
// journal atomically with its valid lines, so a crash at any point loses
// nothing. A journal without damage is left alone. The caller holds the
// directory's Lock.
func RepairJournal(path string, now time.Time) (Repair, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Repair{}, fmt.Errorf("repair journal: %w", err)
	}
	p := parseJournal(path, data)
	r := Repair{Removed: p.damaged, Games: len(p.games)}
	if p.torn != nil {
		r.Removed = append(r.Removed, *p.torn)
	}
	if len(r.Removed) == 0 && p.keep == len(data) {
		return r, nil // blank lines and a missing last newline do no harm
	}
	var kept strings.Builder
	for _, l := range p.lines {
		kept.WriteString(l)
		kept.WriteByte('\n')
	}
	r.Backup, r.Moved = path+".bak-"+stamp(now), path+".damaged-"+stamp(now)
	if err := WriteFileAtomic(r.Backup, data); err != nil {
		return Repair{}, fmt.Errorf("repair journal: keep a copy: %w", err)
	}
	var moved strings.Builder
	for _, d := range r.Removed {
		moved.WriteString(d.Text)
		moved.WriteByte('\n')
	}
	if err := WriteFileAtomic(r.Moved, []byte(moved.String())); err != nil {
		return Repair{}, fmt.Errorf("repair journal: keep the removed lines: %w", err)
	}
	if err := WriteFileAtomic(path, []byte(kept.String())); err != nil {
		return Repair{}, fmt.Errorf("repair journal: %w", err)
	}
	return r, nil
}

// Aside is what SetAside moved out of a journal.
type Aside struct {
	// Games are the games moved out, in journal order.
	Games []Entry
	// File holds their lines, one per line; "" when none was moved.
	File string
}

// SetAside moves the games of the journal at path for which drop is true
// out of it, into path.superseded-<time> (named after now), then replaces
// the journal atomically with the other lines, so that a crash at any
// point loses no game: a league whose bot changed plays that bot's games
// again. A journal with damaged lines is refused (a *DamagedError: repair
// it first); a torn last line is cut off and kept, as OpenJournal does. No
// journal, or no game to drop, leaves everything alone. The caller holds
// the directory's Lock.
func SetAside(path string, drop func(Entry) bool, now time.Time) (Aside, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Aside{}, nil
	}
	if err != nil {
		return Aside{}, fmt.Errorf("set games aside: %w", err)
	}
	p := parseJournal(path, data)
	if len(p.damaged) > 0 {
		return Aside{}, &DamagedError{Path: path, Lines: p.damaged}
	}
	var a Aside
	var kept, moved strings.Builder
	for i, g := range p.games {
		b := &kept
		if drop(g) {
			a.Games, b = append(a.Games, g), &moved
		}
		b.WriteString(p.lines[i])
		b.WriteByte('\n')
	}
	if len(a.Games) == 0 {
		return Aside{}, nil
	}
	if p.torn != nil {
		if err := WriteFileAtomic(path+".torn-"+stamp(now), []byte(p.torn.Text)); err != nil {
			return Aside{}, fmt.Errorf("set games aside: keep torn last line: %w", err)
		}
	}
	a.File = path + ".superseded-" + stamp(now)
	for n := 2; fileExists(a.File); n++ { // two resumes in a second
		a.File = fmt.Sprintf("%s.superseded-%s-%d", path, stamp(now), n)
	}
	if err := WriteFileAtomic(a.File, []byte(moved.String())); err != nil {
		return Aside{}, fmt.Errorf("set games aside: %w", err)
	}
	if err := WriteFileAtomic(path, []byte(kept.String())); err != nil {
		return Aside{}, fmt.Errorf("set games aside: %w", err)
	}
	return a, nil
}

// fileExists reports whether anything is at path.
func fileExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
