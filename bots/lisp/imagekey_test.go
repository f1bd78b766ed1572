package lisp

import (
	"os"
	"path/filepath"
	"testing"
)

// TestImageKeyCovers checks that a saved image's key changes with
// everything that can change what loading the bot does: its files and a
// file beside them, a symbolic link switched, its environment, its
// arguments and settings; and not with nothing. It reads no SBCL.
func TestImageKeyCovers(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("jogo.lisp", "(load \"brain.lisp\") (defun jogar (e tempo) nil)")
	write("v1.lisp", "(defun avalia () 1)")
	write("v2.lisp", "(defun avalia () 2)")
	link := filepath.Join(dir, "brain.lisp")
	if err := os.Symlink("v1.lisp", link); err != nil {
		t.Fatal(err)
	}
	base := Config{Files: []string{filepath.Join(dir, "jogo.lisp")}}
	env := []string{"X=ok"}
	key := func(c Config, env []string) string {
		t.Helper()
		k, err := ImageKey(c, env, "SBCL 2.2.9")
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	before := key(base, env)
	if again := key(base, env); again != before {
		t.Errorf("the image key changed with nothing: %s, then %s", before, again)
	}
	for _, tc := range []struct {
		name   string
		change func() (Config, []string)
	}{
		{"env", func() (Config, []string) { return base, []string{"X=crash"} }},
		{"env added", func() (Config, []string) { return base, append(env, "Y=1") }},
		{"heap_mb", func() (Config, []string) { c := base; c.HeapMB = 512; return c, env }},
		{"tempo_scale", func() (Config, []string) { c := base; c.TempoScale = 1000; return c, env }},
		{"package", func() (Config, []string) { c := base; c.Package = "P1"; return c, env }},
		{"state", func() (Config, []string) { c := base; c.State = "board-player"; return c, env }},
		{"index_base", func() (Config, []string) { c := base; c.IndexBase = 1; return c, env }},
		// Last, since they change the folder for good.
		{"a link switched", func() (Config, []string) {
			if err := os.Remove(link); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("v2.lisp", link); err != nil {
				t.Fatal(err)
			}
			return base, env
		}},
		{"a file beside", func() (Config, []string) {
			write("notes.txt", "x")
			return base, env
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if after := key(tc.change()); after == before {
				t.Errorf("the image key is %s before and after %s changed", after, tc.name)
			}
		})
	}
	// A link out of what the sandbox shows is an error, not a key.
	outside := filepath.Join(t.TempDir(), "x.lisp")
	if err := os.WriteFile(outside, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "out.lisp")); err != nil {
		t.Fatal(err)
	}
	if k, err := ImageKey(base, env, "SBCL 2.2.9"); err == nil {
		t.Errorf("ImageKey = %s, want an error for a link out of the bot's folder", k)
	}
}
