package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// reexecEnv marks the test binary run again from a directory open to
// others.
const reexecEnv = "ARENA_TEST_OPEN_COPY"

// reexecFromOpenDir runs the test binary again from a copy in a directory
// that others may enter, and returns its exit code; ok is false in that
// copy, which runs the tests itself. The test binary is arena here (the
// built-in bots, the launcher), and sandboxed bots run as an unprivileged
// user, who cannot reach go test's own directory.
func reexecFromOpenDir() (code int, ok bool) {
	if os.Getenv(reexecEnv) != "" {
		return 0, false
	}
	fail := func(err error) (int, bool) {
		os.Stderr.WriteString("copying the test binary: " + err.Error() + "\n")
		return 1, true
	}
	self, err := os.Executable()
	if err != nil {
		return fail(err)
	}
	data, err := os.ReadFile(self)
	if err != nil {
		return fail(err)
	}
	dir, err := os.MkdirTemp("", "arena-cmd-test-")
	if err != nil {
		return fail(err)
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, filepath.Base(self))
	if err := os.Chmod(dir, 0o755); err != nil {
		return fail(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		return fail(err)
	}
	cmd := exec.Command(bin, os.Args[1:]...)
	cmd.Env = append(os.Environ(), reexecEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return exit.ExitCode(), true
	case err != nil:
		return fail(err)
	}
	return 0, true
}

// openTempDir returns a temporary directory that others may enter, removed
// at the end of the test: a sandboxed bot in it runs as an unprivileged
// user (the parent of t.TempDir is closed to others).
func openTempDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "arena-cmd-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}
