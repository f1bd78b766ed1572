package repocheck

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// root is the repository root, seen from this package's folder.
const root = "../.."

// readmeTestCommand returns the `go test` line of README's two commands.
func readmeTestCommand(t *testing.T) string {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if cmd, _, _ := strings.Cut(sc.Text(), "#"); strings.HasPrefix(cmd, "go test ") {
			return strings.TrimSpace(cmd)
		}
	}
	t.Fatal("README.md has no `go test` command")
	return ""
}

func TestCIRunsREADMETestCommand(t *testing.T) {
	want := readmeTestCommand(t)
	data, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	var tests []string
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); strings.HasPrefix(line, "go test ") {
			tests = append(tests, line)
		}
	}
	if len(tests) != 1 || tests[0] != want {
		t.Errorf(".ci/run runs %q, want exactly README's %q", tests, want)
	}
}

func TestGoModTidy(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to run go mod tidy -diff")
	}
	cmd := exec.Command(gobin, "mod", "tidy", "-diff")
	cmd.Dir = root
	// Offline: every module tidy needs is in the module cache after a build
	// and test of ./...; a cache that lacks one is no verdict on go.mod.
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if err != nil && strings.Contains(string(out), "GOPROXY=off") {
		t.Skipf("go mod tidy needs modules that are not in the module cache: %s", firstLine(out))
	}
	if err != nil {
		t.Errorf("go mod tidy -diff: %v; run go mod tidy:\n%s", err, out)
	}
}

func TestBuildOutputsIgnored(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git command on PATH")
	}
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		t.Skip("not a git checkout")
	}
	for _, tc := range []struct {
		path    string
		ignored bool
	}{
		{"bin/arena", true},         // go build -o bin/arena ./cmd/arena
		{"arena/arena", true},       // go build -o arena ./cmd/arena
		{"arena/newfile.go", false}, // the arena package itself
		{"cmd/arena/main.go", false},
	} {
		cmd := exec.Command(git, "check-ignore", "-q", "--no-index", tc.path)
		cmd.Dir = root
		err := cmd.Run()
		if got := err == nil; got != tc.ignored {
			t.Errorf("git check-ignore %s: ignored %v, want %v (%v)", tc.path, got, tc.ignored, err)
		}
	}
}

// firstLine returns the first line of out.
func firstLine(out []byte) string {
	line, _, _ := strings.Cut(string(out), "\n")
	return line
}
