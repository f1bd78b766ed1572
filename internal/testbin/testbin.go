// Package testbin builds the binaries that tests start as real processes,
// arena itself, the test bot (host/internal/testbot) and the floor
// benchmarks' child (arena/bench/internal/floorchild), once for the whole
// test run: every test package that needs one gets the same file, built by
// the first package that asked. It is for tests only.
//
// A binary is kept in a directory named by a hash of the module's files (its
// Go sources and every file they may embed), hashed once per test process,
// so that a change to any of them builds it anew, and packages tested at the
// same time (go test runs them in parallel) wait for one build under a file
// lock instead of building the same binary each.
package testbin

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// Arena returns the path of arena's binary (cmd/arena), built once, with
// the launcher alone (cmd/arena-launch) and the built-in bots alone
// (cmd/arena-bot) beside it, where arena finds them.
func Arena() (string, error) {
	// One key for the three, so that a source edited while they build
	// cannot put arena in a directory without its helpers.
	dir, err := keyDir()
	if err != nil {
		return "", err
	}
	for _, name := range []string{"arena-launch", "arena-bot"} {
		if _, err := build(dir, name, "cmd/"+name); err != nil {
			return "", err
		}
	}
	return build(dir, "arena", "cmd/arena")
}

// HelpersBeside puts arena's launcher and built-in bots alone (see Arena)
// in the directory of the test binary exe, where host.Beside finds them, as
// beside an installed arena: a test binary that stands in for arena then
// starts its built-in bots and launchers from binaries built without the
// race detector, in a fraction of its own time. It returns the function
// that removes them.
func HelpersBeside(exe string) (remove func(), err error) {
	arena, err := Arena()
	if err != nil {
		return nil, err
	}
	var made []string
	remove = func() {
		for _, p := range made {
			os.Remove(p)
		}
	}
	for _, name := range []string{"arena-launch", "arena-bot"} {
		to := filepath.Join(filepath.Dir(exe), name)
		if _, err := os.Lstat(to); err == nil {
			continue // one there already (a test binary built with -c beside arena's): left as it is
		}
		made = append(made, to)
		if err := copyExecutable(filepath.Join(filepath.Dir(arena), name), to); err != nil {
			remove()
			return nil, err
		}
	}
	return remove, nil
}

// Testbot returns the path of the test bot's binary (host/internal/testbot),
// built once, or the one named in TestbotEnv (by a test binary that started
// this one).
func Testbot() (string, error) {
	if bot := os.Getenv(TestbotEnv); bot != "" {
		return bot, nil
	}
	dir, err := keyDir()
	if err != nil {
		return "", err
	}
	return build(dir, "testbot", "host/internal/testbot")
}

// CopyTestbot copies the test bot's binary (see Testbot) to dir/testbot,
// executable, and returns that path. A test that looks for its bots'
// leftover processes by the file they run needs a copy of its own: other
// packages' tests run the shared binary meanwhile.
func CopyTestbot(dir string) (string, error) {
	built, err := Testbot()
	if err != nil {
		return "", err
	}
	bot := filepath.Join(dir, "testbot")
	if err := copyExecutable(built, bot); err != nil {
		return "", err
	}
	return bot, nil
}

// copyExecutable copies the file from to a new executable file to: a copy,
// not a link, which would need both on one file system.
func copyExecutable(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return fmt.Errorf("testbin: %w", err)
	}
	if err := os.WriteFile(to, data, 0o755); err != nil {
		return fmt.Errorf("testbin: %w", err)
	}
	return nil
}

// FloorChild returns the path of the floor benchmarks' child
// (arena/bench/internal/floorchild), a plain Go program, built once.
func FloorChild() (string, error) {
	dir, err := keyDir()
	if err != nil {
		return "", err
	}
	return build(dir, "floorchild", "arena/bench/internal/floorchild")
}

// staleAfter is how long the binaries of other sources must have gone
// unused (keyDir marks a directory used) before a new build removes them:
// another checkout may be testing with them now. Each version of the
// sources tested leaves about 100 MB, a day of edits tens of gigabytes.
const staleAfter = 2 * time.Hour

// keyDir returns the directory of the binaries of this version of the
// sources, made if needed.
func keyDir() (string, error) {
	key, err := processKey()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("arena-testbin-%d", os.Getuid()), key)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("testbin: %w", err)
	}
	now := time.Now() // used now: not stale (see removeStale)
	_ = os.Chtimes(dir, now, now)
	return dir, nil
}

// processKey is the sources' key (see sourceKey), hashed once per test
// process: hashing them took 40 ms of CPU time a call (80 under the race
// detector), and a package's tests call for a binary dozens of times. A
// test process so runs the binaries of the sources as they were at its
// first call, whatever is edited while it runs.
var processKey = sync.OnceValues(func() (string, error) {
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	key, err := sourceKey(root)
	if err != nil {
		return "", fmt.Errorf("testbin: hashing the sources: %w", err)
	}
	return key, nil
})

// build returns the binary name, in dir (see keyDir), of the package at pkg
// (relative to the module's root), building it if dir has none yet.
func build(dir, name, pkg string) (string, error) {
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	unlock, err := lock(filepath.Join(dir, ".lock"))
	if err != nil {
		return "", err
	}
	defer unlock()
	bin := filepath.Join(dir, name)
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	removeStale(filepath.Dir(dir), filepath.Base(dir))
	tmp := bin + ".building"
	cmd := exec.Command("go", "build", "-o", tmp, "./"+pkg)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("testbin: building %s: %v\n%s", pkg, err, out)
	}
	if err := os.Rename(tmp, bin); err != nil {
		return "", fmt.Errorf("testbin: %w", err)
	}
	return bin, nil
}

// moduleRoot returns the module's root directory, two levels above this
// file.
func moduleRoot() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", errors.New("testbin: cannot locate the module's sources")
	}
	return filepath.Join(filepath.Dir(file), "..", ".."), nil
}

// sourceKey hashes what the binaries are built from: the Go version and
// every file of the module (paths and contents), skipping hidden directories
// and testdata. Every file, not only .go: a binary embeds others (the Lisp
// adapter's driver, the pages' assets, the games' samples), and a binary
// built before one of them changed must not be taken for a new one.
func sourceKey(root string) (string, error) {
	h := sha256.New()
	fmt.Fprintln(h, runtime.Version())
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil // gone since its folder was read: no source
		}
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		f, err := os.Open(path)
		if errors.Is(err, fs.ErrNotExist) {
			// A file something else (a command run in the clone) wrote
			// and removed meanwhile: not a source, since every file a
			// binary embeds is in the tree for the whole build.
			return nil
		}
		if err != nil {
			return err
		}
		defer f.Close()
		fmt.Fprintf(h, "%s\x00", rel)
		_, err = io.Copy(h, f)
		return err
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// lock takes an exclusive flock on path, waiting for it, and returns its
// release.
func lock(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("testbin: %w", err)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("testbin: locking %s: %w", path, err)
	}
	return func() { f.Close() }, nil
}

// removeStale removes the binaries of other sources than key that no test
// used for staleAfter.
func removeStale(base, key string) {
	entries, err := os.ReadDir(base)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.Name() == key {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > staleAfter {
			_ = os.RemoveAll(filepath.Join(base, e.Name()))
		}
	}
}
