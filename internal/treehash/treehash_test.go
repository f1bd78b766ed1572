package treehash

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// folder makes a folder of files (name: contents) and links (name:
// "-> target") and returns its path.
func folder(t *testing.T, entries map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, v := range entries {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		var err error
		if target, ok := cutLink(v); ok {
			err = os.Symlink(target, path)
		} else {
			err = os.WriteFile(path, []byte(v), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func cutLink(v string) (string, bool) {
	if len(v) > 3 && v[:3] == "-> " {
		return v[3:], true
	}
	return "", false
}

// TestSumWithoutLinks checks that a folder without links sums as arena's
// keys did before links counted: sha256 of "SUM REL\n" lines.
func TestSumWithoutLinks(t *testing.T) {
	dir := folder(t, map[string]string{"a.lisp": "a", "sub/b.lisp": "b"})
	h := sha256.New()
	for _, f := range []string{"a.lisp", "sub/b.lisp"} {
		sum, err := File(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(h, "%s %s\n", sum, f)
	}
	got, err := Sum(dir, []string{dir})
	if want := hex.EncodeToString(h.Sum(nil)); err != nil || got != want {
		t.Errorf("Sum = %s, %v; want %s", got, err, want)
	}
}

// TestSumLinks checks links: where one leads counts, one out of the view
// is an *OutsideError, one that leads nowhere counts by its text, and a
// skipped folder does not count.
func TestSumLinks(t *testing.T) {
	outside := folder(t, map[string]string{"secret": "s"})
	for _, tc := range []struct {
		name    string
		a, b    map[string]string
		same    bool
		outside bool
	}{
		{name: "link switched", a: map[string]string{"v1": "1", "v2": "2", "l": "-> v1"}, b: map[string]string{"v1": "1", "v2": "2", "l": "-> v2"}},
		{name: "link to a folder switched", a: map[string]string{"d1/x": "1", "d2/x": "1", "l": "-> d1"}, b: map[string]string{"d1/x": "1", "d2/x": "1", "l": "-> d2"}},
		{name: "dangling link changed", a: map[string]string{"l": "-> nowhere1"}, b: map[string]string{"l": "-> nowhere2"}},
		{name: "link out", a: map[string]string{"l": "-> " + filepath.Join(outside, "secret")}, outside: true},
		{name: "link out by ..", a: map[string]string{"sub/l": "-> ../../../../../../../../.." + filepath.Join(outside, "secret")}, outside: true},
		{name: "skipped folder", a: map[string]string{"x": "1", "results/g": "1"}, b: map[string]string{"x": "1", "results/g": "2"}, same: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sum := func(entries map[string]string) (string, error) {
				dir := folder(t, entries)
				return Sum(dir, []string{dir}, filepath.Join(dir, "results"))
			}
			a, err := sum(tc.a)
			var out *OutsideError
			if tc.outside {
				if !errors.As(err, &out) {
					t.Fatalf("Sum = %s, %v; want an *OutsideError", a, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b, err := sum(tc.b)
			if err != nil {
				t.Fatal(err)
			}
			if (a == b) != tc.same {
				t.Errorf("sums %s and %s: same %v, want %v", a, b, a == b, tc.same)
			}
		})
	}
}
