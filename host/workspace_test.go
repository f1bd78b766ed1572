//go:build linux

package host

import (
	"context"
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/internal/testbin"
)

// TestWorkspaceCopyOnWrite starts a script bot whose folder is its
// workspace (as a Lisp submission's): it writes log.dat beside its files,
// rewrites a file handed in and writes in a folder handed in, and reads
// them back in its sandbox, and the folder stays byte for byte as it was
// handed in. The same folder as one of its files only is
// read-only.
func TestWorkspaceCopyOnWrite(t *testing.T) {
	for _, tc := range []struct {
		name      string
		workspace bool
		want      string
	}{
		{"workspace", true, `beside: wrote and read log.dat "written by the bot\n", jogo.lisp "written by the bot\n", sub/log.dat "written by the bot\n"`},
		{"files only", false, "read-only file system"},
	} {
		t.Run(tc.name, func(t *testing.T) { testWorkspace(t, tc.workspace, tc.want) })
	}
}

// testWorkspace plays the script bot of TestWorkspaceCopyOnWrite, its
// folder a workspace or not, and checks that its log says want.
func testWorkspace(t *testing.T, workspace bool, want string) {
	dir := filepath.Join(t.TempDir(), "submission")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(testbot)
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "run.sh")
	files := map[string]string{
		"bot":        string(data),
		"run.sh":     "#!/bin/sh\nexec " + filepath.Join(dir, "bot") + " beside " + dir + "\n",
		"jogo.lisp":  "(defun jogar (estado tempo) estado)\n",
		"sub/x.lisp": ";; a file below\n",
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	before := treeSums(t, dir)
	spec := testSpec("beside")
	spec.Name, spec.Path, spec.Args = "beside", script, nil
	spec.Files = []string{dir}
	if workspace {
		spec.Workspace = dir
	}
	p := startTest(t, spec)
	var log string
	for i := 0; i < 5 && !strings.Contains(log, "beside:"); i++ {
		ctx, cancel := context.WithCancel(t.Context())
		reply, err := p.Jogar(ctx, request(4*time.Second))
		cancel()
		if err != nil {
			t.Fatalf("Play: %v", err)
		}
		log += reply.Log
	}
	if !strings.Contains(log, want) {
		t.Errorf("the bot's log %q does not say %q", log, want)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	after := treeSums(t, dir)
	if len(after) != len(before) {
		t.Errorf("the submission holds %d files after the game, %d before: %v", len(after), len(before), after)
	}
	for name, sum := range before {
		if after[name] != sum {
			t.Errorf("%s changed", name)
		}
	}
}

// TestWorkspaceAsUser runs the workspace test again as an ordinary user
// (nobody).
func TestWorkspaceAsUser(t *testing.T) {
	out := testbin.AsUser(t, testbot, "^TestWorkspaceCopyOnWrite$")
	if !strings.Contains(out, "--- PASS: TestWorkspaceCopyOnWrite/workspace") {
		t.Errorf("as nobody, the workspace was not checked:\n%s", out)
	}
}

// treeSums returns the sha256 of every file under dir, by relative path.
func treeSums(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	sums := map[string][32]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		sums[rel] = sha256.Sum256(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sums
}
