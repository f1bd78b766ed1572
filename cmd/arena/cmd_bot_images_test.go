package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBotImages checks arena bot images: it says how many saved images the
// cache holds and their size, --trim AGE removes those unused for AGE,
// and a negative age is a usage error.
func TestBotImages(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	dir := filepath.Join(cache, "arena", "lisp-images")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-48 * time.Hour)
	for name, when := range map[string]time.Time{"a.core": old, "b.core": time.Now()} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, make([]byte, 2_000_000), 0o444); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, when, when); err != nil {
			t.Fatal(err)
		}
	}
	out, err := arenaOut(t, "bot", "images")
	if flat := strings.Join(strings.Fields(out), " "); err != nil || !strings.Contains(flat, "Lisp images: 2 saved, 4.0 MB in "+dir) {
		t.Errorf("arena bot images: %v\n%s", err, out)
	}
	out, err = arenaOut(t, "bot", "images", "--trim", "24h")
	if err != nil || !strings.Contains(out, "removed 1 saved image(s), 2.0 MB") || !strings.Contains(out, "Lisp images: 1 saved, 2.0 MB") {
		t.Errorf("arena bot images --trim 24h: %v\n%s", err, out)
	}
	_, err = arenaOut(t, "bot", "images", "--trim", "-1h")
	var u usageError
	if !errors.As(err, &u) {
		t.Errorf("--trim -1h: %v, want a usage error", err)
	}
}
