package resultsdir

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"syscall"
)

// WriteError is the error of a run, or of a Recorder, that could not write
// its results directory: the disk is full, read-only or failing. The run
// stops at the first such error, with the games in flight interrupted;
// the game whose write failed is not counted (its journal line is written
// whole or not at all, see results.Journal.Append), so running the league
// again once the disk is fixed resumes where it stopped, every recorded
// game kept and every other game played.
type WriteError struct {
	Dir string // the results directory
	Err error  // the failed write
}

// Error says, in one line, which directory, what failed and the fix.
func (e *WriteError) Error() string {
	what := e.Err.Error()
	var pe *fs.PathError
	if errors.As(e.Err, &pe) {
		path := pe.Path
		if rel, err := filepath.Rel(e.Dir, path); err == nil && filepath.IsLocal(rel) {
			path = rel
		}
		what = fmt.Sprintf("%v (%s %s)", pe.Err, pe.Op, path)
	}
	fix := "check that disk and that it is writable"
	if errors.Is(e.Err, syscall.ENOSPC) || errors.Is(e.Err, syscall.EDQUOT) {
		fix = "free space on that disk"
	}
	return fmt.Sprintf("%s: %s: %s, or move the directory to another disk and set out: to it; then run the same command again: a league resumes where it stopped, no recorded game lost", e.Dir, what, fix)
}

// Unwrap returns the failed write.
func (e *WriteError) Unwrap() error { return e.Err }

// WrapWrite returns err, an error of writing the results directory dir,
// as a *WriteError when a file operation failed (the disk, not the data),
// else err itself; nil stays nil.
func WrapWrite(dir string, err error) error {
	var pe *fs.PathError
	var errno syscall.Errno
	if err == nil || !errors.As(err, &pe) && !errors.As(err, &errno) {
		return err
	}
	var we *WriteError
	if errors.As(err, &we) {
		return err
	}
	return &WriteError{Dir: dir, Err: err}
}
