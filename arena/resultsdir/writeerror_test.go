package resultsdir

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
	"testing"

	"github.com/arenabots/arena/results"
)

func TestWriteError(t *testing.T) {
	full := &fs.PathError{Op: "write", Path: "results/l/games.jsonl", Err: syscall.ENOSPC}
	readOnly := &fs.PathError{Op: "open", Path: "/elsewhere/x", Err: syscall.EROFS}
	locked := &results.LockedError{Dir: "results/l"}
	tests := []struct {
		name string
		err  error
		want string // the error line; "" when err stays as it is
	}{
		{"nil", nil, ""},
		{"full disk", fmt.Errorf("journal: append game 01-a-b: %w", full),
			"results/l: no space left on device (write games.jsonl): free space on that disk, or move the directory to another disk and set out: to it; then run the same command again: a league resumes where it stopped, no recorded game lost"},
		{"quota", syscall.EDQUOT,
			"results/l: disk quota exceeded: free space on that disk, or move the directory to another disk and set out: to it; then run the same command again: a league resumes where it stopped, no recorded game lost"},
		{"read-only", readOnly,
			"results/l: read-only file system (open /elsewhere/x): check that disk and that it is writable, or move the directory to another disk and set out: to it; then run the same command again: a league resumes where it stopped, no recorded game lost"},
		{"not a write", errors.New("game 01-a-b: bad result"), ""},
		{"locked", locked, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := WrapWrite("results/l", tt.err)
			var we *WriteError
			if tt.want == "" {
				if got != tt.err {
					t.Errorf("WrapWrite(%v) = %v, want it unchanged", tt.err, got)
				}
				return
			}
			if !errors.As(got, &we) || !errors.Is(got, tt.err) {
				t.Fatalf("WrapWrite(%v) = %#v, want a *WriteError wrapping it", tt.err, got)
			}
			if got.Error() != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if again := WrapWrite("results/l", got); again != got {
				t.Errorf("a *WriteError wrapped again: %v", again)
			}
		})
	}
}
