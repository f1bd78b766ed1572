package repocheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// root is the repository root, seen from this package's folder.
const root = "../.."

// testScript is the script that sets up and runs the tests: README's test
// command, which CI runs too.
const testScript = ".ci/test"

// commandLines returns the lines of the file at path (relative to the
// root) that start with prefix once a comment is cut off, trimmed.
func commandLines(t *testing.T, path, prefix string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for line := range strings.Lines(string(data)) {
		cmd, _, _ := strings.Cut(line, "#")
		if cmd = strings.TrimSpace(cmd); strings.HasPrefix(cmd, prefix) {
			lines = append(lines, cmd)
		}
	}
	return lines
}

// TestCIRunsREADMETestCommand checks that README's test command is the
// test script, that CI runs it, and that the script tests every package:
// with the race detector but those that start no goroutine (single).
func TestCIRunsREADMETestCommand(t *testing.T) {
	if got := commandLines(t, "README.md", testScript); len(got) == 0 || got[0] != testScript {
		t.Errorf("README.md's test command is %q, want %q", got, testScript)
	}
	if got := commandLines(t, ".ci/run", testScript); len(got) != 1 || got[0] != testScript {
		t.Errorf(".ci/run runs %q, want exactly %q", got, testScript)
	}
	if got := commandLines(t, ".ci/run", "go test"); len(got) != 0 {
		t.Errorf(".ci/run runs %q itself, want only %s's", got, testScript)
	}
	want := []string{
		`go test -ldflags=-w -count=1 -timeout 40m $single &`,
		`go test -race -ldflags=-w -p $p -count=1 -timeout 40m $raced || rc=$?`,
	}
	if got := commandLines(t, testScript, "go test"); !slices.Equal(got, want) {
		t.Errorf("%s runs %q, want exactly %q", testScript, got, want)
	}
	// The run in the background fails the script as the other does.
	wantEnd := []string{`wait $unraced || rc=$?`, `exit $rc`}
	if got := append(commandLines(t, testScript, "wait "), commandLines(t, testScript, "exit ")...); !slices.Equal(got, wantEnd) {
		t.Errorf("%s ends with %q, want exactly %q", testScript, got, wantEnd)
	}
	wantRaced := `raced=$(go list $long ./... | grep -vxF -f <(go list $single))`
	if got := commandLines(t, testScript, "raced="); len(got) != 1 || got[0] != wantRaced {
		t.Errorf("%s sets raced as %q, want exactly %q", testScript, got, wantRaced)
	}
	// The long packages, tested first, must each be a package with tests:
	// go list would refuse a folder that is gone, and one that lost its
	// tests would only take a place in the order.
	for _, pkg := range scriptList(t, "long") {
		if tests, _ := filepath.Glob(filepath.Join(root, pkg, "*_test.go")); len(tests) == 0 {
			t.Errorf("%s tests %s first as one of the longest packages, and it has no tests: take it out of long", testScript, pkg)
		}
	}
	for _, pattern := range scriptList(t, "single") {
		dirs := []string{filepath.Join(root, strings.TrimSuffix(pattern, "/..."))}
		if strings.HasSuffix(pattern, "/...") {
			dirs = packageDirs(t, dirs[0])
		}
		for _, dir := range dirs {
			if at := goStatement(t, dir); at != "" {
				t.Errorf("%s tests %s without the race detector, and it starts a goroutine at %s: take it out of single", testScript, dir, at)
			}
		}
	}
}

// scriptList returns the words of the test script's variable name, set
// once as name="word word...".
func scriptList(t *testing.T, name string) []string {
	t.Helper()
	lines := commandLines(t, testScript, name+"=")
	if len(lines) != 1 {
		t.Fatalf("%s sets %s %d times, want once", testScript, name, len(lines))
	}
	return strings.Fields(strings.Trim(strings.TrimPrefix(lines[0], name+"="), `"`))
}

// packageDirs returns dir and the folders below it that hold Go files.
func packageDirs(t *testing.T, dir string) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if files, _ := filepath.Glob(filepath.Join(path, "*.go")); len(files) > 0 {
			dirs = append(dirs, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// goStatement returns where the first go statement of the package's
// non-test files in dir is, or "".
func goStatement(t *testing.T, dir string) string {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		at := ""
		ast.Inspect(f, func(n ast.Node) bool {
			if g, ok := n.(*ast.GoStmt); ok && at == "" {
				at = fset.Position(g.Pos()).String()
			}
			return at == ""
		})
		if at != "" {
			return at
		}
	}
	return ""
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

// readmeLines is the front door's budget: README says what arena is, the
// two commands and a walk through the main commands; the rest is in docs/.
const readmeLines = 250

// TestREADMEFits checks that README stays within its budget.
func TestREADMEFits(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n > readmeLines {
		t.Errorf("README.md has %d lines, its budget %d: move detail into docs/", n, readmeLines)
	}
}
