package lispimage

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/host"
)

// TestImagesOff checks that a nil Cache, a bot with image: false and a
// bot of another kind get no image and no error: the spec as it is, but
// for a Lisp bot of a Cache its compiled driver (Driver), which it loads
// from its files, among its Files and its arguments.
func TestImagesOff(t *testing.T) {
	off := false
	s := host.Spec{Name: "p1", Args: []string{"bot", "serve", "lisp"}}
	for _, im := range []*Cache{nil, {Dir: t.TempDir()}} {
		for _, c := range []*lisp.Config{{Files: []string{"/x/jogo.lisp"}, Image: &off}, nil} {
			got, err := im.Apply(context.Background(), s, c)
			want, files := s.Args, []string(nil)
			if d := im.Driver(context.Background()); d != "" && c != nil {
				want, files = append(slices.Clone(s.Args), "driver="+d), []string{d}
			}
			if err != nil || !slices.Equal(got.Args, want) || !slices.Equal(got.Files, files) {
				t.Errorf("Apply = %v %v, %v; want %v %v", got.Args, got.Files, err, want, files)
			}
		}
	}
}

// TestCheckImage checks what arena takes for a saved image, and the
// reason it keeps of a failed build's last line.
func TestCheckImage(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct{ path, want string }{
		{write("core", "LCBS\x00\x00\x00\x00rest"), ""},
		{write("empty", ""), "no image"},
		{write("text", "not a core"), "not an SBCL core"},
		{dir, "not a regular file"},
	} {
		err := checkImage(tc.path)
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("checkImage(%s) = %v, want %q", filepath.Base(tc.path), err, tc.want)
		}
	}
	if got := buildReason("arena: lisp: no saved image: its loading writes dados.txt"); got != "its loading writes dados.txt" {
		t.Errorf("buildReason = %q", got)
	}
}

// TestTrim checks that a build's trim removes the images no game started
// from for MaxAge and the folders of builds killed over a day ago,
// and keeps the rest.
func TestTrim(t *testing.T) {
	im := &Cache{Dir: t.TempDir()}
	now := time.Now()
	for _, f := range []struct {
		name string
		dir  bool
		age  time.Duration
	}{
		{"old.core", false, MaxAge + time.Hour},
		{"used.core", false, MaxAge - time.Hour},
		{"k.build-1", true, 25 * time.Hour},
		{"k.build-2", true, time.Hour},
		{"notes.txt", false, 2 * MaxAge},
	} {
		p := filepath.Join(im.Dir, f.name)
		var err error
		if f.dir {
			err = os.Mkdir(p, 0o755)
		} else {
			err = os.WriteFile(p, nil, 0o444)
		}
		if err == nil {
			err = os.Chtimes(p, now.Add(-f.age), now.Add(-f.age))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := im.trim(now); err != nil {
		t.Fatal(err)
	}
	var left []string
	entries, _ := os.ReadDir(im.Dir)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if want := []string{"k.build-2", "notes.txt", "used.core"}; !slices.Equal(left, want) {
		t.Errorf("left %q, want %q", left, want)
	}
}

// TestTrimAge checks Usage and Trim with an age: the images unused for
// the age go, with their size, and Trim with 0 removes every image.
func TestTrimAge(t *testing.T) {
	im := &Cache{Dir: t.TempDir()}
	if n, size, err := (&Cache{Dir: filepath.Join(im.Dir, "none")}).Usage(); n != 0 || size != 0 || err != nil {
		t.Errorf("Usage of no folder = %d, %d, %v; want none", n, size, err)
	}
	now := time.Now()
	for name, age := range map[string]time.Duration{"old.core": 48 * time.Hour, "new.core": time.Minute, "notes.txt": 48 * time.Hour} {
		path := filepath.Join(im.Dir, name)
		if err := os.WriteFile(path, make([]byte, 1000), 0o444); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	if n, size, err := im.Usage(); n != 2 || size != 2000 || err != nil {
		t.Errorf("Usage = %d, %d, %v; want 2 images, 2000 bytes", n, size, err)
	}
	if n, freed, err := im.Trim(now, 24*time.Hour); n != 1 || freed != 1000 || err != nil {
		t.Errorf("Trim(24h) = %d, %d, %v; want the old image", n, freed, err)
	}
	if n, freed, err := im.Trim(now, 0); n != 1 || freed != 1000 || err != nil {
		t.Errorf("Trim(0) = %d, %d, %v; want the image left", n, freed, err)
	}
	if _, err := os.Stat(filepath.Join(im.Dir, "notes.txt")); err != nil {
		t.Errorf("Trim removed a file that is no image: %v", err)
	}
}

// TestDriverInUseStays: a run that uses a compiled driver older than
// MaxAge brings its time up to date, so that a trim (a build's, before
// this run's bots start with it) keeps it; one no run used goes.
func TestDriverInUseStays(t *testing.T) {
	if _, err := exec.LookPath("sbcl"); err != nil {
		t.Skipf("no sbcl (%v): apt-get install sbcl", err)
	}
	dir := t.TempDir()
	path := (&Cache{Dir: dir}).Driver(t.Context())
	if path == "" {
		t.Fatal("no compiled driver")
	}
	old := time.Now().Add(-MaxAge - time.Hour)
	stale := filepath.Join(dir, "driver-0.fasl") // another SBCL's
	if err := os.WriteFile(stale, []byte("fasl"), 0o444); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, stale} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	im := &Cache{Dir: dir}
	if again := im.Driver(t.Context()); again != path {
		t.Fatalf("the next run's driver %q, want %q", again, path)
	}
	if removed, _, err := im.Trim(time.Now(), MaxAge); err != nil || removed != 1 {
		t.Errorf("Trim removed %d (%v), want the stale driver alone", removed, err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the driver in use was trimmed: %v", err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Errorf("the driver no run used stays")
	}
}
