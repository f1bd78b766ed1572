package results

import (
	"fmt"
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
