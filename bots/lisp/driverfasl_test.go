package lisp

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/bots"
)

// TestCompiledDriver compiles the driver once into a folder and plays a
// sample's game loading it; a driver file that does not load (another
// SBCL's, or not a fasl) leaves the bot to compile the driver's source, as
// a bot without one does.
func TestCompiledDriver(t *testing.T) {
	requireSBCL(t)
	t.Parallel()
	dir := t.TempDir()
	fasl, err := CompileDriver(t.Context(), "sbcl", sbclVersion(t), dir)
	if err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(fasl)
	if err != nil {
		t.Fatal(err)
	}
	if again, err := CompileDriver(t.Context(), "sbcl", sbclVersion(t), dir); err != nil || again != fasl {
		t.Fatalf("again: %q, %v; want %q", again, err, fasl)
	}
	if after, err := os.Stat(fasl); err != nil || !after.ModTime().Equal(before.ModTime()) || before.Mode().Perm() != 0o444 {
		t.Errorf("the second call wrote the driver again, or it is not read-only: %v, %v", before.Mode(), err)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, "driver.build-*")); len(leftovers) > 0 {
		t.Errorf("left behind: %q", leftovers)
	}
	junk := filepath.Join(dir, "junk.fasl")
	if err := os.WriteFile(junk, []byte("not a fasl\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	// A bot falls back to the source when the file does not load, and
	// plays either way: that this SBCL loads the compiled one is checked
	// here, by loading it alone.
	for file, loads := range map[string]bool{fasl: true, junk: false} {
		load := exec.CommandContext(t.Context(), "sbcl", "--noinform", "--no-sysinit", "--no-userinit", "--disable-debugger", "--non-interactive",
			"--eval", `(load "`+lispEscape(file)+`")`, "--eval", `(sb-ext:exit :code (if (find-package "ARENA-DRIVER") 0 3))`)
		if out, err := load.CombinedOutput(); (err == nil) != loads {
			t.Errorf("sbcl loading %s alone: %v, want it to load: %v\n%s", filepath.Base(file), err, loads, out)
		}
	}
	for _, tc := range []struct{ name, driver string }{{"compiled", fasl}, {"not a fasl", junk}} {
		t.Run(tc.name, func(t *testing.T) {
			c := samples[0].cfg
			c.Driver = tc.driver
			if args := strings.Join(Args(c), " "); !strings.Contains(args, " driver="+tc.driver) {
				t.Errorf("Args lacks driver=: %s", args)
			}
			// Started before the game, as the package's other games
			// are: on a busy machine, compiling the driver's source may
			// outlast the game clock's start.
			a, _ := startAdapter(t, c)
			playGame(t, 3, bots.Local(a), greedy{})
		})
	}
}

// TestImageKeyLeavesOutTheDriver: where the compiled driver is kept is no
// part of a saved image's key (the driver's source is).
func TestImageKeyLeavesOutTheDriver(t *testing.T) {
	c := samples[0].cfg
	plain, err := ImageKey(c, nil, "SBCL 1")
	if err != nil {
		t.Fatal(err)
	}
	c.Driver = "/cache/driver-1.fasl"
	if with, err := ImageKey(c, nil, "SBCL 1"); err != nil || with != plain {
		t.Errorf("the key with a driver %q (%v), without %q", with, err, plain)
	}
}

// sbclVersion is `sbcl --version`, for CompileDriver.
func sbclVersion(t testing.TB) string {
	t.Helper()
	v, err := SBCLVersion("sbcl")
	if err != nil {
		t.Fatal(err)
	}
	return v
}
