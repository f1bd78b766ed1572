package testbin

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// Environment variables of a test binary that another one started.
const (
	// TestbotEnv names the test bot's path, which Testbot then returns
	// without building.
	TestbotEnv = "ARENA_TESTBOT"
	// asUserEnv, set, says that the test binary runs as the unprivileged
	// user AsUser started it as.
	asUserEnv = "ARENA_TEST_AS_USER"
)

// AsUser runs the tests of the running test binary that match pattern
// again, as an ordinary user (nobody), and returns their verbose output. It
// skips the test when not root, or when this binary already runs as that
// user. The binary and a link of testbot go in a fresh directory open to
// everyone (t.TempDir's parent is closed to others); the test bot's path
// reaches the tests through TestbotEnv.
func AsUser(t *testing.T, testbot, pattern string) string {
	t.Helper()
	switch {
	case os.Getenv(asUserEnv) != "":
		t.Skip("running as the user already")
	case os.Geteuid() != 0:
		t.Skip("not root: the other tests run as this user already")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "arena-as-user-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, filepath.Base(self))
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	// nobody reaches the test bot by its path, unlike a bot's uid when
	// arena runs as root: a link of it goes in the open directory.
	bot := filepath.Join(dir, "testbot")
	if err := os.Link(testbot, bot); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run", pattern, "-test.v")
	cmd.Env = []string{asUserEnv + "=1", TestbotEnv + "=" + bot, "PATH=/usr/bin:/bin", "TMPDIR=/tmp"}
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534, Groups: []uint32{}}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
	t.Logf("as nobody:\n%s", out)
	return string(out)
}

// TestbotFor returns Testbot's path, failing t where it cannot be built.
func TestbotFor(t testing.TB) string {
	t.Helper()
	bot, err := Testbot()
	if err != nil {
		t.Fatal(err)
	}
	return bot
}
