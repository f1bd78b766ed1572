package results

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "standings.txt")
	for _, content := range []string{"first\n", "second, longer\n", ""} {
		if err := WriteFileAtomic(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != content {
			t.Errorf("got %q, %v; want %q", got, err, content)
		}
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v; want 0644", fi.Mode(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if err := WriteFileAtomic(filepath.Join(dir, "missing", "x"), nil); err == nil {
		t.Error("write into a missing directory succeeded")
	}
}

// TestWriteAtomic checks that a streamed write replaces the file whole, and
// that a failed one leaves the old file and no temporary file behind.
func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.html")
	if err := WriteFileAtomic(path, []byte("old\n")); err != nil {
		t.Fatal(err)
	}
	failure := errors.New("the writer failed")
	tests := []struct {
		name  string
		write func(io.Writer) error
		err   error
		want  string
	}{
		{"in pieces", func(w io.Writer) error {
			for range 3 {
				if _, err := io.WriteString(w, strings.Repeat("x", 5000)); err != nil {
					return err
				}
			}
			return nil
		}, nil, strings.Repeat("x", 15000)},
		{"failed halfway", func(w io.Writer) error {
			io.WriteString(w, "half")
			return failure
		}, failure, strings.Repeat("x", 15000)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := WriteAtomic(path, tc.write); !errors.Is(err, tc.err) {
				t.Errorf("error %v, want %v", err, tc.err)
			}
			if got, err := os.ReadFile(path); err != nil || string(got) != tc.want {
				t.Errorf("file holds %d bytes (%v), want %d", len(got), err, len(tc.want))
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("temporary files left behind: %v", entries)
			}
		})
	}
}
